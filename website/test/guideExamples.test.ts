/**
 * Every JSON code block in the guides and the blog is an API body, checked against the specification:
 * its fence names what it is (`json request=<operationId>`, `json response=<operationId>` with an
 * optional `status=<code>`, or `json schema=<ComponentSchema>`). An unmarked JSON block fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles, SpecValidator} from '@portal/specs/node';
import {type CodeBlock, jsonBlocks} from '../../test-utils/mdx';

const websiteDir = path.resolve(__dirname, '..');
const validator = new SpecValidator(loadBundles());

function contentFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return contentFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

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
    return result.errors.map((error) => `${where} (${request ?? response ?? schema}): ${error}`);
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))];
const blocks = files.flatMap((file) => jsonBlocks(file, fs.readFileSync(file, 'utf8')));

describe('JSON examples in the guides and the blog', () => {
  it('are found', () => {
    // Every ```json block of website/docs and website/blog: update this number when blocks are added or removed.
    expect(blocks.length).toBe(137);
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
    ].join('\n');
    const problems = jsonBlocks('sample.mdx', sample).map(check);
    expect(problems).toHaveLength(3);
    expect(problems[0][0]).toMatch(/must name request=, response= or schema=/);
    expect(problems[1].join()).toMatch(/must have required property/);
    expect(problems[2].join()).toMatch(/must be integer/);
  });
});
