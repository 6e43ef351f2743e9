/**
 * The Streamable HTTP endpoint (./http.ts), called with `Request`s in Node: what a client that is not an
 * MCP client of the SDK sends, and what it gets back. Its whole behaviour as a server, over the network,
 * is deploy/src/mcp.test.ts (the Worker's `/mcp` in workerd).
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {MAX_MCP_BODY_BYTES, mcpHttpHandler} from './http';
import type {MarkdownPage} from './pages';

const MCP_HEADERS = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '1'}},
};
const page: MarkdownPage = {
  title: 'Create and poll',
  path: '/docs/getting-started/create-and-poll',
  markdownPath: '/docs/getting-started/create-and-poll.md',
  markdown: '# Create and poll\n\n## A complete polling loop\n\nPoll with the session token.\n',
};

let handle: (request: Request) => Promise<Response>;
beforeAll(() => {
  handle = mcpHttpHandler({bundles: loadBundles(), pages: [page]});
});

const post = (body: string, headers: Record<string, string> = MCP_HEADERS) =>
  handle(new Request('http://portal.test/mcp', {method: 'POST', headers, body}));

interface RpcAnswer {
  id: number | null;
  result?: {content?: {text: string}[]; isError?: boolean; tools?: {name: string}[]};
  error?: {code: number; message: string};
}

describe('the MCP endpoint over HTTP', () => {
  it('answers each POST with JSON, request after request (a server per request, no session)', async () => {
    const first = await post(JSON.stringify(initialize));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('mcp-session-id')).toBeNull();
    for (const id of [2, 3]) {
      const listed = await post(JSON.stringify({jsonrpc: '2.0', id, method: 'tools/list'}));
      const body = (await listed.json()) as RpcAnswer;
      expect(body.id).toBe(id);
      expect(body.result?.tools?.map((tool) => tool.name)).toContain('search_docs');
    }
    const found = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: {name: 'search_docs', arguments: {query: 'session token'}},
      }),
    );
    expect(((await found.json()) as RpcAnswer).result?.content?.[0]?.text).toContain(page.markdownPath);
  });

  it('refuses GET and DELETE with 405 and Allow (no stream, no session), and answers a preflight', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await handle(
        new Request('http://portal.test/mcp', {method, headers: {accept: 'text/event-stream'}}),
      );
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
      expect(((await answer.json()) as RpcAnswer).error?.message).toMatch(/stateless/);
    }
    const preflight = await handle(new Request('http://portal.test/mcp', {method: 'OPTIONS'}));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });

  it('answers malformed JSON 400 with a JSON-RPC parse error', async () => {
    const answer = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as RpcAnswer).error?.code).toBe(-32700);
  });

  it('answers a body that is JSON but no JSON-RPC message 400', async () => {
    const answer = await post(JSON.stringify({hello: 'world'}));
    expect(answer.status).toBe(400);
  });

  it('answers another content type 415 and a client that does not accept JSON 406', async () => {
    const text = await post(JSON.stringify(initialize), {...MCP_HEADERS, 'content-type': 'text/plain'});
    expect(text.status).toBe(415);
    const html = await post(JSON.stringify(initialize), {...MCP_HEADERS, accept: 'text/html'});
    expect(html.status).toBe(406);
  });

  it(`answers a body over ${MAX_MCP_BODY_BYTES} bytes 413 without reading it into a server`, async () => {
    const big = JSON.stringify({
      ...initialize,
      params: {...initialize.params, padding: 'x'.repeat(MAX_MCP_BODY_BYTES)},
    });
    const answer = await post(big);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as RpcAnswer).error?.message).toMatch(/too large/i);
  });

  it('answers a deeply nested body to check with its verdict, not a crash', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const message = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"validate_request","arguments":{"operationId":"FlightsService_CreateSearch","body":${nested}}}}`;
    const answer = await post(message);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as RpcAnswer;
    expect(body.id).toBe(9);
    expect(body.result?.content?.[0]?.text).toMatch(
      /^invalid: 1 problem\(s\) with the body of FlightsService_CreateSearch:\n- \(body\): must be object/,
    );

    // To send to the sandbox: refused, saying why
    const send = message
      .replace('"validate_request"', '"call_sandbox"')
      .replace(
        '"operationId":"FlightsService_CreateSearch"',
        '"method":"POST","path":"/apiservices/v3/flights/live/search/create"',
      );
    const sent = (await (await post(send)).json()) as RpcAnswer;
    expect(sent.result?.isError).toBe(true);
    expect(sent.result?.content?.[0]?.text).toMatch(/^The body cannot be sent: it is nested too deeply/);
  });
});
