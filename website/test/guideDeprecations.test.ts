/**
 * The check "guide examples use nothing deprecated unmarked" (config/guideDeprecations.ts).
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, type OpenApiDocument} from '@portal/specs/node';
import {guideDeprecationProblems} from '../config/guideDeprecations';
import {guidePages, type GuidePage} from '../config/guideProse';

const bundles = loadBundles();
const page = (source: string[]): GuidePage[] => [{file: 'docs/sample.mdx', source: source.join('\n')}];

/** A create body of the flights live search, with `includeBaggageData` (deprecated in the spec). */
const withBaggage = JSON.stringify({
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    adults: 1,
    cabinClass: 'CABIN_CLASS_ECONOMY',
    queryLegs: [
      {originPlaceId: {iata: 'LHR'}, destinationPlaceId: {iata: 'EDI'}, date: {year: 2027, month: 3, day: 12}},
    ],
    includeBaggageData: true,
  },
});

describe('guide examples use nothing deprecated unmarked', () => {
  it('holds for the guides', () => {
    expect(guideDeprecationProblems(bundles, guidePages())).toEqual([]);
  });

  it('names a body or code that sets a deprecated field, until it is marked and said', () => {
    const unmarked = page([
      '# Sample',
      '',
      '```json request=FlightsService_CreateSearch',
      withBaggage,
      '```',
      '',
      '```js',
      "const query = {market: 'UK', include_baggage_data: true};",
      'await fetch(`${process.env.API_BASE_URL}/apiservices/v3/flights/live/search/create`, {',
      "  method: 'POST', body: JSON.stringify({query}),",
      '});',
      '```',
    ]);
    expect(guideDeprecationProblems(bundles, unmarked)).toEqual([
      'docs/sample.mdx:3: uses the deprecated field query.includeBaggageData: use what replaces it, or mark the example (`deprecated` in its fence, and say so just before it)',
      'docs/sample.mdx:7: uses the deprecated field includeBaggageData of FlightsService_CreateSearch: use what replaces it, or mark the example (`deprecated` in its fence, and say so just before it)',
    ]);
    // The fence word alone is not enough: the reader is told too
    const flaggedOnly = page([
      '# Sample',
      '',
      '```json request=FlightsService_CreateSearch deprecated',
      withBaggage,
      '```',
    ]);
    expect(guideDeprecationProblems(bundles, flaggedOnly)).toHaveLength(1);
    const marked = page([
      '# Sample',
      '',
      '`includeBaggageData` is deprecated and does nothing; an old client may still send it:',
      '',
      '```json request=FlightsService_CreateSearch deprecated',
      withBaggage,
      '```',
    ]);
    expect(guideDeprecationProblems(bundles, marked)).toEqual([]);
  });

  it('names code that calls a deprecated operation, and a mark on an example that uses nothing deprecated', () => {
    const changed = new Map<string, OpenApiDocument>(bundles);
    const culture = structuredClone(bundles.get('culture')!);
    (culture.paths['/apiservices/v3/culture/currencies'].get as {deprecated?: boolean}).deprecated = true;
    changed.set('culture', culture);
    const calls = page([
      '# Sample',
      '',
      '```bash',
      'curl -sS "$API_BASE_URL/apiservices/v3/culture/currencies" -H "x-api-key: $API_KEY"',
      '```',
      '',
      '```bash deprecated',
      'curl -sS "$API_BASE_URL/apiservices/v3/culture/markets/en-GB" -H "x-api-key: $API_KEY"',
      '```',
    ]);
    expect(guideDeprecationProblems(changed, calls)).toEqual([
      'docs/sample.mdx:3: uses the deprecated operation CultureService_ListCurrencies: use what replaces it, or mark the example (`deprecated` in its fence, and say so just before it)',
      'docs/sample.mdx:7: is marked `deprecated` but uses nothing the specifications deprecate',
    ]);
    expect(guideDeprecationProblems(bundles, calls)).toEqual([
      'docs/sample.mdx:7: is marked `deprecated` but uses nothing the specifications deprecate',
    ]);
  });
});
