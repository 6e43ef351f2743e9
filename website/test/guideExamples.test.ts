/**
 * Every JSON code block in the guides and the blog is an API body, checked against the specification
 * (config/guideExamples.ts holds the check; the site's build runs it too when the specifications come
 * from the provider's host, `SPECS_FROM`).
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, SpecValidator} from '@portal/specs/node';
import {type CodeBlock, jsonBlocks} from '@portal/content';
import {exampleProblems, guideCheck, guideExampleProblems, guideJsonBlocks} from '../config/guideExamples';

const validator = new SpecValidator(loadBundles());
const check = (block: CodeBlock): string[] => exampleProblems(validator, block);

const found = guideJsonBlocks();
// A body shown as invalid (`invalid=<rule>`) is checked to be rejected, in guideInvalidExamples.test.ts
const blocks = found.filter((block) => block.meta.invalid === undefined);

describe('JSON examples in the guides and the blog', () => {
  it('are found', () => {
    // Every ```json block of website/docs and website/blog: update this number when blocks are added or removed.
    expect({examples: blocks.length, invalid: found.length - blocks.length}).toEqual({examples: 147, invalid: 20});
  });

  it('each validate against the schema of the operation or component they name', () => {
    expect(guideExampleProblems(validator, found)).toEqual([]);
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
      '```json config=mcp-client',
      '{"mcpServers": {"docs": {"command": "npm", "args": ["run", "--silent", "mcp"]}}}',
      '```',
      '```json config=mcp-client',
      '{"mcpServers": {"docs": {"command": "npm", "args": ["run", "mcp-server"]}},}',
      '```',
      '```json config=mcp-client',
      '{"mcpServers": {"docs": {"command": "npm", "args": ["run", "mcp-server"]}}}',
      '```',
      '```json config=mcp-client',
      '{"mcpServers": {"docs": {"command": "node", "args": ["/home/me/mcp.mjs"]}}}',
      '```',
      '```json config=mcp-client',
      '{"mcpServers": {"docs": {"command": "node", "args": ["/home/me/server.mjs", "--stdio"]}}}',
      '```',
    ].join('\n');
    const problems = jsonBlocks('sample.mdx', sample).map(check);
    expect(problems).toHaveLength(9);
    expect(problems[0][0]).toMatch(/must name request=, response=, schema= or config=/);
    expect(problems[1].join()).toMatch(/must have required property/);
    expect(problems[2].join()).toMatch(/must be integer/);
    // A misspelled optional field (the spec's is includedCarriersIds): valid JSON Schema, but undeclared
    expect(problems[3]).toEqual([
      expect.stringMatching(
        /sample\.mdx:10 \(FlightsService_CreateSearch\): \/query\/includedCarrierIds is not a field/,
      ),
    ]);
    // The MCP client configuration: the documented form passes; a trailing comma is not JSON; a script
    // the root package.json does not have, without --silent, fails on both counts
    expect(problems[4]).toEqual([]);
    expect(problems[5].join()).toMatch(/not valid JSON/);
    expect(problems[6]).toEqual([
      '../sample.mdx:21 (MCP client configuration): docs: args do not start with run and hold --silent',
      '../sample.mdx:21 (MCP client configuration): docs: mcp-server is not a script of the root package.json',
    ]);
    // The one file run by node: its path alone passes; another file, or more arguments, fails
    expect(problems[7]).toEqual([]);
    expect(problems[8]).toEqual([
      "../sample.mdx:27 (MCP client configuration): docs: node's args are not the path of mcp.mjs alone",
    ]);
  });

  it('stop the build when specifications from the host (SPECS_FROM) reject one, naming page and field', () => {
    // Without SPECS_FROM the build's step does nothing; with the bundles as authored, every example passes
    expect(
      guideCheck(undefined, () => {
        throw new Error('not read');
      }),
    ).toEqual({code: 0});
    expect(guideCheck('http://127.0.0.1:8080/openapi')).toEqual({
      code: 0,
      message: `The ${blocks.filter((block) => block.meta.file === undefined).length} JSON examples of the guides match the specifications from http://127.0.0.1:8080/openapi.`,
    });
    // A host whose flights live pricing spells the economy cabin differently
    const specs = loadBundles();
    const cabins = specs.get('flights-live-pricing')!.components!.schemas!.CabinClass as {enum: string[]};
    cabins.enum = cabins.enum.map((value) => value.replace('CABIN_CLASS_ECONOMY', 'CABIN_CLASS_COACH'));
    const {code, message} = guideCheck('http://127.0.0.1:8080/openapi', () => specs);
    expect(code).toBe(1);
    expect(message).toMatch(
      /^The specifications from http:\/\/127\.0\.0\.1:8080\/openapi reject examples of the guides/,
    );
    expect(message).toMatch(
      /\n {2}docs\/flights-live-prices\/[\w-]+\.mdx:\d+ \(FlightsService_CreateSearch\): \/query\/cabinClass must be one of CABIN_CLASS_UNSPECIFIED, CABIN_CLASS_COACH,/,
    );
  });
});
