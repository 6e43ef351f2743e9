/**
 * `npm run serve:worker` as a user runs it (the command `local.ts`, here with `--assets <folder>` of a small
 * fake build and `--port 0`): the build's pages and the sandbox on one origin, as the deploy serves them; with
 * no `--secret` it says it signs with the local development secret.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ERROR_CATALOGUE} from '@portal/sandbox';
import {exampleBody, KEY, op} from '@portal/sandbox/testing';

const root = path.resolve(__dirname, '..', '..');
const tsx = require.resolve('tsx/cli');

let site: string;
let server: ChildProcess;
let url: string;
let output = '';

beforeAll(async () => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fake-build-'));
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  fs.mkdirSync(path.join(site, 'docs', 'intro'), {recursive: true});
  fs.writeFileSync(path.join(site, 'index.html'), page('Fake portal'));
  fs.writeFileSync(path.join(site, 'docs', 'intro', 'index.html'), page('Introduction'));
  fs.writeFileSync(path.join(site, '404.html'), page('Page not found'));
  fs.writeFileSync(path.join(site, 'llms.txt'), '# Fake portal\n');
  const env = {...process.env};
  delete env.SANDBOX_TOKEN_SECRET;
  delete env.SITE_URL;
  server = spawn(process.execPath, [tsx, path.join(__dirname, 'local.ts'), '--assets', site, '--port', '0'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve:worker did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(/ on (http:\/\/127\.0\.0\.1:\d+) /);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.once('exit', (code) => reject(new Error(`serve:worker exited ${code}:\n${output}`)));
  });
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(site, {recursive: true, force: true});
});

describe('npm run serve:worker', () => {
  it('says what it serves, and that it signs with the local development secret when given none', async () => {
    expect(output).toMatch(
      /the site \(.*\), the sandbox at \/apiservices\/, the MCP server at \/mcp and the hosted check at \/check\/v1 on http:\/\/127\.0\.0\.1:\d+/,
    );
    await expect.poll(() => output).toContain('tokens are signed with the local development secret');
  });

  it("serves the build's pages, and its 404 page for a path that matches no file", async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await home.text()).toContain('Fake portal');
    const intro = await fetch(`${url}/docs/intro/`);
    expect(await intro.text()).toContain('Introduction');
    expect(await (await fetch(`${url}/llms.txt`)).text()).toBe('# Fake portal\n');
    const missing = await fetch(`${url}/docs/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('answers /apiservices/ from the sandbox on the same origin: a search created and polled', async () => {
    const create = op('FlightsService_CreateSearch');
    const created = await fetch(`${url}${create.path}`, {
      method: 'POST',
      headers: {'x-api-key': KEY, 'content-type': 'application/json'},
      body: JSON.stringify(exampleBody(create)),
    });
    expect(created.status).toBe(200);
    const {sessionToken} = (await created.json()) as {sessionToken: string};
    const poll = op('FlightsService_PollSearch');
    const polled = await fetch(`${url}${poll.path.replace('{sessionToken}', encodeURIComponent(sessionToken))}`, {
      method: 'POST',
      headers: {'x-api-key': KEY},
    });
    expect(polled.status).toBe(200);
  });

  it('answers /mcp from the MCP server on the same origin, its page links on that origin', async () => {
    const rpc = (id: number, method: string, params: unknown) =>
      fetch(`${url}/mcp`, {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
        body: JSON.stringify({jsonrpc: '2.0', id, method, params}),
      });
    const initialized = await rpc(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: {name: 'serve-test', version: '1'},
    });
    expect(initialized.status).toBe(200);
    const found = await rpc(2, 'tools/call', {name: 'search_docs', arguments: {query: 'session token'}});
    const text = ((await found.json()) as {result: {content: {text: string}[]}}).result.content[0].text;
    expect(text).toContain(`${url}/docs/`);
  });

  it("links the error bodies to the catalogue on the site's own origin, the sandbox's unknown paths answering 404", async () => {
    const unknown = await fetch(`${url}/apiservices/v3/nowhere`, {headers: {'x-api-key': KEY}});
    expect(unknown.status).toBe(404);
    const body = (await unknown.json()) as {details: {links?: {url: string}[]}[]};
    expect(body.details.at(-1)?.links?.[0].url).toBe(`${url}${ERROR_CATALOGUE}#404`);
  });
});
