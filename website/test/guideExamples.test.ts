/**
 * Every JSON code block in the guides and the blog is an API body, checked against the specification:
 * its fence names what it is (`json request=<operationId>`, `json response=<operationId>` with an
 * optional `status=<code>`, or `json schema=<ComponentSchema>`). An unmarked JSON block fails. Beyond
 * the schema, a block may name no field that the schema does not declare (`undeclaredFields of @portal/specs`:
 * the specs accept unknown fields, so a misspelled optional field would otherwise pass).
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles, requestMedia, responseMedia, SpecValidator, type Schema} from '@portal/specs/node';
import {contentFiles, type CodeBlock, jsonBlocks} from '@portal/content';
import {undeclaredFields} from '@portal/specs';

const websiteDir = path.resolve(__dirname, '..');
const validator = new SpecValidator(loadBundles());

function check(block: CodeBlock): string[] {
  const where = `${path.relative(websiteDir, block.file)}:${block.line}`;
  let value: unknown;
  try {
    value = JSON.parse(block.body);
  } catch (error) {
    return [`${where}: not valid JSON (${(error as Error).message})`];
  }
  const {request, response, schema, status} = block.meta;
  try {
    const result = request
      ? validator.request(request, value)
      : response
        ? validator.response(response, value, status ?? '200')
        : schema
          ? validator.schema(schema, value)
          : undefined;
    if (!result) return [`${where}: a JSON block must name request=, response= or schema=`];
    const name = request ?? response ?? schema;
    return [
      ...result.errors.map((error) => `${where} (${name}): ${error}`),
      ...undeclared(block.meta, value).map((field) => `${where} (${name}): ${field} is not a field of the schema`),
    ];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

/** The keys of a block's value that its schema does not declare. */
function undeclared({request, response, schema, status}: Record<string, string>, value: unknown): string[] {
  if (schema) {
    for (const doc of validator.specs.values()) {
      const named = doc.components?.schemas?.[schema];
      if (named) return undeclaredFields(doc, named, value);
    }
    return [];
  }
  const operation = validator.operation(request ?? response);
  const doc = validator.specs.get(operation.slug)!;
  const media: Schema | undefined = request
    ? requestMedia(doc, operation)?.schema
    : responseMedia(doc, operation, status ?? '200')?.schema;
  return undeclaredFields(doc, media, value);
}

const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))];
const found = files.flatMap((file) => jsonBlocks(file, fs.readFileSync(file, 'utf8')));
// A body shown as invalid (`invalid=<rule>`) is checked to be rejected, in guideInvalidExamples.test.ts
const blocks = found.filter((block) => block.meta.invalid === undefined);

describe('JSON examples in the guides and the blog', () => {
  it('are found', () => {
    // Every ```json block of website/docs and website/blog: update this number when blocks are added or removed.
    expect({examples: blocks.length, invalid: found.length - blocks.length}).toEqual({examples: 145, invalid: 19});
  });

  it('each validate against the schema of the operation or component they name', () => {
    expect(blocks.flatMap(check)).toEqual([]);
  });

  it('fail when a block is unmarked, broken or wrong (the check itself works)', () => {
    const sample = [
      '```json',
      '{"code": 8, "message": "Too many requests"}',
      '```',
      '```json request=FlightsService_CreateSearch',
      '{"query": {"market": "UK"}}',
      '```',
      '```json schema=Error',
      '{"code": "eight"}',
      '```',
      '```json request=FlightsService_CreateSearch',
      '{"query": {"market": "UK", "locale": "en-GB", "currency": "GBP", "adults": 1, "cabinClass": "CABIN_CLASS_ECONOMY",',
      '  "queryLegs": [{"originPlaceId": {"iata": "LHR"}, "destinationPlaceId": {"iata": "EDI"},',
      '  "date": {"year": 2027, "month": 3, "day": 12}}], "includedCarrierIds": ["BA"]}}',
      '```',
    ].join('\n');
    const problems = jsonBlocks('sample.mdx', sample).map(check);
    expect(problems).toHaveLength(4);
    expect(problems[0][0]).toMatch(/must name request=, response= or schema=/);
    expect(problems[1].join()).toMatch(/must have required property/);
    expect(problems[2].join()).toMatch(/must be integer/);
    // A misspelled optional field (the spec's is includedCarriersIds): valid JSON Schema, but undeclared
    expect(problems[3]).toEqual([
      expect.stringMatching(
        /sample\.mdx:10 \(FlightsService_CreateSearch\): \/query\/includedCarrierIds is not a field/,
      ),
    ]);
  });
});
