/**
 * What the seeds (the product specification) say about the thirteen APIs, as a fixture inside the
 * repository: `specs/test/fixtures/seed-apis.json` (its `origin` says where each fact comes from).
 * Tests loop over this list, not over what the code found, so a missing spec or page fails instead of
 * shrinking a loop.
 */
import seed from '@portal/specs/test/fixtures/seed-apis.json';

export interface SeedApi {
  /** The reference route's slug: `/api/<slug>/`. */
  slug: string;
  route: string;
  /** The guide folder under `website/docs/` (the seed's spelling). */
  guideFolder: string;
  /** The category index page `/docs/category/<guideCategory>`. */
  guideCategory: string;
  /** `METHOD /path/{template}` rows of the seeds' call tables. */
  calls: string[];
  /** The calls the seeds show with no security requirement. */
  open: string[];
}

export const seedApis: readonly SeedApi[] = seed.apis;

/** The seeds' count of APIs, as the seeds state it ("thirteen"), so a list that lost an entry fails. */
export const seedApiCount: number = seed.apiCount;
/** The rows of the seeds' two call tables, counted in the seeds, so a `calls` list that lost a row fails. */
export const seedCallCount: number = Object.values(seed.callTableRows).reduce((sum, rows) => sum + rows, 0);
