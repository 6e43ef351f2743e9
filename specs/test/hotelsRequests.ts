/**
 * The hotels requests the hotels rule tests start from (specs/test/hotelsRules.test.ts and
 * specs/test/hotelsRulesNotes.test.ts): a valid body of each hotels operation, which a case changes to
 * break one rule, and the pieces of a live poll's filters.
 */
export const ids = (count: number, prefix = '') => Array.from({length: count}, (_, i) => `${prefix}${27540000 + i}`);

export const create = (query: Record<string, unknown> = {}, body: Record<string, unknown> = {}) => ({
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    entityId: '27544008',
    checkinDate: {year: 2027, month: 3, day: 12},
    checkoutDate: {year: 2027, month: 3, day: 15},
    adults: 2,
    rooms: 1,
    ...query,
  },
  initialPageSize: 25,
  ...body,
});
export const poll = (body: Record<string, unknown> = {}) => ({
  sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
  pagination: {limit: 15, offset: 0},
  ...body,
});
/** A poll body whose `filters` list holds these single-filter objects. */
export const filtered = (...filters: object[]) => poll({filters});
export const stars = {starsFilter: {values: ['STARS_FOUR_STAR', 'STARS_FIVE_STAR']}};
export const priceRange = (range: object) => ({priceRangeFilter: range});
export const geoArea = (...corners: object[]) => ({geoAreaFilter: {values: corners}});
export const northWest = {latitude: 51.511, longitude: -0.099};
export const southEast = {latitude: 51.502, longitude: -0.08};
export const indicative = (query: Record<string, unknown> = {}) => ({
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    destinationEntityIds: ['27544008', '27540851'],
    travelDate: {fixedDate: {year: 2027, month: 3, day: 12}},
    ...query,
  },
});
export const dateRange = {startDate: {year: 2027, month: 3, day: 1}, endDate: {year: 2027, month: 5, day: 31}};
export const reviews = (body: Record<string, unknown> = {}) => ({
  hotelId: '46948122',
  locale: 'en-GB',
  pagination: {offset: 0, limit: 10},
  sort: 'REVIEW_SORT_MOST_RECENT',
  ...body,
});
