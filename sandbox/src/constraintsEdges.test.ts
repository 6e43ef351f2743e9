/**
 * The sandbox's x-validation constraints (constraints.ts) at their edges, each both ways: the hotels-indicative 12-month
 * window, the hotels live price range, the no-continent constraints, the fields the specs say never to send and the
 * zero values they say not to send (refused by the schema's `not`, with the sentence a partner reads), and the
 * last request each constraint lets through. The notes and each rule's refusal: constraints.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {STAGE_MS} from './services/session';
import {exampleBody, hotelsSession, op, request, testApp} from './testing.fixture';

type Body = Record<string, Record<string, unknown>>;
/** Continents of the sandbox's place hierarchy (data/places.ts). */
const NORTH_AMERICA = '205351567';
const EUROPE = '27563221';

interface ErrorBody {
  code?: number;
  details?: {fieldViolations?: {field: string; reason: string; description?: string}[]}[];
}

describe('hotels-indicative.within-12-months, at the edges of the window', () => {
  // A clock at noon on 15 June 2026: today is 2026-06-15 and the window ends on 2027-06-15.
  const start = Date.UTC(2026, 5, 15, 12);
  const search = async (travelDate: object) => {
    const {app} = testApp(start);
    const operation = op('HotelsIndicativeService_Search');
    const body = exampleBody(operation) as Body;
    body.query.travelDate = travelDate;
    const response = await app.request(request(operation, {body}));
    return {status: response.status, body: (await response.json()) as ErrorBody};
  };
  /** A 400 whose one field violation names the field and the constraint. */
  const expectRefused = ({status, body}: {status: number; body: ErrorBody}, field: string) => {
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.code).toBe(3);
    expect(body.details?.[0].fieldViolations).toEqual([
      expect.objectContaining({field, reason: 'hotels-indicative.within-12-months'}),
    ]);
  };

  it('accepts today and the last day 12 months ahead', async () => {
    expect((await search({fixedDate: {year: 2026, month: 6, day: 15}})).status).toBe(200);
    expect((await search({fixedDate: {year: 2027, month: 6, day: 15}})).status).toBe(200);
    const whole = {startDate: {year: 2026, month: 6, day: 15}, endDate: {year: 2027, month: 6, day: 15}};
    expect((await search({dateRange: whole})).status).toBe(200);
  });

  it('refuses the day after the window (fixed date or end of a range) and the day before today, naming the rule', async () => {
    expectRefused(await search({fixedDate: {year: 2027, month: 6, day: 16}}), 'query.travelDate.fixedDate');
    const tooLong = {startDate: {year: 2026, month: 6, day: 15}, endDate: {year: 2027, month: 6, day: 16}};
    expectRefused(await search({dateRange: tooLong}), 'query.travelDate.dateRange.endDate');
    expectRefused(await search({fixedDate: {year: 2026, month: 6, day: 14}}), 'query.travelDate.fixedDate');
  });
});

describe('hotels-live.price-range-order, both ways', () => {
  const pollPrices = async (filters: object[]) => {
    const {app, clock} = testApp();
    const sessionToken = await hotelsSession(app);
    clock.now += 10 * STAGE_MS;
    const response = await app.request(
      request(op('HotelsService_PollSearch'), {
        replace: {sessionToken},
        body: {
          sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
          pagination: {limit: 1000, offset: 0},
          filters,
        },
      }),
    );
    const body = (await response.json()) as ErrorBody & {
      content?: {results: {sortOptions: {hotel: {sortItems: {value: number}[]}}}};
    };
    return {status: response.status, body, prices: body.content?.results.sortOptions.hotel.sortItems ?? []};
  };

  it('lets a range through whose minValue does not exceed maxValue (equal bounds too), and keeps only its prices', async () => {
    const all = await pollPrices([]);
    expect(all.status).toBe(200);
    const values = all.prices.map((item) => item.value);
    expect(values.length).toBeGreaterThan(10);
    // A range around the middle of the prices: some prices fall below it, some above.
    const [minValue, maxValue] = [Math.floor(values[3]), Math.ceil(values[values.length - 4])];
    expect(values.filter((value) => value < minValue).length).toBeGreaterThan(0);
    expect(values.filter((value) => value > maxValue).length).toBeGreaterThan(0);

    const range = await pollPrices([{priceRangeFilter: {minValue, maxValue}}]);
    expect(range.status, JSON.stringify(range.body).slice(0, 300)).toBe(200);
    const kept = range.prices.map((item) => item.value);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((value) => value < minValue || value > maxValue)).toEqual([]);
    expect(kept.length).toBeLessThan(values.length);

    const equal = await pollPrices([{priceRangeFilter: {minValue: 200, maxValue: 200}}]);
    expect(equal.status, JSON.stringify(equal.body).slice(0, 300)).toBe(200);
  });

  it('refuses minValue above maxValue by one unit, naming the rule', async () => {
    const refused = await pollPrices([{priceRangeFilter: {minValue: 201, maxValue: 200}}]);
    expect(refused.status).toBe(400);
    expect(refused.body.details?.[0].fieldViolations).toContainEqual(
      expect.objectContaining({field: 'filters[0].priceRangeFilter.minValue', reason: 'hotels-live.price-range-order'}),
    );
  });
});

describe('flights-live.no-continent and flights-indicative.no-continent, both ways', () => {
  const post = async (operationId: string, change: (legs: Record<string, unknown>[]) => void) => {
    const {app} = testApp();
    const operation = op(operationId);
    const body = exampleBody(operation) as Body;
    change(body.query.queryLegs as Record<string, unknown>[]);
    const response = await app.request(request(operation, {body}));
    return {status: response.status, body: (await response.json()) as ErrorBody};
  };
  const refusedAt = ({status, body}: {status: number; body: ErrorBody}, field: string, reason: string) => {
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.details?.[0].fieldViolations).toEqual([expect.objectContaining({field, reason})]);
  };

  it('live: a continent as origin or destination is refused; a city or an airport by entity id is accepted', async () => {
    const live = 'FlightsService_CreateSearch';
    refusedAt(
      await post(live, (legs) => (legs[0].destinationPlaceId = {entityId: EUROPE})),
      'query.queryLegs[0].destinationPlaceId.entityId',
      'flights-live.no-continent',
    );
    refusedAt(
      await post(live, (legs) => (legs[0].originPlaceId = {entityId: NORTH_AMERICA})),
      'query.queryLegs[0].originPlaceId.entityId',
      'flights-live.no-continent',
    );
    // London (a city) and Edinburgh Airport: the neighbours of a continent in the hierarchy.
    expect((await post(live, (legs) => (legs[0].originPlaceId = {entityId: '27544008'}))).status).toBe(200);
    expect((await post(live, (legs) => (legs[0].destinationPlaceId = {entityId: '95673668'}))).status).toBe(200);
  });

  it('indicative: a continent as origin or destination queryPlace is refused; a country is accepted', async () => {
    const indicative = 'FlightsIndicativeService_SearchFlights';
    refusedAt(
      await post(indicative, (legs) => (legs[0].originPlace = {queryPlace: {entityId: EUROPE}})),
      'query.queryLegs[0].originPlace.queryPlace.entityId',
      'flights-indicative.no-continent',
    );
    // The United Kingdom: a country, the level just below a continent, is a valid place.
    const country = await post(indicative, (legs) => (legs[0].destinationPlace = {queryPlace: {entityId: '29475375'}}));
    expect(country.status, JSON.stringify(country.body)).toBe(200);
  });
});

describe('a field the specs say never to send, refused by `not: {}` (Ajv)', () => {
  it('indicative: an origin that is anywhere answers 400 naming the field and why; the example origin 200', async () => {
    const {app} = testApp();
    const operation = op('FlightsIndicativeService_SearchFlights');
    const send = async (change: (origin: Record<string, unknown>) => void) => {
      const body = exampleBody(operation) as Body;
      change((body.query.queryLegs as {originPlace: Record<string, unknown>}[])[0].originPlace);
      const response = await app.request(request(operation, {body}));
      return {status: response.status, body: (await response.json()) as ErrorBody};
    };
    const refused = await send((origin) => (origin.anywhere = true));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details?.[0].fieldViolations).toEqual([
      {
        field: 'query.queryLegs[0].originPlace.anywhere',
        reason: 'not',
        description: 'must not be sent here. Not valid for an origin; a leg whose origin is anywhere is rejected.',
      },
    ]);
    expect((await send(() => undefined)).status).toBe(200);
  });
});

describe('zero values the specs say not to send, refused by `not` beside the enum (Ajv)', () => {
  const zeroValues: {
    operationId: string;
    field: string;
    zero: string;
    valid: string;
    set: (body: Body, value: string) => void;
    /** The value sits in one branch of a `oneOf`: Ajv also says why the item matches no other branch. */
    inOneOf?: true;
  }[] = [
    {
      operationId: 'FlightsService_CreateSearch',
      field: 'query.cabinClass',
      zero: 'CABIN_CLASS_UNSPECIFIED',
      valid: 'CABIN_CLASS_BUSINESS',
      set: (body, value) => (body.query.cabinClass = value),
    },
    {
      operationId: 'HotelsService_PollSearch',
      field: 'sort.type',
      zero: 'SORT_ORDER_TYPE_UNSPECIFIED',
      valid: 'SORT_ORDER_TYPE_HOTEL_STAR_RATING',
      set: (body, value) => (body.sort = {type: value, order: 'SORT_ORDER_DIRECTION_DESCENDING'}),
    },
    {
      operationId: 'HotelsService_PollSearch',
      field: 'sort.order',
      zero: 'SORT_ORDER_DIRECTION_UNSPECIFIED',
      valid: 'SORT_ORDER_DIRECTION_DESCENDING',
      set: (body, value) => (body.sort = {type: 'SORT_ORDER_TYPE_PRICE', order: value}),
    },
    {
      operationId: 'HotelsReviewsService_ListReviews',
      field: 'sort',
      zero: 'REVIEW_SORT_UNSPECIFIED',
      valid: 'REVIEW_SORT_MOST_RECENT',
      set: (body, value) => ((body as Record<string, unknown>).sort = value),
    },
    // Enums used as filter items: `not` is on the items, so the field is the item.
    ...(
      [
        ['guestTypeFilter', 'GUEST_TYPE_UNSPECIFIED', 'GUEST_TYPE_COUPLE'],
        ['travellerRatingFilter', 'TRAVELLER_RATING_UNSPECIFIED', 'TRAVELLER_RATING_GOOD'],
        ['tagFilter', 'REVIEW_TAG_UNSPECIFIED', 'REVIEW_TAG_CLEAN'],
      ] as const
    ).map(([filter, zero, valid]) => ({
      operationId: 'HotelsReviewsService_ListReviews',
      field: `filters.${filter}[0]`,
      zero,
      valid,
      set: (body: Body, value: string) => (body.filters = {[filter]: [value]}),
    })),
    {
      operationId: 'HotelsIndicativeService_Search',
      field: 'query.dateTimeGroupingType',
      zero: 'DATE_TIME_GROUPING_TYPE_UNSPECIFIED',
      valid: 'DATE_TIME_GROUPING_TYPE_BY_DATE',
      set: (body, value) => (body.query.dateTimeGroupingType = value),
    },
    ...(
      [
        ['starsFilter', 'STARS_UNSPECIFIED', 'STARS_FIVE_STAR'],
        ['accommodationTypeFilter', 'ACCOMMODATION_TYPE_UNSPECIFIED', 'ACCOMMODATION_TYPE_HOTEL'],
      ] as const
    ).map(([filter, zero, valid]) => ({
      operationId: 'HotelsIndicativeService_Search',
      field: `query.filter.${filter}[0]`,
      zero,
      valid,
      set: (body: Body, value: string) => (body.query.filter = {[filter]: [value]}),
    })),
    ...(
      [
        ['starsFilter', 'STARS_UNSPECIFIED', 'STARS_FIVE_STAR'],
        ['guestTypeFilter', 'GUEST_TYPE_UNSPECIFIED', 'GUEST_TYPE_FAMILY'],
        ['accommodationTypeFilter', 'ACCOMMODATION_TYPE_UNSPECIFIED', 'ACCOMMODATION_TYPE_APARTMENT'],
        ['mealPlanFilter', 'MEAL_PLAN_TYPE_UNSPECIFIED', 'MEAL_PLAN_TYPE_BREAKFAST_INCLUDED'],
        [
          'cancellationTypeFilter',
          'CANCELLATION_POLICY_TYPE_UNSPECIFIED',
          'CANCELLATION_POLICY_TYPE_FREE_CANCELLATION',
        ],
        ['paymentTypeFilter', 'PAYMENT_TYPE_UNSPECIFIED', 'PAYMENT_TYPE_PAY_ON_ARRIVAL'],
      ] as const
    ).map(([filter, zero, valid]) => ({
      operationId: 'HotelsService_PollSearch',
      field: `filters[0].${filter}.values[0]`,
      zero,
      valid,
      inOneOf: true as const,
      set: (body: Body, value: string) => ((body as Record<string, unknown>).filters = [{[filter]: {values: [value]}}]),
    })),
  ];

  for (const {operationId, field, zero, valid, set, inOneOf} of zeroValues) {
    it(`${operationId} ${field}: ${zero} answers 400 (reason \`not\`), ${valid} 200`, async () => {
      const {app} = testApp();
      const operation = op(operationId);
      const replace = operationId === 'HotelsService_PollSearch' ? {sessionToken: await hotelsSession(app)} : undefined;
      const send = async (value: string) => {
        const body = (exampleBody(operation) ?? {}) as Body;
        set(body, value);
        const response = await app.request(request(operation, {body, replace}));
        return {status: response.status, body: (await response.json()) as ErrorBody};
      };
      const refused = await send(zero);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      const violations = refused.body.details?.[0].fieldViolations ?? [];
      // The value refused and why, not the validator's "must NOT be valid"
      const notSent = {field, reason: 'not', description: `must not be ${zero}: the zero value is not accepted`};
      if (inOneOf) {
        // Besides `not`, only the `oneOf` of the item and the other branches' missing properties.
        const [item] = field.split('.');
        expect(violations).toContainEqual(expect.objectContaining({field: item, reason: 'oneOf'}));
        expect(violations.filter(({reason}) => reason !== 'oneOf' && reason !== 'required')).toEqual([notSent]);
      } else {
        expect(violations).toEqual([notSent]);
      }
      const accepted = await send(valid);
      expect(accepted.status, JSON.stringify(accepted.body).slice(0, 300)).toBe(200);
    });
  }
});

describe('the constraints at their edges: the last request each lets through', () => {
  // A clock at noon on 15 June 2026: grouping by date reaches 15 July 2026
  const send = async (operationId: string, change: (body: Body) => void) => {
    const {app} = testApp(Date.UTC(2026, 5, 15, 12));
    const operation = op(operationId);
    const body = exampleBody(operation) as Body;
    change(body);
    const response = await app.request(request(operation, {body}));
    return {status: response.status, text: await response.text()};
  };
  const expectStatus = ({status, text}: {status: number; text: string}, expected: number) =>
    expect(status, text.slice(0, 300)).toBe(expected);

  it('flights-live.legs-in-date-order: a second leg on the same day', async () => {
    expectStatus(
      await send('FlightsService_CreateSearch', (body) => {
        const legs = body.query.queryLegs as object[];
        legs.push({...legs[0]});
      }),
      200,
    );
  });

  it('carhire-indicative.by-date-within-a-month: a drop-off one month ahead by date, and any when grouped by month', async () => {
    const byDate = (dropOffDay: number, grouping = 'DATE_TIME_GROUPING_TYPE_BY_DATE') =>
      send('CarHireIndicativeService_Search', (body) => {
        body.query.dateTimeGroupingType = grouping;
        body.query.pickUpDate = {year: 2026, month: 6, day: 20};
        body.query.dropOffDate = {year: 2026, month: 7, day: dropOffDay};
      });
    expectStatus(await byDate(15), 200);
    expectStatus(await byDate(16), 400);
    expectStatus(await byDate(30, 'DATE_TIME_GROUPING_TYPE_BY_MONTH'), 200);
  });

  it('hotels-indicative.one-geo-level names the first id of each level, an unknown id none', async () => {
    const {status, text} = await send('HotelsIndicativeService_Search', (body) => {
      // two cities, an id of no known place, an airport
      body.query.destinationEntityIds = ['27544008', '27537542', '27539733', '95673668'];
    });
    expect(status, text).toBe(400);
    expect(text).toContain(
      '"description":"destinations mix geo levels (27544008 is city, 95673668 is airport): send all cities or all airports"',
    );
  });

  it('hotels-live.agent-ids-together: 200 agent ids in both lists together', async () => {
    expectStatus(
      await send('HotelsService_CreateSearch', (body) => {
        body.query.includedAgentsIds = Array.from({length: 150}, (_, index) => `in${index}`);
        body.query.excludedAgentsIds = Array.from({length: 50}, (_, index) => `ex${index}`);
      }),
      200,
    );
  });
});
