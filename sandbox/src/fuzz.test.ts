import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {SCENARIO_HEADER} from './app';
import {exampleBody, exampleUrl, KEY, op, operationsOf, request, testApp, validator} from './testing';

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

describe('fuzz', () => {
  it(
    'no 5xx but the scenarios asked for; every 4xx carries the error body, every 200 validates',
    {timeout: 120_000},
    async () => {
      const {app, clock} = testApp();
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
      const operations = operationsOf();
      let tried = 0;
      const statuses = new Map<number, number>();

      const mutationArb = fc.record({
        kind: fc.constantFrom<Mutation['kind']>('delete', 'replace', 'snake', 'stringify'),
        at: fc.nat(),
        value: fc.oneof(
          fc.jsonValue({maxDepth: 3}),
          fc.constantFrom('', -1, 0, 2 ** 31, 1e308, '99999999999999999999', [], {}, null, 'CABIN_CLASS_FIRST', '2027'),
        ),
      });

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...operations),
          fc.array(mutationArb, {maxLength: 4}),
          fc.oneof(
            {weight: 5, arbitrary: fc.constant(null)},
            {weight: 1, arbitrary: fc.constantFrom('429', '500', '503', 'failed', 'slow', 'empty', 'bogus')},
          ),
          fc.constantFrom('valid', 'valid', 'random', 'none'),
          fc.oneof({weight: 7, arbitrary: fc.constant(null)}, {weight: 1, arbitrary: fc.jsonValue({maxDepth: 4})}),
          fc.nat(5000),
          async (operation, mutations, scenario, tokenKind, wholeBody, advance) => {
            clock.now += advance;
            const kind = operation.operationId.startsWith('CarHire')
              ? 'carhire'
              : operation.operationId.startsWith('Hotels')
                ? 'hotels'
                : 'flights';
            const token = tokenKind === 'valid' ? sessions[kind] : tokenKind === 'random' ? 'AAAA.BBBB' : 'x';
            const body = wholeBody ?? mutate(exampleBody(operation), mutations);
            const headers: Record<string, string> = {'x-api-key': KEY, 'content-type': 'application/json'};
            if (scenario) headers[SCENARIO_HEADER] = scenario;
            const url = exampleUrl(operation, {
              sessionToken: token,
              refreshSessionToken: token,
              market: mutations.length ? 'XX' : 'UK',
            });
            const response = await app.request(url, {
              method: operation.method,
              headers,
              body: operation.method === 'GET' || body === undefined ? undefined : JSON.stringify(body),
            });
            tried++;
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            const json = (await response.json()) as {code?: unknown; message?: unknown; details?: unknown};
            if (response.status >= 500) expect(['500', '503']).toContain(scenario);
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
        {numRuns: 300, interruptAfterTimeLimit: 90_000, seed: 20261124},
      );
      console.log(`fuzz: ${tried} requests tried; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(tried).toBeGreaterThan(50);
    },
  );
});
