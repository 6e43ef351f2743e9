/**
 * What the price formatter (./index.tsx) starts with: the culture API's example currencies, and a price of
 * `123450` in `PRICE_UNIT_MILLI` in GBP. Its markdown form (./markdown.ts) gives the same start and the
 * price it formats to. No React here.
 */
import currenciesExample from '@portal/specs/culture/examples/currencies.json';
import type {CurrencyFormat} from './formatPrice';

/** The currencies a reader picks from: the culture API's example of its currencies call. */
export const exampleCurrencies: CurrencyFormat[] = currenciesExample.value.currencies;

/** The formatter's first price. */
export const startingPrice = {amount: '123450', unit: 'PRICE_UNIT_MILLI', currency: 'GBP'} as const;

/** The currency the formatter starts with (GBP, else the first). */
export const startingCurrency: CurrencyFormat =
  exampleCurrencies.find((currency) => currency.code === startingPrice.currency) ?? exampleCurrencies[0];
