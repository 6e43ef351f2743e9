import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {parametersOf, requestMedia, type Operation} from '@portal/specs';
import {behaviours, BEHAVIOUR_HEADER} from './app';
import {schemaArbitrary} from './schemaArbitrary';
import {bundles, exampleBody, KEY, op, operationsOf, request, testApp, validator} from './testing.fixture';
/** Every place in a JSON value, as key paths. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => paths(item, [...prefix, index]))];
  if (value && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([key, child]) => paths(child, [...prefix, key]))];
  }
  return [prefix];
}

type Mutation = {kind: 'delete' | 'replace' | 'snake' | 'stringify'; at: number; value: unknown};

function mutate(body: unknown, mutations: Mutation[]): unknown {
  let current = structuredClone(body);
  for (const mutation of mutations) {
    const all = paths(current);
    const path = all[mutation.at % all.length];
    if (!path.length) {
      if (mutation.kind === 'replace') current = mutation.value;
      continue;
    }
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], current) as Record<
      string | number,
      unknown
    >;
    const key = path[path.length - 1];
    if (mutation.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (mutation.kind === 'replace') parent[key] = mutation.value;
    else if (mutation.kind === 'stringify' && typeof parent[key] === 'number') parent[key] = String(parent[key]);
    else if (mutation.kind === 'snake' && typeof key === 'string' && !Array.isArray(parent)) {
      const snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
      const value = parent[key];
      delete parent[key];
      parent[snake] = value;
    }
  }
  return current;
}

/**
 * How many requests the fuzz sends: always all of them, with a fixed seed, so a run is the same run on
 * any machine (no time cut-off that would test fewer on a slow one). TIME_LIMIT_MS bounds the test
 * (about 20 s here with the machine loaded).
 */
const RUNS = 1500;
const TIME_LIMIT_MS = 180_000;
const SEED = 20261124;

/** A request of an operation: path and query parameters and a body drawn from the operation's schemas. */
function requestArbitrary(operation: Operation) {
  const doc = bundles.get(operation.slug)!;
  const parameters = parametersOf(doc, operation).filter((parameter) => ['path', 'query'].includes(parameter.in!));
  const media = requestMedia(doc, operation);
  return fc.record({
    parameters: fc.record(
      Object.fromEntries(
        parameters.map((parameter) => [
          parameter.name!,
          fc.oneof(
            {weight: 4, arbitrary: schemaArbitrary(doc, parameter.schema).map((value) => String(value))},
            {weight: 1, arbitrary: fc.string({maxLength: 12})},
          ),
        ]),
      ),
      {requiredKeys: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name!)},
    ),
    body: media ? schemaArbitrary(doc, media.schema) : fc.constant(undefined),
  });
}

describe('fuzz', () => {
  it(
    'values drawn from the request schemas, and mutations out of them: no 5xx but the behaviours asked for, every 4xx carries the error body, every 200 validates',
    {timeout: TIME_LIMIT_MS},
    async () => {
      const {app, clock} = testApp(Date.UTC(2026, 10, 24, 9));
      const sessions: Record<string, string> = {};
      for (const [create, kind] of [
        ['FlightsService_CreateSearch', 'flights'],
        ['CarHireService_CreateSearch', 'carhire'],
        ['HotelsService_CreateSearch', 'hotels'],
      ]) {
        const body = (await (await app.request(request(op(create), {body: exampleBody(op(create))}))).json()) as {
          sessionToken: string;
        };
        sessions[kind] = body.sessionToken;
      }
      let tried = 0;
      const statuses = new Map<number, number>();
      const byShape = new Map<string, number>();

      const mutationArb = fc.record({
        kind: fc.constantFrom<Mutation['kind']>('delete', 'replace', 'snake', 'stringify'),
        at: fc.nat(),
        value: fc.oneof(
          fc.jsonValue({maxDepth: 3}),
          fc.constantFrom('', -1, 0, 2 ** 31, 1e308, '99999999999999999999', [], {}, null, 'CABIN_CLASS_FIRST', '2027'),
        ),
      });
      const requestArb = fc
        .constantFrom(...operationsOf())
        .chain((operation) => fc.tuple(fc.constant(operation), requestArbitrary(operation)));

      await fc.assert(
        fc.asyncProperty(
          requestArb,
          // most requests as drawn from the schemas, the others mutated out of them or replaced
          fc.oneof(
            {weight: 3, arbitrary: fc.constant([] as Mutation[])},
            {weight: 2, arbitrary: fc.array(mutationArb, {minLength: 1, maxLength: 4})},
          ),
          fc.oneof({weight: 9, arbitrary: fc.constant(null)}, {weight: 1, arbitrary: fc.jsonValue({maxDepth: 4})}),
          fc.oneof(
            {weight: 6, arbitrary: fc.constant(null)},
            {weight: 1, arbitrary: fc.constantFrom(...behaviours, 'bogus')},
          ),
          fc.constantFrom('valid', 'valid', 'drawn'),
          fc.nat(5000),
          async ([operation, drawn], mutations, wholeBody, behaviour, tokenKind, advance) => {
            clock.now += advance;
            const kind = operation.operationId.startsWith('CarHire')
              ? 'carhire'
              : operation.operationId.startsWith('Hotels')
                ? 'hotels'
                : 'flights';
            const parameters = {...drawn.parameters} as Record<string, string>;
            for (const name of ['sessionToken', 'refreshSessionToken']) {
              if (name in parameters && tokenKind === 'valid') parameters[name] = sessions[kind];
            }
            let path = operation.path;
            const query = new URLSearchParams();
            for (const [name, value] of Object.entries(parameters)) {
              if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(value));
              else query.set(name, value);
            }
            path = path.replace(/\{[^}]+\}/g, 'missing');
            const body = wholeBody ?? (mutations.length ? mutate(drawn.body, mutations) : drawn.body);
            const headers: Record<string, string> = {'x-api-key': KEY, 'content-type': 'application/json'};
            if (behaviour) headers[BEHAVIOUR_HEADER] = behaviour;
            const response = await app.request(`http://sandbox.test${path}${query.size ? `?${query}` : ''}`, {
              method: operation.method,
              headers,
              body: operation.method === 'GET' || body === undefined ? undefined : JSON.stringify(body),
            });
            tried++;
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            const shape = wholeBody ? 'replaced' : mutations.length ? 'mutated' : 'drawn';
            byShape.set(`${shape} ${response.status}`, (byShape.get(`${shape} ${response.status}`) ?? 0) + 1);
            const json = (await response.json()) as {code?: unknown; message?: unknown; details?: unknown};
            if (response.status >= 500) expect(['500', '503']).toContain(behaviour);
            if (response.status >= 400) {
              expect(json).toEqual({code: expect.any(Number), message: expect.any(String), details: expect.any(Array)});
              const declared = operation.responses[String(response.status)] ? String(response.status) : 'default';
              expect(validator.response(operation.operationId, json, declared).errors).toEqual([]);
            } else {
              expect(response.status).toBe(200);
              expect(validator.response(operation.operationId, json).errors, JSON.stringify(body)).toEqual([]);
            }
          },
        ),
        {numRuns: RUNS, seed: SEED},
      );
      console.log(
        `fuzz: ${tried} requests tried (seed ${SEED}); statuses ` +
          `${JSON.stringify(Object.fromEntries(statuses))}; by request shape and status ${JSON.stringify(Object.fromEntries([...byShape].sort()))}`,
      );
      expect(tried).toBe(RUNS);
      // values drawn from the schemas reach the services, not only the validation
      expect(byShape.get('drawn 200') ?? 0).toBeGreaterThan(50);
    },
  );
});
