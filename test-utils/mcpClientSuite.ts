/**
 * The MCP server as an assistant meets it, once, for every way it runs: `mcpClientSuite(() => client)`
 * defines the cases inside the caller's `describe`, with a connected MCP client of the official SDK
 * (mcp/src/server.test.ts over stdio with `npm run mcp`, mcp/src/oneFile.test.ts with `node mcp.mjs`
 * alone in an empty folder, deploy/src/mcp.test.ts over Streamable HTTP at the Worker's `/mcp` in
 * workerd). Only the client: nothing here knows how the server was started.
 */
import {expect, it, vi} from 'vitest';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {firstExample, operations, requestMedia} from '@portal/specs';
import {loadBundle, loadBundles} from '@portal/specs/node';

/** The JSON body of a call_sandbox answer (`HTTP <status>`, a blank line, the body). */
export const answerBody = (text: string): Record<string, unknown> => JSON.parse(text.slice(text.indexOf('\n\n') + 2));

/** The text of a tool's answer. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{text: string; isError: boolean}> {
  const result = (await client.callTool({name, arguments: args})) as {
    content: {type: string; text?: string}[];
    isError?: boolean;
  };
  return {text: result.content.map((part) => part.text ?? '').join('\n'), isError: result.isError === true};
}

export function mcpClientSuite(connected: () => Client): void {
  const call = (name: string, args: Record<string, unknown>) => callTool(connected(), name, args);

  it('lists its five tools', async () => {
    const {tools} = await connected().listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'call_sandbox',
      'get_operation',
      'list_operations',
      'search_docs',
      'validate_request',
    ]);
  });

  it('search_docs finds the guide that explains polling', async () => {
    const {text} = await call('search_docs', {query: 'poll session token RESULT_STATUS_COMPLETE'});
    expect(text).toContain('/docs/getting-started/create-and-poll.md');
  });

  it('list_operations lists every operation of an API, from its bundle', async () => {
    const {text} = await call('list_operations', {api: 'geo'});
    const expected = operations('geo', loadBundle('geo')).map(
      (operation) => `${operation.operationId} ${operation.method} ${operation.path}`,
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const line of expected) expect(text).toContain(line);
    expect(text.trim().split('\n')).toHaveLength(expected.length);
  });

  it('get_operation answers the compact form by default: fields with their rules, enum names, errors, one example, links', async () => {
    const {text, isError} = await call('get_operation', {operationId: 'FlightsService_CreateSearch'});
    expect(isError).toBe(false);
    expect(text).toContain('`POST /apiservices/v3/flights/live/search/create`');
    expect(text).toMatch(/\| `query\.adults` \| integer \(int32\) \| yes \| at least 1; at most 8 \|/);
    expect(text).toContain('#### Errors');
    expect(text).toMatch(/#### Example\n\nRequest body:\n\n```json\n\{\n {2}"query"/);
    expect(text).toContain('The enums it uses: `CabinClass`, `ResultStatus`');
    expect(text).toContain('/api/flights-live-pricing.md');
    expect(text).toContain('/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateSearch');
    expect(text).toContain('`detail: "full"`');
    // What the compact form leaves for later: enum values, every response field, code samples, the schema
    expect(text).not.toContain('| `CABIN_CLASS_ECONOMY` |');
    expect(text).not.toContain('| `content.results.itineraries');
    expect(text).not.toContain('#### Code samples');
    expect(text).not.toContain('#### Request body JSON Schema');
    expect(text.length).toBeLessThan(12_000);
  });

  it('get_operation gives everything with detail "full": enum values, every response field, code samples, the schema', async () => {
    const {text, isError} = await call('get_operation', {
      operationId: 'FlightsService_CreateSearch',
      detail: 'full',
      languages: ['curl'],
    });
    expect(isError).toBe(false);
    expect(text).toMatch(/\| `query\.adults` \| integer \(int32\) \| yes \| at least 1; at most 8 \|/);
    expect(text).toContain('| `CABIN_CLASS_ECONOMY` |');
    expect(text).toContain('| `content.results.itineraries');
    expect(text).toContain('#### Errors');
    expect(text).toContain('#### Example');
    // the curl sample starts by checking the two variables it reads (specs/lib/codeSampleGuards.ts)
    expect(text).toMatch(/#### Code samples\n\ncurl:\n\n```bash\n: "\$\{API_BASE_URL:\?Set API_BASE_URL[^`]*&&\ncurl /);
    expect(text).not.toContain('```python');
    expect(text).toContain('#### Request body JSON Schema');
    expect(text.length).toBeGreaterThan(50_000);
  });

  it('get_operation gives only the sections asked for, in full', async () => {
    const {text} = await call('get_operation', {operationId: 'FlightsService_CreateSearch', sections: ['enums']});
    expect(text).toContain('| `CABIN_CLASS_ECONOMY` |');
    expect(text).toContain('`POST /apiservices/v3/flights/live/search/create`');
    expect(text).not.toContain('#### Request body');
    expect(text).not.toContain('#### Errors');

    const refused = await call('get_operation', {operationId: 'FlightsService_CreateSearch', sections: ['everything']});
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/sections/);
  });

  it('get_operation names an unknown operation as an error', async () => {
    const {text, isError} = await call('get_operation', {operationId: 'Nope_Nothing'});
    expect(isError).toBe(true);
    expect(text).toContain('No operation Nope_Nothing');
  });

  it('validate_request accepts the spec example and names each fault of a broken body', async () => {
    const doc = loadBundle('flights-live-pricing');
    const create = operations('flights-live-pricing', doc).find(
      (op) => op.operationId === 'FlightsService_CreateSearch',
    )!;
    const example = firstExample(doc, requestMedia(doc, create)) as {query: Record<string, unknown>};

    const valid = await call('validate_request', {operationId: 'FlightsService_CreateSearch', body: example});
    expect(valid.text).toMatch(/^valid/);

    const broken = {query: {...example.query, adults: 0, market: undefined}};
    const invalid = await call('validate_request', {operationId: 'FlightsService_CreateSearch', body: broken});
    expect(invalid.text).toMatch(/^invalid/);
    expect(invalid.text).toContain('- query.adults:');
    expect(invalid.text).toContain('query.market');
    expect(valid.text).not.toContain('Deprecated');

    // A field the spec deprecates is valid, and named as deprecated
    const old = {query: {...example.query, includeBaggageData: true}};
    const deprecated = await call('validate_request', {operationId: 'FlightsService_CreateSearch', body: old});
    expect(deprecated.text).toBe(
      'valid: the body meets the schema of FlightsService_CreateSearch.\nDeprecated (the spec says not to use it in new code): the field query.includeBaggageData.',
    );
  });

  it('call_sandbox runs a full live search: create, then poll until RESULT_STATUS_COMPLETE', async () => {
    const doc = loadBundle('flights-live-pricing');
    const create = operations('flights-live-pricing', doc).find(
      (op) => op.operationId === 'FlightsService_CreateSearch',
    )!;
    const query = firstExample(doc, requestMedia(doc, create));

    const created = await call('call_sandbox', {method: 'POST', path: create.path, body: query});
    expect(created.text.startsWith('HTTP 200')).toBe(true);
    let answer = answerBody(created.text);
    const token = answer.sessionToken as string;
    expect(token).toBeTruthy();

    // Poll as the guides do (website/docs/getting-started/create-and-poll.mdx), with the create
    // call's session token, until the search completes: vi.waitFor polls again while the status is
    // RESULT_STATUS_INCOMPLETE and returns as soon as an answer says RESULT_STATUS_COMPLETE (the
    // sandbox's clock decides when results arrive; no fixed wait).
    expect(answer.status).toBe('RESULT_STATUS_INCOMPLETE');
    answer = await vi.waitFor(
      async () => {
        const polled = await call('call_sandbox', {
          method: 'POST',
          path: `/apiservices/v3/flights/live/search/poll/${encodeURIComponent(token)}`,
        });
        expect(polled.text.startsWith('HTTP 200')).toBe(true);
        const body = answerBody(polled.text);
        expect(body.status).toBe('RESULT_STATUS_COMPLETE');
        return body;
      },
      {timeout: 20_000, interval: 100},
    );
    // The completing answer replaces the results with the whole set, which the client keeps.
    expect(answer.action).toBe('RESULT_ACTION_REPLACED');
    const results = (answer.content as {results: {itineraries: Record<string, unknown>}}).results;
    expect(Object.keys(results.itineraries).length).toBeGreaterThan(0);
  });

  it('call_sandbox answers the API error body for a key the sandbox does not accept', async () => {
    const {text, isError} = await call('call_sandbox', {
      method: 'GET',
      path: '/apiservices/v3/culture/currencies',
      apiKey: 'not-a-sandbox-key',
    });
    expect(isError).toBe(true);
    expect(text.startsWith('HTTP 403')).toBe(true);
  });

  it('serves every specification and every markdown page as a resource', async () => {
    const {resources} = await connected().listResources();
    const uris = resources.map((resource) => resource.uri);
    for (const slug of loadBundles().keys()) {
      expect(uris).toContain(`portal://openapi/${slug}.json`);
      expect(uris).toContain(`portal://site/api/${slug}.md`);
    }
    expect(uris).toContain('portal://site/docs/getting-started/enums.md');
    const page = await connected().readResource({uri: 'portal://site/docs/getting-started/enums.md'});
    const first = page.contents[0] as {text: string; mimeType: string};
    expect(first.mimeType).toBe('text/markdown');
    expect(first.text).toMatch(/^# Enums\n/);
    // `<EnumTable name="ResultStatus" />` as the table the page renders.
    expect(first.text).toContain('| `RESULT_STATUS_COMPLETE` |');
  });

  it('serves every guide category page of the sidebar, listing its guides linked to their markdown', async () => {
    const {resources} = await connected().listResources();
    const categories = resources.filter((resource) => resource.uri.startsWith('portal://site/docs/category/'));
    // Getting started, one per API, and the affiliates link API (website/sidebars.ts)
    expect(categories.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([
        'portal://site/docs/category/getting-started.md',
        'portal://site/docs/category/flights-live-prices-api.md',
        'portal://site/docs/category/affiliates-link-api.md',
      ]),
    );
    expect(categories).toHaveLength(loadBundles().size + 2);
    const page = await connected().readResource({uri: 'portal://site/docs/category/getting-started.md'});
    const text = (page.contents[0] as {text: string}).text;
    expect(text).toMatch(/^# Getting started\n\n> Keys, request and response conventions/);
    // The guides in the sidebar's order (sidebar_position), each linked to its .md page
    const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((match) => `${match[1]} ${match[2]}`);
    expect(links.slice(0, 3)).toEqual([
      'Authentication /docs/getting-started/authentication.md',
      'Requests and responses /docs/getting-started/requests-and-responses.md',
      'Errors /docs/getting-started/errors.md',
    ]);
    const guides = resources.map((resource) => resource.uri.replace('portal://site', ''));
    for (const link of links) expect(guides).toContain(link.split(' ').pop());

    const found = await call('search_docs', {query: 'Keys, request and response conventions'});
    expect(found.text).toContain('/docs/category/getting-started.md');
  });
}
