import {createRequire} from 'node:module';
import lunr from 'lunr';
import {describe, expect, it} from 'vitest';
import {compactIndex} from './compactIndex';
import {indexFromDocuments, type SearchDocument} from './indexFromDocuments';

const documents: SearchDocument[] = [
  {i: 1, t: 'Create a search, then poll it until the status is complete.', u: '/docs/a', h: '#create'},
  {i: 2, t: 'Rate limits: retry with exponential backoff after a 429 answer.', u: '/docs/b', h: '#retry'},
  {i: 3, t: 'childrenAges lists the age of each child; PRICE_UNIT_MILLI prices.', u: '/api/x/', h: '#op'},
  {i: 4, t: 'Polling the searches: each poll returns the prices found so far.', u: '/docs/c', h: ''},
];
// The plugin's own build-time index builder (it has no type declarations), run with this site's
// options (config/search.ts).
const {buildIndex} = createRequire(import.meta.url)(
  '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex',
) as {buildIndex: (parts: SearchDocument[][], options: object) => {index: lunr.Index}[]};

const queries = ['poll', 'polling searches', 'price*', 'childrenages', 'exponential backoff', 'retry 429'];

describe('indexFromDocuments', () => {
  const [built] = buildIndex([documents], {
    language: ['en'],
    removeDefaultStopWordFilter: [],
    removeDefaultStemmer: false,
  });
  const shipped = JSON.parse(JSON.stringify(compactIndex([{documents, index: built.index}]))) as {
    documents: SearchDocument[];
  }[];
  const rebuilt = indexFromDocuments(lunr, shipped[0].documents);

  it('answers every query as the build-time index does, with the same scores and match positions', () => {
    const loaded = lunr.Index.load(JSON.parse(JSON.stringify(built.index)));
    for (const query of queries) {
      const expected = loaded.search(query);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(rebuilt.search(query), query).toEqual(expected);
    }
  });

  it('is shipped without the serialized index', () => {
    expect(shipped).toEqual([{documents}]);
  });
});
