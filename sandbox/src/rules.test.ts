import {describe, expect, it} from 'vitest';
import {resolveRef, validationNotes, walkSchemas, type Schema} from '@portal/specs';
import {enforcedBySchema, notes, rules} from './rules';
import {bundles, exampleBody, op, request, testApp} from './testing';

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
    for (const {slug, pointer, text} of all.filter(
      (note) => enforcedBySchema(note.text) && !claimedBy(note.slug, note.pointer, note.text).length,
    )) {
      const doc = bundles.get(slug)!;
      const reached: Schema[] = [];
      walkSchemas(doc, [resolveRef(doc, {$ref: pointer}) as Schema], (schema) => reached.push(schema));
      const schema = JSON.stringify(reached);
      const keywords = [...text.slice(text.indexOf('enforced by')).matchAll(/`(\w+)`/g)].map(([, word]) => word);
      const known = keywords.filter((word) =>
        [
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
        ].includes(word),
      );
      for (const keyword of known) expect(schema, `${slug} ${pointer}: ${text}`).toContain(`"${keyword}"`);
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

describe('each x-validation rule', () => {
  it('has a case here', () => {
    expect(Object.keys(cases).sort()).toEqual(rules.map((rule) => rule.id).sort());
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
    });
  }

  it('lets the documented examples through (the same requests without the fault)', async () => {
    const {app} = testApp();
    for (const operationId of new Set(Object.values(cases).map((spec) => spec.operationId))) {
      if (operationId === 'HotelsService_PollSearch') continue;
      const operation = op(operationId);
      const response = await app.request(request(operation, {body: exampleBody(operation)}));
      expect(response.status, operationId).toBe(200);
    }
  });
});
