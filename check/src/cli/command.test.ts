/**
 * The partner's command (command.ts) as a partner meets it: the help three ways, the version, one-line usage
 * errors with exit code 2 for a typo, a missing or bad value and an unknown word, and a port already in use
 * answered with a sentence and exit code 1 (the real entry, started as `npm run sandbox` starts it).
 */
import {spawn} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import {commandUsage, runCommand} from './command';
import {specsDigest} from './version';

async function run(argv: string[], build?: {builtAt: string; commit?: string}) {
  const out: string[] = [];
  const err: string[] = [];
  const served: string[][] = [];
  const code = await runCommand(
    bundles,
    argv,
    {
      cwd: process.cwd(),
      env: {},
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      invocation: 'node sandbox.mjs',
      ...(build ? {build} : {}),
    },
    (_bundles, args) => served.push(args),
  );
  return {code, out: out.join('\n'), err: err.join('\n'), served};
}

describe('the partner command', () => {
  it.each([['--help'], ['-h'], ['help']])('%s: the whole usage, exit 0, nothing served', async (flag) => {
    const {code, out, err, served} = await run([flag]);
    expect([code, err, served]).toEqual([0, '', []]);
    expect(out).toBe(commandUsage('node sandbox.mjs'));
    for (const option of [
      '--port <p>',
      '--host <h>',
      '--secret <s>',
      '--strict',
      '--site-url <origin>',
      'check --help',
    ])
      expect(out).toContain(option);
    expect(out).toMatch(
      /--strict {14}also refuse, with a 400 naming them, body fields the specifications do not declare/,
    );
  });

  it('check --help: the check usage, exit 0', async () => {
    const {code, out} = await run(['check', '--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage:\n {2}node sandbox\.mjs check \[--report <dir>\]/);
  });

  it('--version: the build in one line; with --verbose, the digest of every specification it carries', async () => {
    const build = {builtAt: '2026-11-27T10:00:00.000Z', commit: '0123456789ab'};
    const short = await run(['--version'], build);
    expect([short.code, short.out]).toEqual([0, 'sandbox.mjs built 2026-11-27T10:00:00.000Z from commit 0123456789ab']);
    expect((await run(['--version', '--json'], build)).code).toBe(2);
    const built = await run(['--version', '--verbose'], build);
    const lines = built.out.split('\n');
    expect(built.code).toBe(0);
    expect(lines[0]).toBe('sandbox.mjs built 2026-11-27T10:00:00.000Z from commit 0123456789ab');
    expect(lines[1]).toBe(`specifications sha256:${specsDigest(bundles)} (13 APIs)`);
    expect(lines.slice(2).map((line) => line.split(' ')[2])).toEqual([...bundles.keys()]);
    for (const line of lines.slice(2)) expect(line).toMatch(/^ {2}[a-z-]+ sha256:[0-9a-f]{64}$/);
    const repository = await run(['--version']);
    expect(repository.out.split('\n')[0]).toBe('sandbox.mjs run from the repository (not a build)');
  });

  it('changes the digest when one bundle changes', async () => {
    const changed = new Map(bundles);
    changed.set('geo', {...bundles.get('geo')!, info: {title: 'Geo', version: 'v4'}});
    expect(specsDigest(changed)).not.toBe(specsDigest(bundles));
    expect(specsDigest(new Map(bundles))).toBe(specsDigest(bundles));
  });

  it.each([
    [['--prot', '4011'], 'sandbox: unknown option --prot.'],
    [['--port'], 'sandbox: --port needs a value.'],
    [['--port', 'http'], 'sandbox: --port must be a port number from 0 to 65535, not http.'],
    [['--port', '65536'], 'sandbox: --port must be a port number from 0 to 65535, not 65536.'],
    [
      ['--site-url', 'example.com/docs'],
      'sandbox: --site-url must be an origin such as https://developers.example.com, not example.com/docs.',
    ],
    [['chek'], 'sandbox: unexpected argument chek (the commands are check and verify).'],
  ])('%j: one line, exit 2, nothing served', async (argv, message) => {
    const {code, err, served} = await run(argv);
    expect([code, served]).toEqual([2, []]);
    expect(err).toBe(`${message} Run 'node sandbox.mjs --help' for the options.`);
  });

  it('serves with the options it was given, port 65535 and 0 included', async () => {
    for (const port of ['0', '65535']) {
      const {code, served, err} = await run(['--port', port, '--strict']);
      expect([code, err, served]).toEqual(['serving', '', [['--port', port, '--strict']]]);
    }
  });
});

describe('a port already in use', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('is one sentence naming the address and what to do, exit 1, no stack trace', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'command.ts'), '--port', String(port)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `sandbox: 127.0.0.1:${port} is already in use: stop what listens there, or pass --port <another port> (0 for any free one)`,
    );
  }, 60_000);
});
