/**
 * The check "specs:lint enforces the conventions" (redocly.yaml, plugins/conventions.mjs): on a small
 * document written here, each rule refuses the fault it is for and accepts the document without it; on
 * the bundles, the thirteen and the portal's own check API (specs/check-api), nothing is refused.
 */
import {describe, expect, it} from 'vitest';
import {CHECK_API_SLUG, lintProblems, loadBundles, loadCheckApi, type OpenApiDocument} from '@portal/specs/node';

/** A document that follows every convention the lint checks. */
const valid = (): OpenApiDocument =>
  ({
    openapi: '3.1.0',
    info: {title: 'Lint', version: 'v1', description: 'A document for the lint test.'},
    servers: [{url: 'https://{host}', variables: {host: {default: 'api.partner.invalid'}}}],
    security: [{ApiKey: []}],
    tags: [{name: 'ThingService', description: 'Things.'}],
    paths: {
      '/things/{thingId}': {
        get: {
          operationId: 'ThingService_GetThing',
          tags: ['ThingService'],
          summary: 'Get a thing',
          description: 'One thing by its id.',
          parameters: [
            {
              name: 'thingId',
              in: 'path',
              required: true,
              description: 'The id.',
              schema: {type: 'string'},
              example: 't1',
            },
          ],
          responses: {
            '200': {
              description: 'The thing.',
              content: {
                'application/json': {
                  schema: {$ref: '#/components/schemas/Thing'},
                  examples: {one: {value: {id: 't1', kind: 'KIND_SMALL'}}},
                },
              },
            },
            '400': {description: 'Bad request.'},
          },
        },
      },
    },
    components: {
      securitySchemes: {ApiKey: {type: 'apiKey', in: 'header', name: 'x-api-key'}},
      schemas: {
        Thing: {
          type: 'object',
          description: 'A thing.',
          properties: {
            id: {type: 'string', description: 'Its id.', examples: ['t1']},
            kind: {$ref: '#/components/schemas/Kind'},
          },
        },
        Kind: {
          type: 'string',
          description: 'How big a thing is.',
          enum: ['KIND_UNSPECIFIED', 'KIND_SMALL'],
          'x-enumDescriptions': {KIND_UNSPECIFIED: 'Not set.', KIND_SMALL: 'Small.'},
        },
      },
    },
  }) as unknown as OpenApiDocument;

type Schemas = Record<string, Record<string, unknown> & {properties?: Record<string, Record<string, unknown>>}>;
const schemas = (doc: OpenApiDocument) => doc.components!.schemas as unknown as Schemas;
const operation = (doc: OpenApiDocument) => doc.paths['/things/{thingId}'].get!;

describe('specs:lint enforces the conventions', () => {
  it('accepts the document that follows them', async () => {
    expect(await lintProblems(valid())).toEqual([]);
  });

  it('refuses a property without a description, its own or its $ref target’s', async () => {
    const doc = valid();
    schemas(doc).Thing.properties!.allianceName = {type: 'string'};
    expect(await lintProblems(doc)).toEqual([
      'conventions/property-description: The property `allianceName` has no description: say what it holds (CONVENTIONS.md, "Schemas"). (at #/components/schemas/Thing/properties/allianceName)',
    ]);
    schemas(doc).Thing.properties!.allianceName.description = 'The alliance the carrier belongs to.';
    expect(await lintProblems(doc)).toEqual([]);
    delete schemas(doc).Kind.description;
    expect(await lintProblems(doc)).toEqual([
      'conventions/property-description: The property `kind` has no description: say what it holds (CONVENTIONS.md, "Schemas"). (at #/components/schemas/Thing/properties/kind)',
    ]);
  });

  it('refuses a parameter without a description', async () => {
    const doc = valid();
    delete (operation(doc).parameters![0] as {description?: string}).description;
    expect(await lintProblems(doc)).toEqual([
      'parameter-description: Parameter object description must be present. (at #/paths/~1things~1{thingId}/get/parameters/0)',
    ]);
  });

  it('refuses an enum value without its x-enumDescriptions entry, and an entry for no value', async () => {
    const doc = valid();
    (schemas(doc).Kind.enum as string[]).push('KIND_LARGE');
    expect(await lintProblems(doc)).toEqual([
      'conventions/enum-descriptions: The enum value `KIND_LARGE` has no entry in `x-enumDescriptions`: say what it means. (at #/components/schemas/Kind/enum/2)',
    ]);
    (schemas(doc).Kind['x-enumDescriptions'] as Record<string, string>).KIND_LARGE = 'Large.';
    expect(await lintProblems(doc)).toEqual([]);
    (schemas(doc).Kind['x-enumDescriptions'] as Record<string, string>).KIND_HUGE = 'Huge.';
    expect(await lintProblems(doc)).toEqual([
      'conventions/enum-descriptions: `x-enumDescriptions` describes `KIND_HUGE`, which is not a value of the enum. (at #/components/schemas/Kind/x-enumDescriptions/KIND_HUGE)',
    ]);
  });

  it('refuses, as an error, an example with a field its schema lacks or a value of the wrong type', async () => {
    const undeclared = valid();
    const media = operation(undeclared).responses['200'].content!['application/json'];
    (media.examples!.one.value as Record<string, unknown>).allianceName = 'oneworld';
    const problems = await lintProblems(undeclared);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^no-invalid-media-type-examples: .*allianceName.*\(at #\/paths\/.*\/examples\/one\/value/,
    );
    const wrongType = valid();
    schemas(wrongType).Thing.properties!.id.examples = [42];
    expect((await lintProblems(wrongType)).join('\n')).toMatch(/^no-invalid-schema-examples: .*must be string/);
  });

  it('refuses an x-refresh that is not whole: each fault alone, and the declaration without it', async () => {
    const withRefresh = (refresh: unknown): OpenApiDocument => {
      const doc = valid();
      (operation(doc) as unknown as Record<string, unknown>)['x-refresh'] = refresh;
      return doc;
    };
    const at = ' (at #/paths/~1things~1{thingId}/get/x-refresh)';
    const problem = (text: string) => `reference-data/refresh: \`x-refresh\` of ThingService_GetThing: ${text}.${at}`;
    expect(await lintProblems(withRefresh({data: 'Things', every: 'day', per: ['thingId']}))).toEqual([]);
    expect(await lintProblems(withRefresh({data: 'Things', every: 'traveller'}))).toEqual([]);
    expect(await lintProblems(withRefresh('daily'))).toEqual([
      problem('must be an object with `data`, `every` and, optionally, `per`'),
    ]);
    expect(await lintProblems(withRefresh({data: ' ', every: 'day'}))).toEqual([
      problem('`data` must name what the answer holds, as the Rate limits guide names it'),
    ]);
    expect(await lintProblems(withRefresh({data: 'Things', every: 'week'}))).toEqual([
      problem('`every` must be one of day, days, traveller'),
    ]);
    expect(await lintProblems(withRefresh({data: 'Things', every: 'day', per: 'thingId'}))).toEqual([
      problem('`per` must be a list of names'),
    ]);
    expect(await lintProblems(withRefresh({data: 'Things', every: 'day', per: ['thingId', 'market']}))).toEqual([
      problem('`per` names `market`, which is no parameter or body field of the operation (thingId)'),
    ]);
    expect(await lintProblems(withRefresh({data: 'Things', every: 'day', ttl: 86400}))).toEqual([
      problem('`ttl` is not a field of `x-refresh`'),
    ]);
  });

  it('finds nothing in the bundles, the portal’s own check API included', async () => {
    const bundles = [...loadBundles(), [CHECK_API_SLUG, loadCheckApi()] as const];
    expect(bundles.map(([slug]) => slug)).toContain(CHECK_API_SLUG);
    for (const [slug, doc] of bundles) expect(await lintProblems(doc), slug).toEqual([]);
  });
});
