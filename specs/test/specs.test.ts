import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  authoredSlugs,
  loadBundles,
  mediaExamples,
  operations,
  resolveRef,
  specsDir,
  SpecValidator,
} from '@portal/specs/node';

const specs = loadBundles();
const validator = new SpecValidator(specs);
const sharedDir = path.resolve(specsDir, '..', '..', 'shared');

/** Calls the seeds list as showing no security requirement. */
const unsecured = new Set([
  'FlightsService_CreateItineraryRefresh',
  'FlightsService_PollItineraryRefresh',
  'CultureService_NearestCulture',
]);
const errorStatuses = ['400', '401', '403', '404', '429', '500', '503', 'default'];

/** Which API owns a seed call, by path prefix (test data: the seeds' call tables name no API). */
const ownerPrefixes: Record<string, string> = {
  'flights-live-pricing': '/apiservices/v3/flights/live/',
  'flights-indicative': '/apiservices/v3/flights/indicative/',
  geo: '/apiservices/v3/geo/',
  culture: '/apiservices/v3/culture/',
  carriers: '/apiservices/v3/flights/carriers',
  autosuggest: '/apiservices/v3/autosuggest/',
  'carhire-live-pricing': '/apiservices/v1/carhire/live/',
  'carhire-indicative': '/apiservices/v1/carhire/indicative/',
  'carhire-agents': '/apiservices/v1/carhire/agents/',
  'hotels-live': '/apiservices/v1/hotels/live/',
  'hotels-indicative': '/apiservices/v1/hotels/indicative/',
  'hotels-content': '/apiservices/v1/hotels/content',
  'hotels-reviews': '/apiservices/v1/hotels/reviews',
};

/** The `METHOD path` rows of a seed's section 7 call table, query strings dropped. */
function seedCalls(file: string): string[] {
  const text = fs.readFileSync(path.join(sharedDir, 'seeds', file), 'utf8');
  const section = text.split(/^## 7\./m)[1]?.split(/^## 8\./m)[0] ?? '';
  return [...section.matchAll(/^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|?\s*(\/apiservices\/[^\s|?]+)/gm)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
}

const allOperations = [...specs].flatMap(([slug, doc]) => operations(slug, doc));

describe('the bundled specifications', () => {
  it('exist for every authored specification', () => {
    expect([...specs.keys()].sort()).toEqual(authoredSlugs());
    expect(specs.size).toBeGreaterThanOrEqual(2);
  });

  for (const [slug, doc] of specs) {
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
        const open = Array.isArray(operation.security) && operation.security.length === 0;
        if (open !== unsecured.has(id)) problems.push(`${id}: security ${open ? 'removed' : 'required'}`);
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
      const walk = (node: unknown, pointer: string) => {
        if (!node || typeof node !== 'object') return;
        const schema = node as Record<string, unknown>;
        if (Array.isArray(schema.examples) && (schema.type || schema.$ref)) {
          const validate =
            validator.ajv.getSchema(`${slug}#${pointer}`) ?? validator.ajv.compile({$ref: `${slug}#${pointer}`});
          for (const example of schema.examples) {
            check(`${pointer} example`, {
              valid: validate(example) as boolean,
              errors: (validate.errors ?? []).map((error) => error.message ?? ''),
            });
          }
        }
        for (const [key, child] of Object.entries(schema)) {
          if (key !== 'examples' && key !== 'example')
            walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        }
      };
      walk(doc.components?.schemas, '/components/schemas');
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(operations(slug, doc).length);
    });
  }
});

describe('the calls of the seeds', () => {
  const calls = [...seedCalls('000_a19e442e63e363f1.txt'), ...seedCalls('001_5f9e9843068da5cb.txt')];
  const owner = (call: string): string => {
    const owners = Object.entries(ownerPrefixes).filter(([, prefix]) => call.split(' ')[1].startsWith(prefix));
    expect(owners, call).toHaveLength(1);
    return owners[0][0];
  };

  it('are read from both seeds (5 flights calls, 19 others)', () => {
    expect(seedCalls('000_a19e442e63e363f1.txt')).toHaveLength(5);
    expect(seedCalls('001_5f9e9843068da5cb.txt')).toHaveLength(19);
  });

  for (const slug of specs.keys()) {
    it(`${slug}: has exactly the seed's paths and methods`, () => {
      const expected = calls.filter((call) => owner(call) === slug).sort();
      const actual = allOperations.filter((op) => op.slug === slug).map((op) => `${op.method} ${op.path}`);
      expect(expected.length).toBeGreaterThan(0);
      expect(actual.sort()).toEqual(expected);
    });
  }
});

describe('the recorded real responses', () => {
  const dir = path.join(sharedDir, 'real-responses');
  const recordings = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({file, ...JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))}))
    .filter((recording) => specs.has(recording.api) && recording.kind === 'response');

  it('exist for the flights APIs', () => {
    expect(recordings.map((recording) => recording.api)).toEqual(
      expect.arrayContaining(['flights-live-pricing', 'flights-indicative']),
    );
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
