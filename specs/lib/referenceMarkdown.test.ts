import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from './openapi';
import {fieldRows, operationMarkdown, referenceMarkdown} from './referenceMarkdown';
import {fieldsAndValues, operations, operationSchemas} from './openapi';
import {loadBundles} from './bundles';

const fixtures = path.join(__dirname, 'fixtures');
const mini = JSON.parse(fs.readFileSync(path.join(fixtures, 'mini.openapi.json'), 'utf8')) as OpenApiDocument;

describe('referenceMarkdown', () => {
  it('writes the golden reference of the mini spec (fixtures/mini.reference.md, written by hand)', () => {
    expect(referenceMarkdown('mini', mini)).toBe(fs.readFileSync(path.join(fixtures, 'mini.reference.md'), 'utf8'));
  });

  it('marks a deprecated operation, parameter and field, and nothing that is not', () => {
    const deprecated = structuredClone(mini);
    const listPlaces = deprecated.paths['/v1/places'].get! as {
      deprecated?: boolean;
      parameters: {deprecated?: boolean}[];
    };
    listPlaces.deprecated = true;
    listPlaces.parameters[0].deprecated = true;
    (deprecated.components!.schemas!.Trip.properties!.legs as {deprecated?: boolean}).deprecated = true;
    const [getTrip, , places] = operations('mini', deprecated);
    const placesMarkdown = operationMarkdown(deprecated, places);
    expect(placesMarkdown).toContain(
      '`GET /v1/places` · operationId `PlaceService_ListPlaces` · no API key needed · **deprecated**\n\n' +
        '**Deprecated.** Do not use this operation in new code; its description says why.',
    );
    expect(placesMarkdown).toMatch(/\| `limit` \| query \| integer \| no \| at least 1; at most 50; deprecated \|/);
    const tripMarkdown = operationMarkdown(deprecated, getTrip);
    expect(tripMarkdown).toMatch(/\| `legs` \| array of Leg \| no \| deprecated \|/);
    expect(tripMarkdown).not.toContain('**deprecated**');
    expect(operationMarkdown(mini, operations('mini', mini)[2])).not.toContain('deprecated');
  });

  it('stops on an operation whose tag is not declared, instead of leaving it out', () => {
    const untagged = structuredClone(mini);
    untagged.paths['/v1/places'].get!.tags = ['Nowhere'];
    expect(() => referenceMarkdown('mini', untagged)).toThrow('PlaceService_ListPlaces has no declared tag');
  });

  it('lists the code samples of an operation when the bundle has them', () => {
    const sampled = structuredClone(mini);
    sampled.paths['/v1/places'].get!['x-codeSamples'] = [
      {lang: 'cURL', label: 'curl', source: 'curl "$API_BASE_URL/v1/places"\n'},
    ];
    const [, , listPlaces] = operations('mini', sampled);
    expect(operationMarkdown(sampled, listPlaces)).toContain(
      '#### Code samples\n\ncurl:\n\n```bash\ncurl "$API_BASE_URL/v1/places"\n```',
    );
  });

  it("lists the calls an answer's links lead to, with the field each parameter takes", () => {
    const linked = structuredClone(mini);
    const getTrip = linked.paths['/v1/trips/{tripId}'].get!;
    const ok = getTrip.responses['200'] as {links?: Record<string, unknown>};
    ok.links = {
      update: {
        operationId: 'TripService_UpdateTrip',
        parameters: {tripId: '$response.body#/id'},
        description: 'Change it.',
      },
    };
    const markdown = operationMarkdown(linked, operations('mini', linked)[0]);
    expect(markdown).toContain(
      '#### Next calls\n\nLinks of the answer (OpenAPI `links`): the calls that take what it returns.\n\n' +
        "- `update`: `TripService_UpdateTrip` (`POST /v1/trips/{tripId}`), `tripId` from the answer's `id`. Change it.\n",
    );
    expect(operationMarkdown(mini, operations('mini', mini)[0])).not.toContain('#### Next calls');
  });

  it('states oneOf choices, allOf members and forbidden values as rules', () => {
    const doc: OpenApiDocument = {
      info: {title: 'T', version: '1'},
      paths: {},
      components: {schemas: {Base: {type: 'object', properties: {day: {type: 'integer', minimum: 1}}}}},
    };
    const rows = fieldRows(doc, {
      type: 'object',
      properties: {
        place: {
          type: 'object',
          properties: {iata: {type: 'string'}, entityId: {type: 'string'}},
          oneOf: [
            {title: 'By IATA code', required: ['iata']},
            {title: 'By entity id', required: ['entityId']},
          ],
        },
        date: {allOf: [{$ref: '#/components/schemas/Base'}], properties: {hour: {type: 'integer', maximum: 23}}},
        grouping: {type: 'string', not: {const: 'UNSPECIFIED'}},
      },
    });
    expect(rows.map((row) => [row.path, row.rules.join('; ')])).toEqual([
      ['place', 'exactly one of: `iata` (By IATA code); `entityId` (By entity id)'],
      ['place.iata', ''],
      ['place.entityId', ''],
      ['date', ''],
      ['date.day', 'at least 1'],
      ['date.hour', 'at most 23'],
      ['grouping', 'must not be `UNSPECIFIED`'],
    ]);
  });
});

describe('the reference markdown of every bundled specification', () => {
  // Needs `npm run specs:bundle` (npm run test:unit runs it first).
  const bundles = loadBundles();

  it.each([...bundles.keys()])('%s names every operation, field and enum value of its bundle', (slug) => {
    const doc = bundles.get(slug)!;
    const markdown = referenceMarkdown(slug, doc);
    const missing: string[] = [];
    for (const operation of operations(slug, doc)) {
      if (!markdown.includes(`operationId \`${operation.operationId}\``)) missing.push(operation.operationId);
      const {fields, values} = fieldsAndValues(doc, operationSchemas(doc, operation));
      const section = operationMarkdown(doc, operation);
      for (const field of fields)
        if (!new RegExp(`[\`.\\]]${field}\``).test(section)) missing.push(`${operation.operationId} field ${field}`);
      for (const value of values)
        if (!section.includes(`\`${value}\``)) missing.push(`${operation.operationId} value ${value}`);
    }
    expect(missing).toEqual([]);
  });
});
