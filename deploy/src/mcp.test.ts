/**
 * The MCP server at `/mcp` of the portal's Worker (deploy/src/worker.ts) in workerd, as an assistant meets
 * it with nothing installed: an MCP client of the official SDK over Streamable HTTP, and the cases every
 * way the server runs shares (test-utils/mcpClientSuite.ts). Then what only the Worker does: a search
 * created through `call_sandbox` polls on `/apiservices/` of another instance given the same secret (and
 * back), the endpoint shares the Worker's missing-secret answer, headers and per-address limit.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {firstExample, operations, requestMedia} from '@portal/specs';
import {loadBundle} from '@portal/specs/node';
import {answerBody, callTool, mcpClientSuite} from '@portal/test-utils/mcpClientSuite';
import {startWorkerd, type RunningWorkerd} from './workerd';

const SECRET = 'mcp-worker-test-secret';
const KEY = 'sandbox_mcp_worker_test';

const doc = loadBundle('flights-live-pricing');
const create = operations('flights-live-pricing', doc).find((op) => op.operationId === 'FlightsService_CreateSearch')!;
const search = firstExample(doc, requestMedia(doc, create));
const pollPath = (token: string) => `/apiservices/v3/flights/live/search/poll/${encodeURIComponent(token)}`;

/** An initialize request as a client's first POST (the JSON-RPC body the transport expects). */
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '1'}},
};
const MCP_HEADERS = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};

async function connect(url: string): Promise<Client> {
  const client = new Client({name: 'mcp-worker-test', version: '1.0.0'});
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url)));
  return client;
}

let first: RunningWorkerd;
let second: RunningWorkerd;
let client: Client;

beforeAll(async () => {
  [first, second] = await Promise.all([startWorkerd({secret: SECRET}), startWorkerd({secret: SECRET})]);
  client = await connect(first.url);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await Promise.all([first?.close(), second?.close()]);
});

describe('the MCP server at /mcp of the Worker, over Streamable HTTP', () => {
  mcpClientSuite(() => client);
});

describe('what only the Worker does', () => {
  it('a search created through call_sandbox polls on /apiservices/ of another instance, and back', async () => {
    const created = await callTool(client, 'call_sandbox', {
      method: 'POST',
      path: create.path,
      body: search,
      apiKey: KEY,
    });
    expect(created.text.startsWith('HTTP 200')).toBe(true);
    const token = answerBody(created.text).sessionToken as string;

    const polled = await fetch(`${second.url}${pollPath(token)}`, {method: 'POST', headers: {'x-api-key': KEY}});
    expect(polled.status).toBe(200);
    expect(((await polled.json()) as {status: string}).status).toMatch(/^RESULT_STATUS_/);

    const other = await fetch(`${second.url}${create.path}`, {
      method: 'POST',
      headers: {'x-api-key': KEY, 'content-type': 'application/json'},
      body: JSON.stringify(search),
    });
    const otherToken = ((await other.json()) as {sessionToken: string}).sessionToken;
    const back = await callTool(client, 'call_sandbox', {method: 'POST', path: pollPath(otherToken), apiKey: KEY});
    expect(back.text.startsWith('HTTP 200')).toBe(true);
    expect(answerBody(back.text).status).toMatch(/^RESULT_STATUS_/);

    // A token signed with another secret is refused, so the test above proves the secret is what they share
    const stranger = await startWorkerd({secret: 'another-secret'});
    try {
      const refused = await fetch(`${stranger.url}${pollPath(token)}`, {method: 'POST', headers: {'x-api-key': KEY}});
      expect(refused.status).toBe(404);
    } finally {
      await stranger.close();
    }
  });

  it('answers with the headers of the Worker and any origin, and a preflight', async () => {
    const answer = await fetch(`${first.url}/mcp`, {
      method: 'POST',
      headers: {...MCP_HEADERS, origin: 'https://assistant.example'},
      body: JSON.stringify(initialize),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    const body = (await answer.json()) as {result: {serverInfo: {name: string}}};
    expect(body.result.serverInfo.name).toBe('api-developer-docs');

    const preflight = await fetch(`${first.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://assistant.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
  });

  it('without its secret, /mcp answers 500 saying so, as the sandbox does', async () => {
    const bare = await startWorkerd({secret: ''});
    try {
      const answer = await fetch(`${bare.url}/mcp`, {
        method: 'POST',
        headers: MCP_HEADERS,
        body: JSON.stringify(initialize),
      });
      expect(answer.status).toBe(500);
      expect(((await answer.json()) as {message: string}).message).toMatch(/SANDBOX_TOKEN_SECRET/);
    } finally {
      await bare.close();
    }
  });

  it('/mcp counts against the per-address limit: over it, 429 with Retry-After', async () => {
    const limited = await startWorkerd({limits: {perAddress: {limit: 2, periodSeconds: 60}}});
    try {
      const send = () =>
        fetch(`${limited.url}/mcp`, {method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(initialize)});
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const over = await send();
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('60');
    } finally {
      await limited.close();
    }
  });
});
