/**
 * Formats a price of the APIs for display, exactly as the culture currencies guide explains: the
 * amount (a 64-bit integer in a string) divided by its unit's factor with integer arithmetic,
 * rounded half away from zero to the currency's decimal digits, grouped by threes with the
 * thousands separator, and placed with the symbol as the currency's fields say.
 */

/** The formatting fields of a currency, as the culture API's currencies call returns them. */
export interface CurrencyFormat {
  code: string;
  symbol: string;
  thousandsSeparator: string;
  decimalSeparator: string;
  symbolOnLeft: boolean;
  spaceBetweenAmountAndSymbol: boolean;
  decimalDigits: number;
}

/** How many units of each price unit make one whole unit of the currency. */
export const unitFactors = {
  PRICE_UNIT_WHOLE: 1n,
  PRICE_UNIT_CENTI: 100n,
  PRICE_UNIT_MILLI: 1000n,
  PRICE_UNIT_MICRO: 1000000n,
} as const;

export type PriceUnit = keyof typeof unitFactors;

export class PriceFormatError extends Error {}

/** Returns the formatted price, or null when the amount is empty (the API's "no price"). */
export function formatPrice(amount: string, unit: string, currency: CurrencyFormat): string | null {
  if (amount === '') return null;
  if (!/^-?\d{1,19}$/.test(amount)) throw new PriceFormatError(`"${amount}" is not a 64-bit integer amount`);
  if (!(unit in unitFactors))
    throw new PriceFormatError(`${unit || 'An empty unit'} is not a price unit with a factor`);
  const digits = currency.decimalDigits;
  if (!Number.isInteger(digits) || digits < 0 || digits > 6) {
    throw new PriceFormatError('decimalDigits must be a whole number from 0 to 6');
  }
  const factor = unitFactors[unit as PriceUnit];
  const value = BigInt(amount);
  const negative = value < 0n;
  const scale = 10n ** BigInt(digits);
  const scaled = (negative ? -value : value) * scale;
  let rounded = scaled / factor;
  if ((scaled % factor) * 2n >= factor) rounded += 1n;

  const whole = (rounded / scale).toString();
  const fraction = (rounded % scale).toString().padStart(digits, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, currency.thousandsSeparator);
  const number = digits > 0 ? `${grouped}${currency.decimalSeparator}${fraction}` : grouped;
  const space = currency.spaceBetweenAmountAndSymbol ? ' ' : '';
  const placed = currency.symbolOnLeft ? `${currency.symbol}${space}${number}` : `${number}${space}${currency.symbol}`;
  return negative ? `-${placed}` : placed;
}
