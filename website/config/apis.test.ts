/**
 * The list of APIs (apis.ts) is data: checked against the seeds' list (test-utils/seed.ts), against
 * the specifications' list (specs/redocly.yaml) and against the guide folders, with messages that say
 * how to fix an entry.
 */
import {describe, expect, it} from 'vitest';
import {listedSlugs} from '@portal/specs/node';
import {seedApiCount, seedApis} from '@portal/test-utils/seed';
import {apiContentProblems} from './apiContent';
import {apiFamilies, apis, guideCategoryPath, referencePath, specUrl, type Api} from './apis';

describe('config/apis.ts', () => {
  it("lists the seeds' thirteen APIs, with the seed's routes, guide folders and category slugs", () => {
    expect(apis).toHaveLength(seedApiCount);
    const bySlug = new Map(apis.map((api) => [api.slug, api]));
    for (const seed of seedApis) {
      const api = bySlug.get(seed.slug);
      expect(api, `add ${seed.slug} to content/src/apis.ts`).toBeDefined();
      expect(referencePath(api!)).toBe(seed.route);
      expect(api!.guideFolder, `${seed.slug}: guideFolder`).toBe(seed.guideFolder);
      expect(guideCategoryPath(api!)).toBe(`/docs/category/${seed.guideCategory}`);
    }
  });

  it('lists the same APIs as specs/redocly.yaml', () => {
    expect(apis.map((api) => api.slug).sort()).toEqual([...listedSlugs()].sort());
  });

  it('has a specification, a bundle and a guide folder for every API', () => {
    expect(apiContentProblems()).toEqual([]);
  });

  it('puts every API in a declared family, with a title and a one-sentence summary', () => {
    const families = new Set(apiFamilies.map((family) => family.id));
    for (const api of apis) {
      expect(families.has(api.family), `${api.slug}: family ${api.family} is not in apiFamilies`).toBe(true);
      expect(api.title.length, `${api.slug}: title`).toBeGreaterThan(2);
      expect(api.summary, `${api.slug}: summary must be one sentence ending with a full stop`).toMatch(
        /^[A-Z][^.]*\.$/,
      );
    }
  });

  it('serves each bundle at /openapi/<slug>.json', () => {
    expect(specUrl({slug: 'geo'})).toBe('/openapi/geo.json');
  });
});

describe('apiContentProblems (what stops the build)', () => {
  it('names each missing piece of a listed API, and a spec missing from the list', () => {
    const trains: Api = {
      slug: 'trains',
      title: 'Trains',
      family: 'flights',
      summary: 'Trains.',
      guideFolder: 'trains-guides',
      guideCategory: 'trains-api',
    };
    expect(apiContentProblems([trains], ['geo'])).toEqual([
      'trains: not listed in specs/redocly.yaml (add `trains: {root: trains/openapi.yaml}`)',
      expect.stringMatching(/^trains: no specification .*trains\/openapi\.yaml$/),
      'trains: no guide folder website/docs/trains-guides/ (write at least its overview.mdx)',
      'geo: in specs/redocly.yaml but not in content/src/apis.ts',
    ]);
  });
});
