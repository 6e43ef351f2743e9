/**
 * The MCP server over Streamable HTTP (the MCP transport for remote servers), with the official SDK's
 * Web-standard transport, so one handler runs wherever `Request` and `Response` do: the portal's Worker
 * answers `/mcp` with it (deploy/src/worker.ts), and ./http.test.ts calls it in Node.
 *
 * Stateless: no session id, no stream. Each POST is answered with JSON by a server made for it from one
 * `serverFactory` (the search index and validators are made once), which suits a platform that runs any
 * request on any instance; the sandbox's sessions carry their state in their tokens, so a search created
 * through `call_sandbox` polls on any instance too. GET (a stream of server messages) and DELETE (ending a
 * session) are answered 405, as the transport specification allows a server that offers neither.
 */
import {WebStandardStreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {serverFactory, type ServerOptions} from './tools';

/** The largest JSON-RPC body read (a tool call carries at most a request body to validate or send). */
export const MAX_MCP_BODY_BYTES = 1024 * 1024;

/**
 * Any origin may call it: it holds no secret, reads no cookie and answers no credentials (CORS without
 * `Allow-Credentials`), and browser-based MCP clients (an inspector, an assistant in a page) run on other
 * origins. The headers a client sends and reads are the transport's own.
 */
export const MCP_CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id',
  'Access-Control-Expose-Headers': 'mcp-session-id, mcp-protocol-version',
  'Access-Control-Max-Age': '86400',
};

/** A JSON-RPC error answered without a server (the transport's own shape for its HTTP errors). */
function rpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({jsonrpc: '2.0', error: {code: -32000, message}, id: null}), {
    status,
    headers: {'Content-Type': 'application/json', ...headers},
  });
}

function withCors(response: Response): Response {
  const answer = new Response(response.body, response);
  for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) answer.headers.set(name, value);
  return answer;
}

/** The `/mcp` endpoint of `options`: a request in, its answer out. */
export function mcpHttpHandler(options: ServerOptions): (request: Request) => Promise<Response> {
  const makeServer = serverFactory(options);
  return async (request) => {
    if (request.method === 'OPTIONS') return withCors(new Response(null, {status: 204}));
    if (request.method !== 'POST') {
      return withCors(
        rpcError(
          405,
          'Method not allowed: this MCP server is stateless and answers POST only, with JSON (no stream, no session to end)',
          {Allow: 'POST, OPTIONS'},
        ),
      );
    }
    const server = makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
    });
    try {
      await server.connect(transport);
      return withCors(await transport.handleRequest(request));
    } finally {
      await server.close();
    }
  };
}
