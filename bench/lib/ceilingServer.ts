/**
 * The ceilings of `bench/sandbox.ts`: a server that does no work but HTTP, answering every request
 * with 200 and a fixed JSON body, the bytes of a file (after reading the request's body, as the
 * sandbox must). `node:http` is the ceiling of any Node server on this machine; `hono` is the same
 * answer through Hono and @hono/node-server, the framework the sandbox runs on. The bench passes the
 * sandbox's own answer: the load generator's work per answer depends on its bytes, not only its size
 * (autocannon reads a body with multi-byte UTF-8 characters at about half the rate of an ASCII one).
 *   node --import tsx bench/lib/ceilingServer.ts <node-http|hono> --port <p> --host <h> --body <file>
 */
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {parseArgs} from 'node:util';
import {serve} from '@hono/node-server';
import {Hono} from 'hono';

const {positionals, values} = parseArgs({
  allowPositionals: true,
  options: {port: {type: 'string'}, host: {type: 'string'}, body: {type: 'string'}},
});
const kind = positionals[0];
const port = Number(values.port);
const host = values.host ?? '127.0.0.1';
if (!values.body) throw new Error('ceilingServer: --body <file> is required');
const body = new Uint8Array(readFileSync(values.body));

if (kind === 'node-http') {
  createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, {'content-type': 'application/json', 'content-length': body.byteLength});
      response.end(body);
    });
  }).listen(port, host);
} else if (kind === 'hono') {
  const app = new Hono();
  app.all('*', async (context) => {
    if (context.req.method !== 'GET') await context.req.arrayBuffer();
    return context.body(body, 200, {'Content-Type': 'application/json'});
  });
  serve({fetch: app.fetch, port, hostname: host});
} else {
  throw new Error(`ceilingServer: node-http or hono, not ${kind}`);
}
