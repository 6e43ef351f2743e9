/**
 * The formatting fields of a currency (symbol, separators, decimal digits), as the culture API gives them:
 * asked of the sandbox in the page (sandbox.ts) with the culture API's own bundle, so a price is formatted
 * with the same data and the same function (`formatPrice` of the culture guide's PriceFormatter) a client
 * following the guides would use. Fetched once per page, on the first readable view (LiveResults.tsx).
 */
import {operations} from '@portal/specs';
import type {CurrencyFormat} from '../PriceFormatter/formatPrice';
import {fetchBundle} from './bundles';
import {sandboxKey} from './request';
import {askSandbox} from './sandbox';

let loaded: Promise<CurrencyFormat[]> | undefined;

/** Every currency the culture API lists, from the culture bundle at `cultureHref`. */
export function currencyFormats(cultureHref: string): Promise<CurrencyFormat[]> {
  loaded ??= (async () => {
    const doc = await fetchBundle(cultureHref);
    const list = operations('culture', doc).find(
      (operation) => operation.operationId === 'CultureService_ListCurrencies',
    );
    if (!list) throw new Error('The culture API has no CultureService_ListCurrencies');
    const answer = await askSandbox(
      'culture',
      doc,
      new Request(new URL(list.path, window.location.origin), {headers: {'x-api-key': sandboxKey}}),
    );
    if (!answer.ok) throw new Error(`${list.path} answered ${answer.status}`);
    return ((await answer.json()) as {currencies?: CurrencyFormat[]}).currencies ?? [];
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
