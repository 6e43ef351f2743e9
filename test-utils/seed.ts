/**
 * What the seeds (the product specification) say about the thirteen APIs, as a fixture inside the
 * repository: `specs/test/fixtures/seed-apis.json` (its `origin` says where each fact comes from).
 * Tests loop over this list, not over what the code found, so a missing spec or page fails instead of
 * shrinking a loop.
 */
import seed from '../specs/test/fixtures/seed-apis.json';

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

/** 13: the seeds' count of APIs. */
export const seedApiCount = 13;
/** 24: the rows of the two call tables (5 in seed 000, 19 in seed 001). */
export const seedCallCount = 24;
