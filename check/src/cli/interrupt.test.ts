/**
 * Ctrl+C on `check --hosted`, as a partner meets it: the command (command.ts, in a child process of its own)
 * against the check's API and runs (../hosted/api.ts, run.ts) served on 127.0.0.1, interrupted with SIGINT once
 * its program is running. It says the run is abandoned (not judged, not signed, no reports), stops the program,
 * and exits 130; the portal's run is indeed left unfinished. Interrupted while the portal makes the run, it says
 * that no program ran. Each step waits for what the other side sees, never for a time.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {loadCheckApi} from '@portal/specs/node';
import {bundles, testApp} from '@portal/sandbox/testing';
import {startSandbox, type RunningSandbox} from '@portal/test-utils/sandbox';
import {hostedCheckApi} from '../hosted/api';
import {memoryRuns} from '../hosted/hosted.fixture';

/** A promise and the function that settles it. */
function signal(): {promise: Promise<void>; resolve: () => void} {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return {promise, resolve};
}

/** What the portal saw: the key a run was made with, the program's held call arriving and ending. */
let seen: {
  key?: string;
  holding: ReturnType<typeof signal>;
  stopped: ReturnType<typeof signal>;
  making: ReturnType<typeof signal>;
  holdMaking: boolean;
  release?: () => void;
};
let portal: RunningSandbox;
let api: ReturnType<typeof hostedCheckApi>;
const dir = mkdtempSync(path.join(tmpdir(), 'check-interrupt-'));

beforeAll(async () => {
  const sandbox = testApp(Date.parse('2026-11-27T09:00:00Z'));
  const runs = await memoryRuns({bundles, sandbox: (request) => sandbox.app.fetch(request), clock: sandbox.clock});
  api = hostedCheckApi({doc: loadCheckApi(), runs: () => (id) => runs.stub(id)});
  portal = await startSandbox(async (request) => {
    const {pathname} = new URL(request.url);
    // The program's second call: held open until the program is stopped, which closes its connection
    if (pathname === '/test/hold') {
      seen.holding.resolve();
      return new Promise<Response>((answer) =>
        request.signal.addEventListener('abort', () => {
          seen.stopped.resolve();
          answer(new Response(null, {status: 499}));
        }),
      );
    }
    if (request.method === 'POST' && pathname === '/check/v1/runs') {
      seen.key = request.headers.get('x-api-key') ?? undefined;
      seen.making.resolve();
      if (seen.holdMaking) {
        const released = signal();
        seen.release = () => released.resolve();
        await released.promise;
        return new Response(null, {status: 503});
      }
    }
    return api.fetch(request);
  });
  // A program that makes one call of the run, then waits on the held one
  writeFileSync(
    path.join(dir, 'program.mjs'),
    `const base = process.env.API_BASE_URL;
await fetch(base + '/apiservices/v3/flights/live/search/create', {method: 'POST', headers: {'x-api-key': process.env.API_KEY}});
await fetch(new URL('/test/hold', base));
`,
  );
});
afterAll(async () => {
  seen?.release?.();
  await portal?.close();
  rmSync(dir, {recursive: true, force: true});
});

let child: ChildProcess | undefined;
afterEach(() => {
  // Only a test that failed before its command ended leaves it running
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * `check --hosted` on the portal in a child process: a wait for a line of its output, and its end. With
 * `holdMaking` the portal answers its making of the run only once released.
 */
function hostedCheck({holdMaking = false} = {}) {
  seen = {holding: signal(), stopped: signal(), making: signal(), holdMaking};
  const command = path.join(__dirname, 'command.ts');
  const running = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(require.resolve('tsx')).href,
      command,
      'check',
      '--hosted',
      portal.url,
      '--scenarios',
      'normal',
      '--report',
      path.join(dir, 'report'),
      '--',
      process.execPath,
      'program.mjs',
    ],
    {cwd: dir, env: {PATH: process.env.PATH, HOME: process.env.HOME}, stdio: ['ignore', 'pipe', 'pipe']},
  );
  child = running;
  let out = '';
  let err = '';
  const waiting: {pattern: RegExp; resolve: (match: RegExpMatchArray) => void}[] = [];
  running.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (const wait of waiting) {
      const match = out.match(wait.pattern);
      if (match) wait.resolve(match);
    }
  });
  running.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const ended = new Promise<{code: number | null; out: string; err: string}>((resolve) =>
    running.once('exit', (code) => resolve({code, out, err})),
  );
  return {
    child: running,
    ended,
    line: (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve) => {
        const match = out.match(pattern);
        if (match) resolve(match);
        else waiting.push({pattern, resolve});
      }),
  };
}

describe('Ctrl+C on check --hosted', () => {
  it('abandons the run while the program runs: says it is not judged or signed, stops the program, exits 130', async () => {
    const check = hostedCheck();
    const [, url, expiresAt] = await check.line(/^Hosted run (\S+) \(kept until (\S+)\)$/m);
    await seen.holding.promise;
    check.child.kill('SIGINT');
    const {code, out, err} = await check.ended;
    expect(code, out + err).toBe(130);
    expect(err.trim()).toBe(
      `check: interrupted: hosted run ${url} is abandoned. It was not finished, so it is not judged or signed, and it has no reports and no attestation. Only this command held its key, so no one can finish it or read its files now; the portal deletes it at ${expiresAt}. Run the check again for a signed verdict.`,
    );
    expect(out).not.toMatch(/PASSED|FAILED|Report:/);
    // The program is stopped: its held call's connection closed
    await seen.stopped.promise;
    // The portal's run is as the message says: recording, its one call kept, no attestation to read
    const id = url.split('/').at(-1)!;
    const read = (file = '') =>
      api.fetch(new Request(`${portal.url}/check/v1/runs/${id}${file}`, {headers: {'x-api-key': seen.key!}}));
    expect(await (await read()).json()).toMatchObject({state: 'recording', calls: {normal: 1}});
    expect((await read('/attestation.json')).status).toBe(409);
  }, 60_000);

  it('while the portal makes the run: says no program ran, exits 130', async () => {
    const check = hostedCheck({holdMaking: true});
    await seen.making.promise;
    check.child.kill('SIGINT');
    const {code, out, err} = await check.ended;
    seen.release?.();
    expect(code, out + err).toBe(130);
    expect(err.trim()).toBe(
      'check: interrupted while the portal made the run: no program ran, and no run of it will be judged. Run the check again for a signed verdict.',
    );
    expect(out).not.toContain('Hosted run');
  }, 60_000);
});
