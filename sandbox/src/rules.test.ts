import {describe, expect, it} from 'vitest';
import {resolveRef, validationNotes, walkSchemas, type OpenApiDocument, type Schema} from '@portal/specs';
import {enforcedBySchema, notes, rules} from './rules';
import {STAGE_MS} from './services/session';
import {bundles, exampleBody, op, request, testApp} from './testing';

/** The object at a JSON pointer of a document, its own `$ref` not followed (unlike `resolveRef`). */
const nodeAt = (doc: OpenApiDocument, pointer: string): Schema =>
  pointer
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as Schema;

/** The JSON Schema keywords an "(enforced by `keyword`)" note may name. */
const SCHEMA_KEYWORDS = [
  'required',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'oneOf',
  'default',
  'not',
  'minProperties',
  'maxProperties',
];

describe('x-validation notes', () => {
  const all = [...bundles].flatMap(([slug, doc]) =>
    validationNotes(doc).flatMap(({pointer, notes: texts}) => texts.map((text) => ({slug, pointer, text}))),
  );
  const claimedBy = (slug: string, pointer: string, text: string) => [
    ...rules.flatMap((rule) =>
      rule.sources
        .filter((source) => source.slug === slug && source.pointer === pointer && text.includes(source.phrase))
        .map(() => `rule ${rule.id}`),
    ),
    ...notes
      .filter((note) => note.slug === slug && note.pointer === pointer && text.includes(note.phrase))
      .map((note) => `${note.by}`),
  ];

  it('are each implemented by one rule, honoured another named way, or enforced by the schema keywords they name', () => {
    expect(all.length).toBeGreaterThan(20);
    const unclaimed = all.filter(
      ({slug, pointer, text}) => !claimedBy(slug, pointer, text).length && !enforcedBySchema(text),
    );
    expect(
      unclaimed,
      'x-validation notes with no implementation: add a rule or a note entry in sandbox/src/rules.ts',
    ).toEqual([]);
    const twice = all.filter(({slug, pointer, text}) => claimedBy(slug, pointer, text).length > 1);
    expect(twice).toEqual([]);
  });

  it('that say "enforced by" name keywords the schema has', () => {
    const enforced = all.filter(
      (note) => enforcedBySchema(note.text) && !claimedBy(note.slug, note.pointer, note.text).length,
    );
    expect(enforced.length).toBeGreaterThan(10);
    for (const {slug, pointer, text} of enforced) {
      const doc = bundles.get(slug)!;
      const reached: Schema[] = [];
      // The object at the pointer itself (a property may hold `not` beside its `$ref`), then what it reaches.
      walkSchemas(doc, [nodeAt(doc, pointer)], (schema) => reached.push(schema));
      const schema = JSON.stringify(reached);
      // The keywords of "(enforced by `a`, `b` and `c` on `Schema`)": before its closing bracket and any " on "
      const clause = text.slice(text.indexOf('enforced by')).split(')')[0].split(' on ')[0];
      const keywords = [...clause.matchAll(/`(\w+)`/g)].map(([, word]) => word);
      // A note that names no keyword, or one this list does not know, would check nothing: each must be one.
      expect(keywords.length, `${slug} ${pointer}: ${text}`).toBeGreaterThan(0);
      expect(
        keywords.filter((word) => !SCHEMA_KEYWORDS.includes(word)),
        `${slug} ${pointer}: ${text}`,
      ).toEqual([]);
      for (const keyword of keywords) expect(schema, `${slug} ${pointer}: ${text}`).toContain(`"${keyword}"`);
    }
  });

  it('rules and notes cite text the specs hold (in x-validation or the description)', () => {
    for (const source of [...rules.flatMap((rule) => rule.sources), ...notes]) {
      const target = resolveRef(bundles.get(source.slug)!, {$ref: source.pointer}) as Schema;
      const text = [...((target['x-validation'] as string[] | undefined) ?? []), target.description ?? ''].join(' ');
      expect(text, `${source.slug} ${source.pointer}`).toContain(source.phrase);
    }
  });
});

/** A request that breaks each rule (and the same request without the fault, which passes). */
const day = 86_400_000;
const dateIn = (days: number) => {
  const date = new Date(Date.now() + days * day);
  return {year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate()};
};

type Body = Record<string, Record<string, unknown>>;
/** Continents of the sandbox's place hierarchy (data/places.ts). */
const NORTH_AMERICA = '205351567';
const EUROPE = '27563221';
const cases: Record<
  string,
  {operationId: string; break: (body: Body) => void; field: string; params?: Record<string, string>}
> = {
  'flights-live.legs-in-date-order': {
    operationId: 'FlightsService_CreateSearch',
    break: (body) => {
      const legs = body.query.queryLegs as {date: object}[];
      legs.push({...legs[0], date: {year: 2026, month: 1, day: 1}});
    },
    field: 'query.queryLegs[1].date',
  },
  'flights-live.no-continent': {
    operationId: 'FlightsService_CreateSearch',
    break: (body) => {
      (body.query.queryLegs as {originPlaceId: object}[])[0].originPlaceId = {entityId: NORTH_AMERICA};
    },
    field: 'query.queryLegs[0].originPlaceId.entityId',
  },
  'flights-indicative.no-continent': {
    operationId: 'FlightsIndicativeService_SearchFlights',
    break: (body) => {
      (body.query.queryLegs as {destinationPlace: object}[])[0].destinationPlace = {
        queryPlace: {entityId: NORTH_AMERICA},
      };
    },
    field: 'query.queryLegs[0].destinationPlace.queryPlace.entityId',
  },
  'carhire-live.agents-valid-for-market': {
    operationId: 'CarHireService_CreateSearch',
    break: (body) => {
      body.query.includedAgentIds = ['avis', 'nosuchagent'];
    },
    field: 'query.includedAgentIds[1]',
  },
  'carhire-indicative.by-date-within-a-month': {
    operationId: 'CarHireIndicativeService_Search',
    break: (body) => {
      body.query.dateTimeGroupingType = 'DATE_TIME_GROUPING_TYPE_BY_DATE';
      body.query.pickUpDate = dateIn(10);
      body.query.dropOffDate = dateIn(45);
    },
    field: 'query.dropOffDate',
  },
  'carhire-agents.valid-market': {
    operationId: 'CarHireAgentsService_ListAgents',
    break: () => {},
    params: {market: 'XX'},
    field: 'market',
  },
  'hotels-live.agent-ids-together': {
    operationId: 'HotelsService_CreateSearch',
    break: (body) => {
      body.query.includedAgentsIds = Array.from({length: 150}, (_, index) => `in${index}`);
      body.query.excludedAgentsIds = Array.from({length: 51}, (_, index) => `ex${index}`);
    },
    field: 'query.includedAgentsIds',
  },
  'hotels-live.price-range-order': {
    operationId: 'HotelsService_PollSearch',
    break: (body) => {
      (body as unknown as {filters: object[]}).filters = [{priceRangeFilter: {minValue: 300, maxValue: 100}}];
    },
    field: 'filters[0].priceRangeFilter.minValue',
  },
  'hotels-indicative.one-geo-level': {
    operationId: 'HotelsIndicativeService_Search',
    break: (body) => {
      body.query.destinationEntityIds = ['27544008', '95673668'];
    },
    field: 'query.destinationEntityIds',
  },
  'hotels-indicative.within-12-months': {
    operationId: 'HotelsIndicativeService_Search',
    break: (body) => {
      body.query.travelDate = {dateRange: {startDate: dateIn(-3), endDate: dateIn(400)}};
    },
    field: 'query.travelDate.dateRange.startDate',
  },
};

/** `YYYY-MM-DD` of a date `days` from today. */
const shown = (days: number) => {
  const {year, month, day} = dateIn(days);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
/** The field violations each case's request is answered with: field and description. */
const refusals: Record<string, () => [string, string][]> = {
  'flights-live.legs-in-date-order': () => [
    ['query.queryLegs[1].date', "2026-01-01 is before the previous leg's 2027-03-12: legs go in ascending date order"],
  ],
  'flights-live.no-continent': () => [
    ['query.queryLegs[0].originPlaceId.entityId', '205351567 is a continent: continents are not valid search places'],
  ],
  'flights-indicative.no-continent': () => [
    [
      'query.queryLegs[0].destinationPlace.queryPlace.entityId',
      '205351567 is a continent: continents are not valid search places',
    ],
  ],
  'carhire-live.agents-valid-for-market': () => [
    [
      'query.includedAgentIds[1]',
      'agent nosuchagent is not an agent of market UK (the car hire agents API lists them)',
    ],
  ],
  'carhire-indicative.by-date-within-a-month': () => [
    [
      'query.dropOffDate',
      `${shown(45)} is more than one month after today: grouping by date covers at most one month ahead`,
    ],
  ],
  'carhire-agents.valid-market': () => [['market', 'XX is not a market code (the culture API lists them)']],
  'hotels-live.agent-ids-together': () => [
    [
      'query.includedAgentsIds',
      '201 agent ids in includedAgentsIds and excludedAgentsIds together; at most 200 per request',
    ],
  ],
  'hotels-live.price-range-order': () => [
    ['filters[0].priceRangeFilter.minValue', 'minValue 300 exceeds maxValue 100'],
  ],
  'hotels-indicative.one-geo-level': () => [
    [
      'query.destinationEntityIds',
      'destinations mix geo levels (27544008 is city, 95673668 is airport): send all cities or all airports',
    ],
  ],
  'hotels-indicative.within-12-months': () => [
    ['query.travelDate.dateRange.startDate', `${shown(-3)} is in the past: travel dates lie within the next 12 months`],
    [
      'query.travelDate.dateRange.endDate',
      `${shown(400)} is more than 12 months ahead: travel dates lie within the next 12 months`,
    ],
  ],
};

describe('each x-validation rule', () => {
  it('has a case here', () => {
    expect(Object.keys(cases).sort()).toEqual(rules.map((rule) => rule.id).sort());
    expect(Object.keys(refusals).sort()).toEqual(rules.map((rule) => rule.id).sort());
  });

  for (const rule of rules) {
    it(`${rule.id}: a request that breaks it answers 400 naming the field and the rule`, async () => {
      const {app} = testApp();
      const spec = cases[rule.id];
      const operation = op(spec.operationId);
      let replace: Record<string, string> = {...spec.params};
      if (spec.operationId === 'HotelsService_PollSearch') {
        const created = (await (
          await app.request(
            request(op('HotelsService_CreateSearch'), {body: exampleBody(op('HotelsService_CreateSearch'))}),
          )
        ).json()) as {
          sessionToken: string;
        };
        replace = {sessionToken: created.sessionToken};
      }
      const body = exampleBody(operation) as Body | undefined;
      if (body) spec.break(body);
      const response = await app.request(request(operation, {body, replace}));
      const json = (await response.json()) as {
        code: number;
        details: {fieldViolations?: {field: string; reason: string}[]}[];
      };
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(json.code).toBe(3);
      expect(json.details[0].fieldViolations).toContainEqual(
        expect.objectContaining({field: spec.field, reason: rule.id}),
      );
      // What the partner reads: every field the rule refuses, and why, in the rule's own words
      expect(json.details[0].fieldViolations).toEqual(
        refusals[rule.id]().map(([field, description]) => ({field, description, reason: rule.id})),
      );
    });
  }

  it('lets the documented examples through (the same requests without the fault)', async () => {
    const {app} = testApp();
    const operationIds = [...new Set(Object.values(cases).map((spec) => spec.operationId))];
    expect(operationIds).toContain('HotelsService_PollSearch');
    for (const operationId of operationIds) {
      const operation = op(operationId);
      const replace = operationId === 'HotelsService_PollSearch' ? {sessionToken: await hotelsSession(app)} : undefined;
      const response = await app.request(request(operation, {body: exampleBody(operation), replace}));
      expect(response.status, operationId).toBe(200);
    }
  });
});

/** The session token of a hotels live search made from the spec's example. */
async function hotelsSession(app: ReturnType<typeof testApp>['app']): Promise<string> {
  const response = await app.request(
    request(op('HotelsService_CreateSearch'), {body: exampleBody(op('HotelsService_CreateSearch'))}),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as {sessionToken: string}).sessionToken;
}

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
  /** A 400 whose one field violation names the field and the rule. */
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

describe('the rules at their edges: the last request each lets through', () => {
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
