/**
 * Checks of the thirteen specifications: each follows the conventions (CONVENTIONS.md), every example
 * validates, the paths and methods are exactly the seeds' call tables, and the recorded real
 * responses validate. The list of APIs comes from the seeds (test-utils/seed.ts), not from the specs.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  authoredSlugs,
  isOpen,
  listedSlugs,
  loadBundles,
  mediaExamples,
  operations,
  resolveRef,
  schemaExamples,
  SpecValidator,
} from '@portal/specs/node';
import {seedApiCount, seedApis, seedCallCount} from '@portal/test-utils/seed';

const specs = loadBundles();
const validator = new SpecValidator(specs);
const errorStatuses = ['400', '401', '403', '404', '429', '500', '503', 'default'];
const allOperations = [...specs].flatMap(([slug, doc]) => operations(slug, doc));
const call = (operation: {method: string; path: string}) => `${operation.method} ${operation.path}`;

describe('the list of specifications', () => {
  it("is the seeds' thirteen APIs, in redocly.yaml and as spec folders", () => {
    const expected = seedApis.map((api) => api.slug).sort();
    expect(expected).toHaveLength(seedApiCount);
    expect([...listedSlugs()].sort()).toEqual(expected);
    expect(authoredSlugs()).toEqual(expected);
    expect([...specs.keys()].sort()).toEqual(expected);
  });
});

describe('the bundled specifications', () => {
  it('exist for every authored specification', () => {
    expect([...specs.keys()].sort()).toEqual(authoredSlugs());
    expect(specs.size).toBeGreaterThanOrEqual(2);
  });

  const seedOpen = new Set(seedApis.flatMap((api) => api.open));
  for (const {slug} of seedApis) {
    const doc = specs.get(slug)!;
    it(`${slug}: every operation follows the conventions`, () => {
      const problems: string[] = [];
      const scheme = resolveRef(doc, doc.components?.securitySchemes?.ApiKey) as {in?: string; name?: string};
      expect(scheme).toMatchObject({type: 'apiKey', in: 'header', name: 'x-api-key'});
      for (const operation of operations(slug, doc)) {
        const id = operation.operationId;
        const [service] = id.split('_');
        if (!/^[A-Z][A-Za-z]+Service_[A-Z][A-Za-z]+$/.test(id)) problems.push(`${id}: not <Service>_<Method>`);
        if (operation.tags?.join() !== service) problems.push(`${id}: tag is not ${service}`);
        if (!operation.summary) problems.push(`${id}: no summary`);
        for (const status of ['200', ...errorStatuses]) {
          const response = operation.responses[status];
          if (!response) problems.push(`${id}: no ${status} response`);
          else if (status !== '200') {
            const schema = resolveRef(doc, response).content?.['application/json']?.schema as {$ref?: string};
            if (schema?.$ref !== '#/components/schemas/Error') problems.push(`${id}: ${status} body is not Error`);
          }
        }
        const open = isOpen(operation);
        if (open !== seedOpen.has(call(operation))) problems.push(`${id}: security ${open ? 'removed' : 'required'}`);
        if (
          operation.requestBody &&
          mediaExamples(doc, operation.requestBody.content?.['application/json']).size === 0
        ) {
          problems.push(`${id}: no request example`);
        }
        if (mediaExamples(doc, resolveRef(doc, operation.responses['200'])?.content?.['application/json']).size === 0) {
          problems.push(`${id}: no success response example`);
        }
      }
      expect(problems).toEqual([]);
    });

    it(`${slug}: every example validates against its schema`, () => {
      const problems: string[] = [];
      let checked = 0;
      const check = (label: string, result: {valid: boolean; errors: string[]}) => {
        checked += 1;
        if (!result.valid) problems.push(`${label}: ${result.errors.join('; ')}`);
      };
      for (const operation of operations(slug, doc)) {
        const id = operation.operationId;
        for (const [name, value] of mediaExamples(doc, operation.requestBody?.content?.['application/json'])) {
          check(`${id} request ${name}`, validator.request(id, value));
        }
        for (const status of Object.keys(operation.responses)) {
          const media = resolveRef(doc, operation.responses[status]).content?.['application/json'];
          for (const [name, value] of mediaExamples(doc, media)) {
            check(`${id} ${status} ${name}`, validator.response(id, value, status));
          }
        }
        for (const parameter of operation.parameters ?? []) {
          const resolved = resolveRef(doc, parameter);
          if (resolved.example !== undefined) {
            const validate = validator.ajv.compile(resolved.schema as object);
            check(`${id} parameter ${resolved.name}`, {
              valid: validate(resolved.example) as boolean,
              errors: (validate.errors ?? []).map((error) => error.message ?? ''),
            });
          }
        }
      }
      // Examples written on schemas and properties (`examples: [...]`).
      for (const {pointer, examples} of schemaExamples(doc)) {
        for (const example of examples) check(`${pointer} example`, validator.validateAt(slug, pointer, example));
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(operations(slug, doc).length);
    });
  }
});

describe('the calls of the seeds', () => {
  it('are the rows of the two call tables, as many as the seeds count', () => {
    expect(seedApis.flatMap((api) => api.calls)).toHaveLength(seedCallCount);
  });

  for (const api of seedApis) {
    it(`${api.slug}: has exactly the seed's paths and methods`, () => {
      const actual = allOperations.filter((op) => op.slug === api.slug).map(call);
      expect(actual.sort()).toEqual([...api.calls].sort());
    });
  }
});

describe('the recorded real responses', () => {
  const dir = path.join(__dirname, 'fixtures', 'real-responses');
  const recordings = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({file, ...JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))}));

  it('are the seven recordings of the fixture folder, all responses of specified APIs', () => {
    expect(recordings).toHaveLength(7);
    for (const recording of recordings) {
      expect(recording.kind, recording.file).toBe('response');
      expect(specs.has(recording.api), recording.file).toBe(true);
    }
  });

  for (const recording of recordings) {
    it(`${recording.file} is ${recording.expect} by the response schema`, () => {
      const operation = allOperations.find(
        (op) => op.slug === recording.api && op.method === recording.method && op.path === recording.path,
      );
      expect(operation, `${recording.method} ${recording.path}`).toBeDefined();
      const result = validator.response(operation!.operationId, recording.body);
      expect(result.errors).toEqual(recording.expect === 'accepted' ? [] : expect.anything());
      expect(result.valid).toBe(recording.expect === 'accepted');
    });
  }
});
