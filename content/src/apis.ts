/**
 * THE list of the thirteen APIs (`@portal/content/apis`). The site's navbar, home page, footer and tests
 * (through website/config/apis.ts), the docs sidebar (./sidebar.ts) and the MCP server's pages read it
 * instead of repeating it; it lives here, below the website and the MCP server, so both can. Pure data,
 * safe in the browser. A field, limit or enum of an API is never written here: that lives in its OpenAPI
 * specification under `specs/<slug>/`.
 */

export type ApiFamilyId = 'flights' | 'car-hire' | 'hotels' | 'reference-data';

export interface ApiFamily {
  id: ApiFamilyId;
  title: string;
  /** One sentence on what a partner builds with this family. */
  summary: string;
}

export interface Api {
  /** The reference route `/api/<slug>/` and the spec folder `specs/<slug>/`. */
  slug: string;
  title: string;
  family: ApiFamilyId;
  /** One sentence a partner reads on the home page. */
  summary: string;
  /** The guide folder under `website/docs/`, spelled as in specs/test/fixtures/seed-apis.json. */
  guideFolder: string;
  /** The generated category page `/docs/category/<guideCategory>`, linked from the footer. */
  guideCategory: string;
}

export const apiFamilies: readonly ApiFamily[] = [
  {
    id: 'flights',
    title: 'Flights',
    summary: 'Live fares from airlines and travel agents, and cached indicative prices for inspiration.',
  },
  {
    id: 'car-hire',
    title: 'Car hire',
    summary: 'Live car hire quotes, price trends and the agents that sell them.',
  },
  {
    id: 'hotels',
    title: 'Hotels',
    summary: 'Live room prices, price indications, hotel content and guest reviews.',
  },
  {
    id: 'reference-data',
    title: 'Reference data',
    summary: 'Places, cultures, carriers and type-ahead suggestions that every search is built on.',
  },
];

export const apis: readonly Api[] = [
  {
    slug: 'flights-live-pricing',
    title: 'Flights Live Pricing',
    family: 'flights',
    summary: 'Search live fares for one-way, return and multi-city trips, then refresh an itinerary before booking.',
    guideFolder: 'flights-live-prices',
    guideCategory: 'flights-live-prices-api',
  },
  {
    slug: 'flights-indicative',
    title: 'Flights Indicative Prices',
    family: 'flights',
    summary: 'Cached cheapest prices by route, date or month, including searches to anywhere.',
    guideFolder: 'flights-indicative-prices',
    guideCategory: 'flights-indicative-prices-api',
  },
  {
    slug: 'carhire-live-pricing',
    title: 'Car Hire Live Pricing',
    family: 'car-hire',
    summary: 'Live quotes with vehicle, pick-up, fuel, mileage and insurance details.',
    guideFolder: 'carhire-live-prices',
    guideCategory: 'car-hire-live-prices-api',
  },
  {
    slug: 'carhire-indicative',
    title: 'Car Hire Indicative Prices',
    family: 'car-hire',
    summary: 'Aggregated car hire prices by vehicle type, date, week or month.',
    guideFolder: 'carhire-indicative-prices',
    guideCategory: 'car-hire-indicative-prices-api',
  },
  {
    slug: 'carhire-agents',
    title: 'Car Hire Agents',
    family: 'car-hire',
    summary: 'The car hire agents selling in a market, with ratings and reviews.',
    guideFolder: 'carhire-agents',
    guideCategory: 'car-hire-agents-api',
  },
  {
    slug: 'hotels-live',
    title: 'Hotels Live Prices',
    family: 'hotels',
    summary: 'Live room offers with sorting, filtering and paging over hotel results.',
    guideFolder: 'hotels-live-prices',
    guideCategory: 'hotels-live-prices-api',
  },
  {
    slug: 'hotels-indicative',
    title: 'Hotels Indicative Prices',
    family: 'hotels',
    summary: 'Cheapest, average and median hotel prices for destinations and dates.',
    guideFolder: 'hotels-indicative-prices',
    guideCategory: 'hotels-indicative-prices-api',
  },
  {
    slug: 'hotels-content',
    title: 'Hotels Content',
    family: 'hotels',
    summary: 'Names, addresses, images, amenities and policies for up to 100 hotels at a time.',
    guideFolder: 'hotels-content',
    guideCategory: 'hotels-content-api',
  },
  {
    slug: 'hotels-reviews',
    title: 'Hotels Reviews',
    family: 'hotels',
    summary: 'Guest reviews with ratings, hotel replies, filters and sorting.',
    guideFolder: 'hotels-reviews',
    guideCategory: 'hotels-reviews-api',
  },
  {
    slug: 'geo',
    title: 'Geo',
    family: 'reference-data',
    summary: 'The place hierarchy of airports, cities, countries and continents, and the places nearest a user.',
    guideFolder: 'geo',
    guideCategory: 'geo-api',
  },
  {
    slug: 'culture',
    title: 'Culture',
    family: 'reference-data',
    summary: 'Markets, locales and currencies with their formatting rules, and the culture nearest a user.',
    guideFolder: 'culture',
    guideCategory: 'culture-api',
  },
  {
    slug: 'carriers',
    title: 'Carriers',
    family: 'reference-data',
    summary: 'Every airline and carrier with its IATA, ICAO and display codes.',
    guideFolder: 'carriers',
    guideCategory: 'carriers-api',
  },
  {
    slug: 'autosuggest',
    title: 'Autosuggest',
    family: 'reference-data',
    summary: 'Type-ahead place suggestions for flights, car hire and hotels searches.',
    guideFolder: 'autosuggest',
    guideCategory: 'autosuggest-api',
  },
];

/** An API with a reference page: one of the thirteen, or the portal's own. */
export type ReferenceApi = Pick<Api, 'slug' | 'title' | 'summary'>;

/**
 * The portal's own API, the hosted integration check's (specs/check-api/, `CHECK_API_SLUG` of @portal/specs): it
 * has a reference page beside the thirteen's, linked from the Integration check guide, and is none of them (not
 * in the navbar, the home page, the footer or the sidebar's list of APIs).
 */
export const checkApi: ReferenceApi = {
  slug: 'check-api',
  title: 'Integration check API',
  summary:
    "The portal's hosted integration check: make a run, record your program's calls, finish it and read its signed verdict.",
};

/** Every API with a reference page: the thirteen, then the portal's own. */
export const referenceApis: readonly ReferenceApi[] = [...apis, checkApi];

export const referencePath = (api: Pick<Api, 'slug'>): string => `/api/${api.slug}/`;
/** Where the site serves the bundled specification (`bundlePath(slug)` of `@portal/specs/node`). */
export const specUrl = (api: Pick<Api, 'slug'>): string => `/openapi/${api.slug}.json`;
export const guideCategoryPath = (api: Api): string => `/docs/category/${api.guideCategory}`;
