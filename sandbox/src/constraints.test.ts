/**
 * The sandbox's x-validation constraints (constraints.ts) and the specs' notes about them: every note that says a constraint is
 * "enforced by" a schema keyword names one the list knows, and each constraint refuses the request that breaks it with
 * the field and sentence a partner reads, while the same request without the fault is answered 200. The constraints at
 * their edges: constraintsEdges.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {resolveRef, validationNotes, walkSchemas, type OpenApiDocument, type Schema} from '@portal/specs';
import {enforcedBySchema, notes, constraints} from './constraints';
import {bundles, exampleBody, hotelsSession, op, request, testApp} from './testing.fixture';

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
    ...constraints.flatMap((constraint) =>
      constraint.sources
        .filter((source) => source.slug === slug && source.pointer === pointer && text.includes(source.phrase))
        .map(() => `constraint ${constraint.id}`),
    ),
    ...notes
      .filter((note) => note.slug === slug && note.pointer === pointer && text.includes(note.phrase))
      .map((note) => `${note.by}`),
  ];

  it('are each implemented by one constraint, honoured another named way, or enforced by the schema keywords they name', () => {
    expect(all.length).toBeGreaterThan(20);
    const unclaimed = all.filter(
      ({slug, pointer, text}) => !claimedBy(slug, pointer, text).length && !enforcedBySchema(text),
    );
    expect(
      unclaimed,
      'x-validation notes with no implementation: add a constraint or a note entry in sandbox/src/constraints.ts',
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
    for (const source of [...constraints.flatMap((constraint) => constraint.sources), ...notes]) {
      const target = resolveRef(bundles.get(source.slug)!, {$ref: source.pointer}) as Schema;
      const text = [...((target['x-validation'] as string[] | undefined) ?? []), target.description ?? ''].join(' ');
      expect(text, `${source.slug} ${source.pointer}`).toContain(source.phrase);
    }
  });
});

/** A request that breaks each constraint (and the same request without the fault, which passes). */
const day = 86_400_000;
const dateIn = (days: number) => {
  const date = new Date(Date.now() + days * day);
  return {year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate()};
};

type Body = Record<string, Record<string, unknown>>;
/** Continents of the sandbox's place hierarchy (data/places.ts). */
const NORTH_AMERICA = '205351567';
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
    expect(Object.keys(cases).sort()).toEqual(constraints.map((constraint) => constraint.id).sort());
    expect(Object.keys(refusals).sort()).toEqual(constraints.map((constraint) => constraint.id).sort());
  });

  for (const constraint of constraints) {
    it(`${constraint.id}: a request that breaks it answers 400 naming the field and the constraint`, async () => {
      const {app} = testApp();
      const spec = cases[constraint.id];
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
        expect.objectContaining({field: spec.field, reason: constraint.id}),
      );
      // What the partner reads: every field the constraint refuses, and why, in the rule's own words
      expect(json.details[0].fieldViolations).toEqual(
        refusals[constraint.id]().map(([field, description]) => ({field, description, reason: constraint.id})),
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
