/**
 * The sandbox over HTTP, the same cases (test-utils/sandboxHttpSuite.ts) against every way it runs:
 * the sandbox's Node entry (sandbox/src/node.ts through tsx, on a free port), the one file for partners
 * (check/src/oneFile/build.ts, as the site's downloads plugin builds it) copied alone into an empty
 * folder and started with `node sandbox.mjs`, and the Worker in workerd (deploy/src/workerd.ts). From
 * the lone folder the one file also runs the integration check on a small client that keeps every rule
 * (check/fixtures/clients/good.mjs).
 */
import {execFile} from 'node:child_process';
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loneCopy, startListening, type ListeningProcess} from '@portal/test-utils/oneFile';
import {sandboxHttpSuite} from '@portal/test-utils/sandboxHttpSuite';
import {startWorkerd, type RunningWorkerd} from './workerd';
import {buildSandboxFile} from '@portal/check/oneFile';
import {specsDigest} from '@portal/check/version';
import {bundles, exampleBody, op} from '@portal/sandbox/testing';

/** The folder of the sandbox's Node entry, where `npm run start -w @portal/sandbox` runs it. */
const sandboxDir = path.dirname(path.dirname(require.resolve('@portal/sandbox/node')));
const lone: string[] = [];
afterAll(() => lone.forEach((dir) => rmSync(dir, {recursive: true, force: true})));
const clients = path.dirname(require.resolve('@portal/check/fixtures/clients/good.mjs'));

describe('the Node entry (npm run sandbox)', () => {
  let sandbox: ListeningProcess;
  beforeAll(async () => {
    sandbox = await startListening('node', ['--import', 'tsx', 'src/node.ts', '--port', '0'], {cwd: sandboxDir});
  });
  afterAll(() => sandbox?.close());

  sandboxHttpSuite(() => sandbox.url);
});

describe('the Worker in workerd', () => {
  let worker: RunningWorkerd;
  beforeAll(async () => {
    worker = await startWorkerd();
  });
  afterAll(() => worker?.close());

  sandboxHttpSuite(() => worker.url);
});

describe('the one file sandbox.mjs, alone in an empty folder', () => {
  let file: Uint8Array;
  let sandbox: ListeningProcess;
  beforeAll(async () => {
    file = (await buildSandboxFile({bundles})).contents;
    const dir = loneCopy({'sandbox.mjs': file});
    lone.push(dir);
    sandbox = await startListening('node', ['sandbox.mjs', '--port', '0'], {cwd: dir});
  });
  afterAll(() => sandbox?.close());

  sandboxHttpSuite(() => sandbox.url);

  it('says where it listens, as npm run sandbox does', () => {
    expect(sandbox.output()).toMatch(/^Sandbox listening on http:\/\/127\.0\.0\.1:\d+ \(keys start with sandbox_\)$/m);
  });

  it('says what it is: --version names its build and the digest of its specifications; --help its options', async () => {
    const dir = loneCopy({'sandbox.mjs': file});
    lone.push(dir);
    const run = (args: string[]) => promisify(execFile)('node', ['sandbox.mjs', ...args], {cwd: dir});
    const version = (await run(['--version', '--verbose'])).stdout.split('\n');
    expect(version[0]).toMatch(/^sandbox\.mjs built \d{4}-\d\d-\d\dT[\d:.]+Z( from commit [0-9a-f]{12})?$/);
    expect(version[1]).toBe(`specifications sha256:${specsDigest(bundles)} (13 APIs)`);
    expect((await run(['--version'])).stdout.trimEnd()).toBe(version[0]);
    expect((await run(['--help'])).stdout).toMatch(/^Usage:\n {2}node sandbox\.mjs \[--port <p>\]/);
    const typo = await run(['--prot', '1']).then(
      () => ({code: 0, stderr: ''}),
      (error: {code: number; stderr: string}) => error,
    );
    expect([typo.code, typo.stderr.trim()]).toEqual([
      2,
      "sandbox: unknown option --prot. Run 'node sandbox.mjs --help' for the options.",
    ]);
  });

  it('runs the integration check where it is started: a client that keeps every rule passes (exit 0)', async () => {
    const dir = loneCopy({
      'sandbox.mjs': file,
      'good.mjs': readFileSync(path.join(clients, 'good.mjs')),
      'lib.mjs': readFileSync(path.join(clients, 'lib.mjs')),
      'query.json': JSON.stringify((exampleBody(op('FlightsService_CreateSearch')) as {query: unknown}).query),
    });
    lone.push(dir);
    // npm's INIT_CWD is not where the file was started: the check runs in the current folder
    const env = {PATH: process.env.PATH, HOME: process.env.HOME, INIT_CWD: tmpdir()};
    const {stdout} = await promisify(execFile)(
      'node',
      ['sandbox.mjs', 'check', '--parallel', '--', 'node', 'good.mjs'],
      {
        cwd: dir,
        env,
      },
    );
    expect(stdout).toContain('PASSED: every rule holds in every run');
    for (const name of ['junit.xml', 'ctrf.json', 'report.md', 'report.html', 'session.har'])
      expect(existsSync(path.join(dir, 'integration-report', name))).toBe(true);
  });
});
