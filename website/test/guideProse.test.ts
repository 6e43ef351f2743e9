/**
 * The check "guide prose agrees with the specs" (config/guideProse.ts): the limits the guides state, the
 * fields their field tables name and the enum values they name, against the bundled specifications,
 * each problem named by page and line.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, type OpenApiDocument} from '@portal/specs/node';
import {guidePages, guideProseProblems, statedLimitCount, unnamedLimits, type GuidePage} from '../config/guideProse';

const bundles = loadBundles();
const pages = guidePages();

/** The guides with one page's text changed (`from` must be on the page). */
function edited(file: string, from: string, to: string, on: GuidePage[] = pages): GuidePage[] {
  return on.map((page) => {
    if (page.file !== file) return page;
    expect(page.source, `${file} says "${from}"`).toContain(from);
    return {...page, source: page.source.replace(from, to)};
  });
}

/** The bundles with hotels live's initialPageSize at most `maximum`. */
function withPageSize(maximum: number): Map<string, OpenApiDocument> {
  const changed = new Map(bundles);
  const doc = structuredClone(bundles.get('hotels-live')!);
  doc.components!.schemas!.HotelsLiveSearchCreateRequest.properties!.initialPageSize.maximum = maximum;
  changed.set('hotels-live', doc);
  return changed;
}

describe('guide prose agrees with the specs', () => {
  it('every limit, field table and enum value of the guides agrees with the specifications', () => {
    expect(guideProseProblems(bundles, pages)).toEqual([]);
  });

  it('reads the limits of the guides (a check of nothing would pass)', () => {
    expect(statedLimitCount(bundles, pages)).toBeGreaterThanOrEqual(120);
  });

  it('names each line a changed limit leaves behind, until the guides say the new one', () => {
    const lowered = withPageSize(40);
    expect(guideProseProblems(lowered, pages)).toEqual([
      'docs/faqs.mdx:176: "at most 50" for `initialPageSize`, but its schema says 1 to 40',
      'docs/hotels-live-prices/overview.mdx:62: "1 to 50" for `initialPageSize`, but its schema says 1 to 40',
      // "Anything above 50 is rejected" names no field: it is held to the page's bounds, and 50 is none now
      'docs/hotels-live-prices/overview.mdx:84: "above 50" names no field, and no field of hotels-live has that bound: name the field it limits in code (`field`) or correct the number',
      'docs/hotels-live-prices/quick-start.mdx:35: "at most 50" for `initialPageSize`, but its schema says 1 to 40',
    ]);
    let finished = edited('docs/faqs.mdx', '`initialPageSize`, at most 50', '`initialPageSize`, at most 40');
    finished = edited('docs/hotels-live-prices/overview.mdx', '**1 to 50**', '**1 to 40**', finished);
    finished = edited('docs/hotels-live-prices/overview.mdx', 'above 50 is rejected', 'above 40 is rejected', finished);
    finished = edited('docs/hotels-live-prices/quick-start.mdx', 'is at most 50', 'is at most 40', finished);
    expect(guideProseProblems(lowered, finished)).toEqual([]);
  });

  it('catches prose that contradicts the spec: a wrong limit, a misspelt field in a table, a limit of the wrong API', () => {
    let wrong = edited('docs/hotels-live-prices/overview.mdx', '**1 to 50**', 'at most 100');
    wrong = edited('docs/hotels-live-prices/overview.mdx', '| `query.rooms` | No |', '| `query.roms` | No |', wrong);
    wrong = edited('docs/faqs.mdx', 'a pagination limit of at most 20.', 'a pagination limit of at most 200.', wrong);
    expect(guideProseProblems(bundles, wrong)).toEqual([
      'docs/faqs.mdx:176: "at most 200" names no field, and no field of hotels-reviews has that bound: name the field it limits in code (`field`) or correct the number',
      'docs/hotels-live-prices/overview.mdx:60: `query.roms` is not a field of hotels-live (did you mean `rooms`?)',
      'docs/hotels-live-prices/overview.mdx:62: "at most 100" for `initialPageSize`, but its schema says 1 to 50',
    ]);
  });

  it('catches an enum value no enum has, and takes a value that is one', () => {
    const wrong = edited('docs/getting-started/enums.mdx', '`CABIN_CLASS_ECONOMY`', '`CABIN_CLASS_ECONOMICAL`');
    expect(guideProseProblems(bundles, wrong)).toEqual([
      'docs/getting-started/enums.mdx:18: `CABIN_CLASS_ECONOMICAL` is not a value of CabinClass',
    ]);
    const right = edited('docs/getting-started/enums.mdx', '`CABIN_CLASS_ECONOMY`', '`CABIN_CLASS_FIRST`');
    expect(guideProseProblems(bundles, right)).toEqual([]);
  });

  it('holds a limit that names no field to the field unnamedLimits binds it to', () => {
    const entry = unnamedLimits.find((known) => known.page === 'docs/autosuggest/hotels.mdx')!;
    expect(entry.field).toBe('hotels-indicative destinationEntityIds');
    const changed = new Map(bundles);
    const doc = structuredClone(bundles.get('hotels-indicative')!);
    const request = JSON.stringify(doc).replace('"maxItems":200', '"maxItems":150');
    changed.set('hotels-indicative', JSON.parse(request) as OpenApiDocument);
    const source = pages.find((page) => page.file === entry.page)!.source;
    const line = source.slice(0, source.indexOf('A list holds at most 200 ids')).split('\n').length;
    expect(guideProseProblems(changed, pages)).toContain(
      `docs/autosuggest/hotels.mdx:${line}: "at most 200" for hotels-indicative destinationEntityIds, but its schema says 1 to 150 items, each at least 1 length`,
    );
  });

  it('fails on an entry of unnamedLimits its page no longer holds', () => {
    const gone = edited(
      'docs/hotels-live-prices/overview.mdx',
      '| 3 | 30 | 15 | 31 to 45 |',
      '| 3 | 30 | 15 | 31 and on |',
    );
    expect(guideProseProblems(bundles, gone)).toEqual([
      'docs/hotels-live-prices/overview.mdx: "31 to 45" of unnamedLimits (website/config/guideProse.ts) is no longer on the page',
    ]);
  });
});
