/**
 * The search entries of a reference page's outline (Outline.tsx), as the local search's own parser
 * (`parse` of @easyops-cn/docusaurus-search-local, the reference pages being indexed as blog posts:
 * config/search.ts) makes them from the server-rendered markup: one entry per tag and per operation,
 * each holding its own words only. A tag's entry that also held its operations' paths came up beside
 * each operation's, a second suggestion for the same thing (typing `itineraryrefresh` found
 * "FlightsService" with the refresh's path besides the refresh itself).
 */
import {createRequire} from 'node:module';
import mini from '@portal/specs/lib/fixtures/mini.openapi.json';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import type {ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it, vi} from 'vitest';
import {searchOptions} from '../../../../../config/search';
import {outlineOf} from '../../outline';
import Outline from './Outline';

// Docusaurus's Heading (theme-classic) needs the site's context: this one writes the markup the search
// reads from it, the heading with its id and the `a.hash-link` to it.
vi.mock('@theme/Heading', () => ({
  default: ({as: Tag, id, className, children}: {as: 'h1'; id?: string; className?: string; children: ReactNode}) => (
    <Tag id={id} className={className}>
      {children}
      {id && (
        <a className="hash-link" href={`#${id}`}>
          {'\u200b'}
        </a>
      )}
    </Tag>
  ),
}));

interface Section {
  title: string;
  hash: string;
  content: string;
}

const {parse} = createRequire(import.meta.url)(
  '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse',
) as {
  parse: (html: string, type: string, url: string, options: object) => {pageTitle: string; sections: Section[]};
};

/** The search entries of an API's reference page: its title and a section per heading. */
function entriesOf(slug: string, doc: OpenApiDocument) {
  const html = `<html><body><main>${renderToStaticMarkup(<Outline outline={outlineOf(slug, doc)} />)}</main></body></html>`;
  return parse(html, 'blog', `/api/${slug}/`, {ignoreCssSelectors: searchOptions.ignoreCssSelectors});
}

describe('the search entries of a reference outline', () => {
  it('are the title, then one entry per tag holding its description and one per operation holding its call', () => {
    const {pageTitle, sections} = entriesOf('mini', mini as unknown as OpenApiDocument);
    expect(pageTitle).toBe('Mini Trips v1');
    const byHash = new Map(sections.map((section) => [section.hash, section]));
    expect(byHash.get('#tag/TripService')).toEqual({title: 'TripService', hash: '#tag/TripService', content: 'Trips.'});
    expect(byHash.get('#tag/PlaceService')?.content).toBe('Places.');
    const getTrip = byHash.get('#tag/TripService/operation/TripService_GetTrip')!;
    expect(getTrip.title).toBe('Get a trip (GetTrip)');
    expect(getTrip.content).toContain('GET /v1/trips/{tripId}');
    expect(getTrip.content).toContain('TripService_GetTrip · v1 trips tripId');
    expect(byHash.get('#operation/TripService_GetTrip')?.title).toMatch(
      /^Fields and values of TripService_GetTrip: tripId/,
    );
  });

  it("put each operation's path in its own entry only, never also in its tag's", () => {
    const doc = mini as unknown as OpenApiDocument;
    const {sections} = entriesOf('mini', doc);
    const operations = outlineOf('mini', doc).tags.flatMap((tag) => tag.operations);
    expect(operations.length).toBeGreaterThan(2);
    for (const operation of operations) {
      const holding = sections.filter((section) => section.content.includes(operation.operationId));
      expect(
        holding.map((section) => section.hash),
        operation.operationId,
      ).toEqual([`#${operation.anchor}`]);
    }
  });

  it('find the two itinerary refresh calls once each for "itineraryrefresh", and nothing else', () => {
    const slug = 'flights-live-pricing';
    const {sections} = entriesOf(slug, loadBundles().get(slug)!);
    const found = sections.filter((section) => `${section.title} ${section.content}`.includes('itineraryrefresh'));
    expect(found.map((section) => section.title)).toEqual([
      "Refresh an itinerary's prices (CreateItineraryRefresh)",
      'Poll an itinerary refresh (PollItineraryRefresh)',
    ]);
  });
});
