import {describe, expect, it} from 'vitest';
import {boxesAndLinks} from './notConfirmed';

const notConfirmedBoxes = (source: string) => boxesAndLinks(source).boxes;
const pageLinks = (source: string) => boxesAndLinks(source).links;

const page = [
  '---',
  'title: A page',
  '---',
  '',
  'See [the codes](./errors.mdx#error-codes) and [the reference](/api/geo/).',
  '',
  '<Assumption id="session-lifetime" because="The service gives no `lifetime`.">',
  '',
  'A session lasts',
  'a while. [Create a new one](#new) on a `404`.',
  '',
  '</Assumption>',
  '',
  '<Assumption>No id and no reason.</Assumption>',
  '',
  '```md',
  '<Assumption id="in-code" because="x">not a box</Assumption> [not a link](./x.mdx)',
  '```',
].join('\n');

describe('boxesAndLinks', () => {
  it('find each box with its id, reason, statement on one line and line, and none in code', () => {
    expect(notConfirmedBoxes(page)).toEqual([
      {
        id: 'session-lifetime',
        because: 'The service gives no `lifetime`.',
        statement: 'A session lasts a while. [Create a new one](#new) on a `404`.',
        line: 7,
      },
      {id: undefined, because: undefined, statement: 'No id and no reason.', line: 14},
    ]);
  });

  it('find every markdown link, inside boxes too, and none in code', () => {
    expect(pageLinks(page)).toEqual([
      {url: './errors.mdx#error-codes', line: 5},
      {url: '/api/geo/', line: 5},
      {url: '#new', line: 10},
    ]);
  });

  it('find nothing in a page without boxes or links', () => {
    expect(notConfirmedBoxes('# Title\n\nText.')).toEqual([]);
    expect(pageLinks('# Title\n\nText.')).toEqual([]);
  });
});
