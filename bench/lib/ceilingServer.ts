/**
 * The ceilings of `bench/sandbox.ts`: a server that does no work but HTTP, answering every request
 * with 200 and a fixed JSON body of a given size (after reading the request's body, as the sandbox
 * must). `node:http` is the ceiling of any Node server on this machine; `hono` is the same answer
 * through Hono and @hono/node-server, the framework the sandbox runs on.
 *   node --import tsx bench/lib/ceilingServer.ts <node-http|hono> --port <p> --host <h> --bytes <n>
 */
import {createServer} from 'node:http';
import {parseArgs} from 'node:util';
import {serve} from '@hono/node-server';
import {Hono} from 'hono';

const {positionals, values} = parseArgs({
  allowPositionals: true,
  options: {port: {type: 'string'}, host: {type: 'string'}, bytes: {type: 'string'}},
});
const kind = positionals[0];
const port = Number(values.port);
const host = values.host ?? '127.0.0.1';
// A JSON string of exactly `bytes` bytes
const body = JSON.stringify('x'.repeat(Math.max(0, Number(values.bytes) - 2)));

if (kind === 'node-http') {
  createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, {'content-type': 'application/json', 'content-length': Buffer.byteLength(body)});
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
