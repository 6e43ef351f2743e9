/**
 * The hotels validation rules of the hotels specs (the openapi.yaml files of specs/hotels-live,
 * specs/hotels-indicative, specs/hotels-content and specs/hotels-reviews: their schemas and
 * `x-validation` notes, with the limits of specs/REAL-API-FACTS.md), each proved both ways: a
 * request that breaks the rule fails schema validation, the same request without the fault passes.
 * What the specs say of these rules beyond one request each is in ./hotelsRulesNotes.test.ts.
 */
import {describe} from 'vitest';
import {loadBundles, SpecValidator} from '@portal/specs/node';
import {
  ids,
  create,
  poll,
  filtered,
  stars,
  priceRange,
  geoArea,
  northWest,
  southEast,
  indicative,
  dateRange,
  reviews,
} from './hotelsRequests';
import {testRules, type RuleCase} from './ruleCases';

const validator = new SpecValidator(loadBundles());

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
});
