/**
 * The hotels validation rules of the hotels specs (the openapi.yaml files of specs/hotels-live,
 * specs/hotels-indicative, specs/hotels-content and specs/hotels-reviews: their schemas and
 * `x-validation` notes, with the limits of specs/REAL-API-FACTS.md), each proved both ways: a
 * request that breaks the rule fails schema validation, the same request without the fault passes.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, mediaExamples, operations, requestMedia, responseMedia, SpecValidator} from '@portal/specs/node';
import {testRules, type RuleCase} from './ruleCases';

const validator = new SpecValidator(loadBundles());

const ids = (count: number, prefix = '') => Array.from({length: count}, (_, i) => `${prefix}${27540000 + i}`);

const create = (query: Record<string, unknown> = {}, body: Record<string, unknown> = {}) => ({
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
const poll = (body: Record<string, unknown> = {}) => ({
  sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
  pagination: {limit: 15, offset: 0},
  ...body,
});
/** A poll body whose `filters` list holds these single-filter objects. */
const filtered = (...filters: object[]) => poll({filters});
const stars = {starsFilter: {values: ['STARS_FOUR_STAR', 'STARS_FIVE_STAR']}};
const priceRange = (range: object) => ({priceRangeFilter: range});
const geoArea = (...corners: object[]) => ({geoAreaFilter: {values: corners}});
const northWest = {latitude: 51.511, longitude: -0.099};
const southEast = {latitude: 51.502, longitude: -0.08};
const indicative = (query: Record<string, unknown> = {}) => ({
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    destinationEntityIds: ['27544008', '27540851'],
    travelDate: {fixedDate: {year: 2027, month: 3, day: 12}},
    ...query,
  },
});
const dateRange = {startDate: {year: 2027, month: 3, day: 1}, endDate: {year: 2027, month: 5, day: 31}};
const reviews = (body: Record<string, unknown> = {}) => ({
  hotelId: '46948122',
  locale: 'en-GB',
  pagination: {offset: 0, limit: 10},
  sort: 'REVIEW_SORT_MOST_RECENT',
  ...body,
});

const cases: RuleCase[] = [
  {
    rule: 'live create: initialPageSize is required',
    operation: 'HotelsService_CreateSearch',
    valid: create(),
    invalid: create({}, {initialPageSize: undefined}),
  },
  {
    rule: 'live create: initialPageSize is at most 50',
    operation: 'HotelsService_CreateSearch',
    valid: create({}, {initialPageSize: 50}),
    invalid: create({}, {initialPageSize: 51}),
  },
  {
    rule: 'live create: initialPageSize is at least 1',
    operation: 'HotelsService_CreateSearch',
    valid: create({}, {initialPageSize: 1}),
    invalid: create({}, {initialPageSize: 0}),
  },
  {
    rule: 'live create: adults is at least 1',
    operation: 'HotelsService_CreateSearch',
    valid: create({adults: 1}),
    invalid: create({adults: 0}),
  },
  {
    rule: 'live create: at most 200 included agent ids',
    operation: 'HotelsService_CreateSearch',
    valid: create({includedAgentsIds: ids(200, 'a')}),
    invalid: create({includedAgentsIds: ids(201, 'a')}),
  },
  {
    rule: 'live create: at most 200 excluded agent ids',
    operation: 'HotelsService_CreateSearch',
    valid: create({excludedAgentsIds: ids(200, 'a')}),
    invalid: create({excludedAgentsIds: ids(201, 'a')}),
  },
  {
    rule: 'live poll: filters is a list of single-filter objects, not one object of filters',
    operation: 'HotelsService_PollSearch',
    valid: filtered(stars, priceRange({minValue: 100, maxValue: 300})),
    invalid: poll({filters: {...stars, ...priceRange({minValue: 100, maxValue: 300})}}),
  },
  {
    rule: 'live poll: each item of filters holds exactly one filter (not two)',
    operation: 'HotelsService_PollSearch',
    valid: filtered(stars, priceRange({minValue: 100})),
    invalid: filtered({...stars, ...priceRange({minValue: 100})}),
  },
  {
    rule: 'live poll: each item of filters holds exactly one filter (not none)',
    operation: 'HotelsService_PollSearch',
    valid: filtered(stars),
    invalid: filtered(stars, {}),
  },
  {
    rule: 'live poll: an item of filters names a known filter type',
    operation: 'HotelsService_PollSearch',
    valid: filtered({mealPlanFilter: {values: ['MEAL_PLAN_TYPE_BREAKFAST_INCLUDED']}}),
    invalid: filtered({mealPlan: {values: ['MEAL_PLAN_TYPE_BREAKFAST_INCLUDED']}}),
  },
  {
    rule: 'live poll: a list filter holds its values in `values`',
    operation: 'HotelsService_PollSearch',
    valid: filtered({cancellationTypeFilter: {values: ['CANCELLATION_POLICY_TYPE_FREE_CANCELLATION']}}),
    invalid: filtered({cancellationTypeFilter: ['CANCELLATION_POLICY_TYPE_FREE_CANCELLATION']}),
  },
  {
    rule: 'live poll: the stars filter takes Stars values',
    operation: 'HotelsService_PollSearch',
    valid: filtered({starsFilter: {values: ['STARS_FOUR_STAR']}}),
    invalid: filtered({starsFilter: {values: ['FOUR_STAR']}}),
  },
  {
    rule: 'live poll: the geo area filter takes exactly 2 coordinates (not 3)',
    operation: 'HotelsService_PollSearch',
    valid: filtered(geoArea(northWest, southEast)),
    invalid: filtered(geoArea(northWest, southEast, southEast)),
  },
  {
    rule: 'live poll: the geo area filter takes exactly 2 coordinates (not 1)',
    operation: 'HotelsService_PollSearch',
    valid: filtered(geoArea(northWest, southEast)),
    invalid: filtered(geoArea(northWest)),
  },
  {
    rule: 'live poll: the geo area filter takes exactly 2 coordinates (not none)',
    operation: 'HotelsService_PollSearch',
    valid: filtered(geoArea(northWest, southEast)),
    invalid: filtered({geoAreaFilter: {}}),
  },
  {
    rule: 'live poll: the price range minimum is not negative (not confirmed: prices are not negative)',
    operation: 'HotelsService_PollSearch',
    valid: filtered(priceRange({minValue: 0, maxValue: 250})),
    invalid: filtered(priceRange({minValue: -1, maxValue: 250})),
  },
  {
    rule: 'live poll: the price range maximum may be left out (unlimited), and is not negative (not confirmed)',
    operation: 'HotelsService_PollSearch',
    valid: filtered(priceRange({minValue: 50})),
    invalid: filtered(priceRange({minValue: 50, maxValue: -1})),
  },
  {
    rule: 'live poll: the sort direction is `order`, a SORT_ORDER_DIRECTION_ value',
    operation: 'HotelsService_PollSearch',
    valid: poll({sort: {type: 'SORT_ORDER_TYPE_HOTEL_STAR_RATING', order: 'SORT_ORDER_DIRECTION_DESCENDING'}}),
    invalid: poll({sort: {type: 'SORT_ORDER_TYPE_HOTEL_STAR_RATING', order: 'DESCENDING'}}),
  },
  {
    rule: 'live poll: pagination offset is at least 0',
    operation: 'HotelsService_PollSearch',
    valid: poll({pagination: {limit: 15, offset: 0}}),
    invalid: poll({pagination: {limit: 15, offset: -1}}),
  },
  {
    rule: 'live poll: pagination limit is at least 1',
    operation: 'HotelsService_PollSearch',
    valid: poll({pagination: {limit: 1, offset: 15}}),
    invalid: poll({pagination: {limit: 0, offset: 15}}),
  },
  {
    rule: 'indicative: at most 200 destination entity ids',
    operation: 'HotelsIndicativeService_Search',
    valid: indicative({destinationEntityIds: ids(200)}),
    invalid: indicative({destinationEntityIds: ids(201)}),
  },
  {
    rule: 'indicative: at least one destination entity id',
    operation: 'HotelsIndicativeService_Search',
    valid: indicative({destinationEntityIds: ['27540851']}),
    invalid: indicative({destinationEntityIds: []}),
  },
  {
    rule: 'indicative: travelDate is fixedDate or dateRange, not both',
    operation: 'HotelsIndicativeService_Search',
    valid: indicative({travelDate: {dateRange}}),
    invalid: indicative({travelDate: {fixedDate: {year: 2027, month: 3, day: 12}, dateRange}}),
  },
  {
    rule: 'indicative: travelDate names one of fixedDate or dateRange',
    operation: 'HotelsIndicativeService_Search',
    valid: indicative({travelDate: {fixedDate: {year: 2027, month: 3, day: 12}}}),
    invalid: indicative({travelDate: {}}),
  },
  {
    rule: 'content: at most 100 hotel ids',
    operation: 'HotelsContentService_GetContent',
    valid: {hotelIds: ids(100), locale: 'en-GB'},
    invalid: {hotelIds: ids(101), locale: 'en-GB'},
  },
  {
    rule: 'content: a hotel id is not empty (the seeds give hotel ids no pattern)',
    operation: 'HotelsContentService_GetContent',
    valid: {hotelIds: ['46948122'], locale: 'en-GB'},
    invalid: {hotelIds: [''], locale: 'en-GB'},
  },
  {
    rule: 'content: at least one hotel id',
    operation: 'HotelsContentService_GetContent',
    valid: {hotelIds: ['46948122'], locale: 'en-GB'},
    invalid: {hotelIds: [], locale: 'en-GB'},
  },
  {
    rule: 'reviews: hotelId is required and not empty (the seeds give hotel ids no pattern)',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({hotelId: '46948122'}),
    invalid: reviews({hotelId: ''}),
  },
  {
    rule: 'reviews: at most one guest type filter',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({filters: {guestTypeFilter: ['GUEST_TYPE_FAMILY']}}),
    invalid: reviews({filters: {guestTypeFilter: ['GUEST_TYPE_FAMILY', 'GUEST_TYPE_COUPLE']}}),
  },
  {
    rule: 'reviews: at most one locale filter',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({filters: {localeFilter: ['en-GB']}}),
    invalid: reviews({filters: {localeFilter: ['en-GB', 'fr-FR']}}),
  },
  {
    rule: 'reviews: at most one traveller rating filter',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({filters: {travellerRatingFilter: ['TRAVELLER_RATING_EXCELLENT']}}),
    invalid: reviews({filters: {travellerRatingFilter: ['TRAVELLER_RATING_EXCELLENT', 'TRAVELLER_RATING_GOOD']}}),
  },
  {
    rule: 'reviews: at most one tag filter',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({filters: {tagFilter: ['REVIEW_TAG_LOCATION']}}),
    invalid: reviews({filters: {tagFilter: ['REVIEW_TAG_LOCATION', 'REVIEW_TAG_CLEAN']}}),
  },
  {
    rule: 'reviews: one filter of each type together is valid, a second value of one is not',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({
      filters: {
        guestTypeFilter: ['GUEST_TYPE_FAMILY'],
        localeFilter: ['en-GB'],
        travellerRatingFilter: ['TRAVELLER_RATING_EXCELLENT'],
        tagFilter: ['REVIEW_TAG_LOCATION'],
      },
    }),
    invalid: reviews({
      filters: {
        guestTypeFilter: ['GUEST_TYPE_FAMILY'],
        localeFilter: ['en-GB'],
        travellerRatingFilter: ['TRAVELLER_RATING_EXCELLENT'],
        tagFilter: ['REVIEW_TAG_LOCATION', 'REVIEW_TAG_CLEAN'],
      },
    }),
  },
  {
    rule: 'reviews: pagination offset is at least 0',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({pagination: {offset: 0, limit: 10}}),
    invalid: reviews({pagination: {offset: -1, limit: 10}}),
  },
  {
    rule: 'reviews: pagination limit is at least 1',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({pagination: {offset: 0, limit: 1}}),
    invalid: reviews({pagination: {offset: 0, limit: 0}}),
  },
  {
    rule: 'reviews: pagination limit is at most 20',
    operation: 'HotelsReviewsService_ListReviews',
    valid: reviews({pagination: {offset: 0, limit: 20}}),
    invalid: reviews({pagination: {offset: 0, limit: 21}}),
  },
];

describe('hotels validation rules', () => {
  testRules(validator, cases);

  it('amenities are an open enumeration of HOTEL_AMENITY_* names', () => {
    const filter = (amenities: string[]) => filtered({amenitiesFilter: {values: amenities}});
    expect(
      validator.request('HotelsService_PollSearch', filter(['HOTEL_AMENITY_WIFI', 'HOTEL_AMENITY_SPA'])).errors,
    ).toEqual([]);
    expect(validator.request('HotelsService_PollSearch', filter(['WIFI'])).valid).toBe(false);
  });

  it('at most 200 agent ids per request: each list capped by maxItems, the two together in x-validation', () => {
    const query = validator.specs.get('hotels-live')!.components!.schemas!.HotelsLiveQuery as {
      'x-validation'?: string[];
      description?: string;
      properties: Record<string, {maxItems?: number; description?: string}>;
    };
    for (const list of ['includedAgentsIds', 'excludedAgentsIds']) {
      expect(query.properties[list].maxItems).toBe(200);
      expect(query.properties[list].description).toMatch(/At most 200 agent ids per request, counting .* together/);
    }
    expect(query.description).toMatch(/at most 200 agent ids per request/);
    expect((query['x-validation'] ?? []).join(' ')).toMatch(/together are at most 200/);
  });

  it('restrictions the seeds do not give are relaxed or marked not confirmed (description and x-validation)', () => {
    const schemas = (slug: string) =>
      validator.specs.get(slug)!.components!.schemas! as Record<
        string,
        {
          description?: string;
          'x-validation'?: string[];
          properties: Record<string, {pattern?: string; description?: string; items?: {pattern?: string}}>;
        }
      >;
    expect(schemas('hotels-content').HotelsContentRequest.properties.hotelIds.items?.pattern).toBeUndefined();
    expect(schemas('hotels-reviews').HotelsReviewsRequest.properties.hotelId.pattern).toBeUndefined();
    expect(schemas('hotels-live').HotelsLiveQuery.properties.entityId.pattern).toBeUndefined();
    const priceRange = schemas('hotels-live').PriceRangeFilter;
    // Each says so with a link to the one box that says why it is safe (website/docs/.../overview.mdx)
    const rangeBox = '[not confirmed](/docs/hotels-live-prices/overview#price-range)';
    expect(priceRange.description).toMatch(/The values are in whole units\s+of the search's currency/);
    expect(priceRange.description).toContain(rangeBox);
    expect(priceRange['x-validation']).toHaveLength(3);
    expect((priceRange['x-validation'] ?? []).filter((note) => !note.includes(rangeBox))).toEqual([]);
    const payPolicy = schemas('hotels-content').PayPolicy;
    const payBox = '[not confirmed](/docs/hotels-content/overview#pay-policy)';
    expect(payPolicy.properties.amount.description).toMatch(/a number in whole units of `currency`/);
    expect(payPolicy.properties.amount.description).toContain(payBox);
    expect((payPolicy['x-validation'] ?? []).join(' ')).toContain(payBox);
  });

  it('reviews are written before they are read: review dates precede every other hotels example date', () => {
    type LocalDate = {year: number; month: number; day: number};
    const isDate = (value: unknown): value is LocalDate =>
      !!value && typeof value === 'object' && ['year', 'month', 'day'].every((key) => key in value);
    const time = ({year, month, day}: LocalDate) => Date.UTC(year, month - 1, day);
    /** Every {year, month, day} in the request and response examples of an API. */
    const exampleDates = (slug: string): number[] => {
      const doc = validator.specs.get(slug)!;
      const found: number[] = [];
      const walk = (value: unknown): void => {
        if (isDate(value) && value.year > 0) found.push(time(value));
        if (value && typeof value === 'object') Object.values(value).forEach(walk);
      };
      for (const operation of operations(slug, doc)) {
        for (const media of [requestMedia(doc, operation), responseMedia(doc, operation)]) {
          for (const example of mediaExamples(doc, media).values()) walk(example);
        }
      }
      return found;
    };
    const reviewDates = exampleDates('hotels-reviews');
    const otherDates = ['hotels-live', 'hotels-indicative', 'hotels-content'].flatMap(exampleDates);
    expect(reviewDates.length).toBeGreaterThan(0);
    expect(otherDates.length).toBeGreaterThan(0);
    expect(Math.max(...reviewDates)).toBeLessThan(Math.min(...otherDates));
    expect(Math.max(...reviewDates)).toBeLessThan(Date.now());

    // and within a review: the stay, then the review, then the reply or the follow-up
    type Review = {
      checkinDate: LocalDate;
      reviewDate: LocalDate;
      hotelReply?: {date: LocalDate};
      additionalReview?: {date: LocalDate};
    };
    const doc = validator.specs.get('hotels-reviews')!;
    const [operation] = operations('hotels-reviews', doc);
    const reviews = [...mediaExamples(doc, responseMedia(doc, operation)).values()].flatMap(
      (example) => (example as {reviews: Review[]}).reviews,
    );
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) {
      expect(time(review.checkinDate)).toBeLessThanOrEqual(time(review.reviewDate));
    }
    // The examples hold both kinds of follow-up, so each kind's date is checked at least once.
    const followUps = reviews.flatMap((review) =>
      (['hotelReply', 'additionalReview'] as const)
        .filter((kind) => review[kind] !== undefined)
        .map((kind) => ({kind, date: review[kind]!.date, reviewDate: review.reviewDate})),
    );
    expect(new Set(followUps.map((followUp) => followUp.kind))).toEqual(new Set(['hotelReply', 'additionalReview']));
    for (const {kind, date, reviewDate} of followUps) {
      expect(time(date), kind).toBeGreaterThanOrEqual(time(reviewDate));
    }
  });

  it('sort is {type, order} and pagination {limit, offset}, as the service reads them', () => {
    const schemas = validator.specs.get('hotels-live')!.components!.schemas! as Record<
      string,
      {properties: Record<string, unknown>}
    >;
    expect(Object.keys(schemas.HotelSort.properties).sort()).toEqual(['order', 'type']);
    expect(Object.keys(schemas.HotelPagination.properties).sort()).toEqual(['limit', 'offset']);
  });

  it('the rules JSON Schema cannot say are written as x-validation notes', () => {
    const spec = validator.specs.get('hotels-indicative')!;
    const query = spec.components!.schemas!.HotelsIndicativeQuery as {'x-validation'?: string[]; properties: object};
    const notes = (query['x-validation'] ?? []).join(' ');
    expect(notes).toMatch(/one geo level/);
    expect(notes).toMatch(/12 months/);
  });
});
