/**
 * The rejections the specifications state, each with the request it describes (statedRejections.test.ts sends
 * them): `set(body, true)` breaks the operation's example request as the sentence says must be refused (400
 * naming `field` and `reason`), `set(body, false)` keeps it valid (200).
 */

/** A request body as the cases change it. */
export type Body = Record<string, Record<string, unknown>>;
/** Continents and a country of the sandbox's place hierarchy (data/places.ts). */
const [EUROPE, NORTH_AMERICA, UNITED_KINGDOM] = ['27563221', '205351567', '29475375'];

const legs = (body: Body) => body.query.queryLegs as Record<string, unknown>[];

/**
 * Stated rejections, each with the request it describes: `set(body, true)` breaks the example request as the
 * sentence says must be refused (400 naming `field` and `reason`), `set(body, false)` keeps it valid (200).
 */
export const knownRejections: {
  sentence: RegExp;
  operationId: string;
  set: (body: Body, refused: boolean) => void;
  field: string;
  reason: string;
}[] = [
  {
    sentence: /^flights-indicative: Airports, cities and countries are valid; continents are rejected\.$/,
    operationId: 'FlightsIndicativeService_SearchFlights',
    set: (body, refused) => (legs(body)[0].originPlace = {queryPlace: {entityId: refused ? EUROPE : UNITED_KINGDOM}}),
    field: 'query.queryLegs[0].originPlace.queryPlace.entityId',
    reason: 'flights-indicative.no-continent',
  },
  {
    sentence: /^flights-live-pricing: Continents are not valid search places\.$/,
    operationId: 'FlightsService_CreateSearch',
    set: (body, refused) => (legs(body)[0].originPlaceId = {entityId: refused ? NORTH_AMERICA : UNITED_KINGDOM}),
    field: 'query.queryLegs[0].originPlaceId.entityId',
    reason: 'flights-live.no-continent',
  },
  {
    sentence: /^geo: Continents are listed here, but they are not valid search places/,
    operationId: 'FlightsService_CreateSearch',
    set: (body, refused) => (legs(body)[0].destinationPlaceId = {entityId: refused ? EUROPE : UNITED_KINGDOM}),
    field: 'query.queryLegs[0].destinationPlaceId.entityId',
    reason: 'flights-live.no-continent',
  },
  {
    sentence: /^flights-live-pricing: `CABIN_CLASS_UNSPECIFIED` is the zero value; do not send it\.$/,
    operationId: 'FlightsService_CreateSearch',
    set: (body, refused) => (body.query.cabinClass = refused ? 'CABIN_CLASS_UNSPECIFIED' : 'CABIN_CLASS_BUSINESS'),
    field: 'query.cabinClass',
    reason: 'not',
  },
  {
    sentence: /^hotels-live: `SORT_ORDER_TYPE_UNSPECIFIED` is the zero value; do not send it\.$/,
    operationId: 'HotelsService_PollSearch',
    set: (body, refused) =>
      (body.sort = {
        type: refused ? 'SORT_ORDER_TYPE_UNSPECIFIED' : 'SORT_ORDER_TYPE_PRICE',
        order: 'SORT_ORDER_DIRECTION_ASCENDING',
      }),
    field: 'sort.type',
    reason: 'not',
  },
  {
    sentence: /^hotels-live: `SORT_ORDER_DIRECTION_UNSPECIFIED` is the zero value; do not send it\.$/,
    operationId: 'HotelsService_PollSearch',
    set: (body, refused) =>
      (body.sort = {
        type: 'SORT_ORDER_TYPE_PRICE',
        order: refused ? 'SORT_ORDER_DIRECTION_UNSPECIFIED' : 'SORT_ORDER_DIRECTION_ASCENDING',
      }),
    field: 'sort.order',
    reason: 'not',
  },
  {
    sentence: /^hotels-reviews: `REVIEW_SORT_UNSPECIFIED` is the zero value; do not send it\.$/,
    operationId: 'HotelsReviewsService_ListReviews',
    set: (body, refused) =>
      ((body as Record<string, unknown>).sort = refused ? 'REVIEW_SORT_UNSPECIFIED' : 'REVIEW_SORT_MOST_RECENT'),
    field: 'sort',
    reason: 'not',
  },
  {
    sentence: /^carhire-indicative: .*must not be `DATE_TIME_GROUPING_TYPE_UNSPECIFIED`/,
    operationId: 'CarHireIndicativeService_Search',
    set: (body, refused) =>
      (body.query.dateTimeGroupingType = refused
        ? 'DATE_TIME_GROUPING_TYPE_UNSPECIFIED'
        : 'DATE_TIME_GROUPING_TYPE_BY_MONTH'),
    field: 'query.dateTimeGroupingType',
    reason: 'not',
  },
  {
    // REVIEW_TAG_UNSPECIFIED's own description
    sentence: /^hotels-reviews: The zero value; not meant to be sent\.$/,
    operationId: 'HotelsReviewsService_ListReviews',
    set: (body, refused) => (body.filters = {tagFilter: [refused ? 'REVIEW_TAG_UNSPECIFIED' : 'REVIEW_TAG_CLEAN']}),
    field: 'filters.tagFilter[0]',
    reason: 'not',
  },
  {
    // DATE_TIME_GROUPING_TYPE_UNSPECIFIED's own description
    sentence: /^hotels-indicative: The zero value; not meant to be sent\./,
    operationId: 'HotelsIndicativeService_Search',
    set: (body, refused) =>
      (body.query.dateTimeGroupingType = refused
        ? 'DATE_TIME_GROUPING_TYPE_UNSPECIFIED'
        : 'DATE_TIME_GROUPING_TYPE_BY_DATE'),
    field: 'query.dateTimeGroupingType',
    reason: 'not',
  },
  {
    sentence: /^hotels-reviews: `TRAVELLER_RATING_UNSPECIFIED`, the zero value, must not be sent\.$/,
    operationId: 'HotelsReviewsService_ListReviews',
    set: (body, refused) =>
      (body.filters = {travellerRatingFilter: [refused ? 'TRAVELLER_RATING_UNSPECIFIED' : 'TRAVELLER_RATING_GOOD']}),
    field: 'filters.travellerRatingFilter[0]',
    reason: 'not',
  },
  {
    sentence: /^hotels-live: `MEAL_PLAN_TYPE_UNSPECIFIED`, the zero value, must not be sent\.$/,
    operationId: 'HotelsService_PollSearch',
    set: (body, refused) =>
      ((body as Record<string, unknown>).filters = [
        {mealPlanFilter: {values: [refused ? 'MEAL_PLAN_TYPE_UNSPECIFIED' : 'MEAL_PLAN_TYPE_BREAKFAST_INCLUDED']}},
      ]),
    field: 'filters[0].mealPlanFilter.values[0]',
    reason: 'not',
  },
];
