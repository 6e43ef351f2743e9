/**
 * The thirteen bundles built into the Worker: imported JSON, bundled by esbuild (`local.ts`) or by
 * wrangler (`npm run deploy:worker`), so the Worker reads no file. The order and the slugs are those of
 * `specs/redocly.yaml` (`listedSlugs()`), which `bundles.test.ts` proves: a listed API missing here fails
 * it. Build the bundles first (`npm run specs:bundle`; the worker scripts do).
 */
import type {OpenApiDocument} from '@portal/specs';
import flightsLivePricing from '@portal/specs/dist/openapi/flights-live-pricing.json';
import flightsIndicative from '@portal/specs/dist/openapi/flights-indicative.json';
import geo from '@portal/specs/dist/openapi/geo.json';
import culture from '@portal/specs/dist/openapi/culture.json';
import carriers from '@portal/specs/dist/openapi/carriers.json';
import autosuggest from '@portal/specs/dist/openapi/autosuggest.json';
import carhireLivePricing from '@portal/specs/dist/openapi/carhire-live-pricing.json';
import carhireIndicative from '@portal/specs/dist/openapi/carhire-indicative.json';
import carhireAgents from '@portal/specs/dist/openapi/carhire-agents.json';
import hotelsLive from '@portal/specs/dist/openapi/hotels-live.json';
import hotelsIndicative from '@portal/specs/dist/openapi/hotels-indicative.json';
import hotelsContent from '@portal/specs/dist/openapi/hotels-content.json';
import hotelsReviews from '@portal/specs/dist/openapi/hotels-reviews.json';

const entries: [string, unknown][] = [
  ['flights-live-pricing', flightsLivePricing],
  ['flights-indicative', flightsIndicative],
  ['geo', geo],
  ['culture', culture],
  ['carriers', carriers],
  ['autosuggest', autosuggest],
  ['carhire-live-pricing', carhireLivePricing],
  ['carhire-indicative', carhireIndicative],
  ['carhire-agents', carhireAgents],
  ['hotels-live', hotelsLive],
  ['hotels-indicative', hotelsIndicative],
  ['hotels-content', hotelsContent],
  ['hotels-reviews', hotelsReviews],
];

/** The bundled specifications by slug, as `loadBundles()` gives them in Node. */
export const workerBundles = (): Map<string, OpenApiDocument> =>
  new Map(entries.map(([slug, doc]) => [slug, doc as OpenApiDocument]));
