/**
 * The check "spec prose states the schema's limits": every limit the descriptions, summaries and notes of a
 * specification state ("1 to 50", "at most 200 ids") is a bound of the field it is about
 * (lib/descriptionLimits.ts). A failure names the source file and line to edit.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  CHECK_API_SLUG,
  descriptionLimitProblems,
  loadBundles,
  loadCheckApi,
  locatedProblems as located,
  statedLimits,
  type OpenApiDocument,
} from '@portal/specs/node';

const specs = loadBundles();
// The portal's own API (specs/check-api) follows the same rule, though it is none of the thirteen
const checked = new Map([...specs, [CHECK_API_SLUG, loadCheckApi()]]);

/** The texts of a document the check reads, to count its limits. */
function texts(doc: OpenApiDocument): string[] {
  const found: string[] = [];
  const walk = (node: unknown, key: string): void => {
    if (typeof node === 'string' && ['description', 'summary'].includes(key)) found.push(node);
    else if (node && typeof node === 'object' && !['example', 'examples', 'x-codeSamples'].includes(key))
      for (const [name, value] of Object.entries(node)) walk(value, name);
  };
  walk(doc, '');
  return found;
}

/**
 * The lines of specs/hotels-live/openapi.yaml that state initialPageSize's maximum of 50, with the words the
 * check quotes, read from the file (so a line added above them moves the expectation with them).
 */
const hotelsLinesSaying50 = (): [number, string][] =>
  fs
    .readFileSync(path.join(__dirname, '..', 'hotels-live', 'openapi.yaml'), 'utf8')
    .split('\n')
    .flatMap((line, index): [number, string][] => {
      const said = /1 to 50 \(at most 50\)|1 to 50|at most 50/.exec(line)?.[0];
      return said ? [[index + 1, said]] : [];
    });

describe('spec prose states the schema limits', () => {
  for (const [slug, doc] of checked) {
    it(`${slug}: every limit its prose states is a bound of its field`, () => {
      expect(located(slug, descriptionLimitProblems(slug, doc))).toEqual([]);
    });
  }

  it('reads the limits of the prose (a check of nothing would pass)', () => {
    const count = [...specs.values()].flatMap(texts).flatMap((text) => statedLimits(text)).length;
    expect(count).toBeGreaterThanOrEqual(70);
  });

  it('names the file and line of each sentence a changed limit leaves behind, until they are changed too', () => {
    // The maintainer lowers hotels live's initialPageSize maximum from 50 to 40 in the schema only
    const doc = structuredClone(specs.get('hotels-live')!);
    const property = doc.components!.schemas!.HotelsLiveSearchCreateRequest.properties!.initialPageSize;
    expect(property.maximum).toBe(50);
    property.maximum = 40;
    expect(located('hotels-live', descriptionLimitProblems('hotels-live', doc))).toEqual([
      ...hotelsLinesSaying50().map(
        ([line, said]) =>
          `specs/hotels-live/openapi.yaml:${line}: "${said}" for \`initialPageSize\`, but its schema says 1 to 40`,
      ),
    ]);
    // ... then corrects the four sentences: the check passes
    const corrected = JSON.parse(
      JSON.stringify(doc)
        .replace(/\(at most 50\)/g, '(at most 40)')
        .replace(/1 to 50/g, '1 to 40'),
    ) as OpenApiDocument;
    expect(descriptionLimitProblems('hotels-live', corrected)).toEqual([]);
  });
});
