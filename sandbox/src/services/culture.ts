/**
 * Culture: currencies, locales, markets and the nearest culture, from the CLDR data written down in
 * data/culture.json (data/culture.ts).
 */
import {currencies, currency, defaultCulture, locales, markets} from '../data/culture';
import type {ApiHandlers, Handler} from './types';

const listCurrencies: Handler<'CultureService_ListCurrencies'> = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  currencies: call.behaviour === 'empty' ? [] : currencies(),
});
const listLocales: Handler<'CultureService_ListLocales'> = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  locales: call.behaviour === 'empty' ? [] : locales(),
});
const listMarkets: Handler<'CultureService_ListMarkets'> = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  markets: call.behaviour === 'empty' ? [] : markets(call.params.locale),
});
const nearestCulture: Handler<'CultureService_NearestCulture'> = () => {
  const market = markets(defaultCulture.locale).find((candidate) => candidate.code === defaultCulture.market)!;
  return {
    status: 'RESULT_STATUS_COMPLETE',
    market,
    locale: locales().find((candidate) => candidate.code === defaultCulture.locale) ?? {
      code: defaultCulture.locale,
      name: 'English (United Kingdom)',
    },
    currency: currency(defaultCulture.currency)!,
  };
};

export const handlers = {
  CultureService_ListCurrencies: listCurrencies,
  CultureService_ListLocales: listLocales,
  CultureService_ListMarkets: listMarkets,
  CultureService_NearestCulture: nearestCulture,
} satisfies ApiHandlers<'culture'>;
