/**
 * The generated code samples (`x-codeSamples` of the bundles, specs/lib/codeSamples.ts) run as a reader
 * pastes them, with `API_BASE_URL` or `API_KEY` unset: each one that runs here (curl in bash, Node,
 * Python, TypeScript, Java) stops before any request with one sentence naming the variable and where
 * to read about it, instead of `curl: (3) URL using bad/illegal format`, a KeyError or `Invalid URL`.
 * Against a sandbox that logs every request, so "sends nothing" is seen. With both set, the same
 * samples run in codeSamples.test.ts; here an open operation runs with `API_BASE_URL` alone, since its
 * samples ask for no key.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {operations, type Operation} from '@portal/specs';
import {artefactPath, loadBundles} from '@portal/specs/node';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startSandbox, type RunningSandbox} from '@portal/test-utils/sandbox';
import {createApp} from './app';

const root = path.resolve(__dirname, '../..');
const bundles = loadBundles();
const operation = (slug: string, operationId: string): Operation =>
  operations(slug, bundles.get(slug)!).find((candidate) => candidate.operationId === operationId)!;
const create = operation('flights-live-pricing', 'FlightsService_CreateSearch');
const open = operation('culture', 'CultureService_NearestCulture');
const sample = (from: Operation, label: string): string =>
  (from['x-codeSamples'] as {label: string; source: string}[]).find((candidate) => candidate.label === label)!.source;

/** What each language's sample prints when a variable is missing, written out here, not taken from the generator. */
const sentence = (name: string) => `Set ${name}: see /docs/getting-started/authentication#your-key-and-base-url`;

/** The languages run here: the sample's label, its file name and the command a reader runs it with. */
const languages = [
  {label: 'curl', file: 'sample.sh', command: ['bash']},
  {label: 'Node', file: 'sample.mjs', command: [process.execPath]},
  {label: 'Python (requests)', file: 'sample.py', command: ['python3']},
  {label: 'TypeScript (openapi-fetch)', file: 'sample.mts', command: [path.join(root, 'node_modules/.bin/tsx')]},
  {label: 'Java', file: 'Main.java', command: ['java']},
];

let server: RunningSandbox | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-samples-env-'));
const base = {PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir};

beforeAll(async () => {
  server = await startSandbox(createApp({bundles}).fetch);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  for (const slug of ['flights-live-pricing', 'culture'])
    fs.copyFileSync(artefactPath(slug, 'd.ts'), path.join(dir, `${slug}.d.ts`));
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

/** Runs one sample as a reader would, in its own folder, with only `env`; never throws. */
function runSample(source: string, language: (typeof languages)[number], env: Record<string, string>) {
  const folder = fs.mkdtempSync(path.join(dir, 'run-'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  for (const slug of ['flights-live-pricing', 'culture'])
    fs.copyFileSync(path.join(dir, `${slug}.d.ts`), path.join(folder, `${slug}.d.ts`));
  fs.writeFileSync(path.join(folder, language.file), source);
  const [command, ...args] = language.command;
  return new Promise<{code: number; stdout: string; stderr: string}>((resolve) => {
    execFile(
      command,
      [...args, language.file],
      {cwd: folder, env: {...base, ...env}, timeout: 60_000},
      (error, stdout, stderr) => resolve({code: error ? ((error as {code?: number}).code ?? 1) : 0, stdout, stderr}),
    );
  });
}

describe('a generated sample run with a variable unset', () => {
  for (const language of languages) {
    it(`${language.label}: without API_BASE_URL, stops with a sentence naming it, and sends nothing`, async () => {
      const before = server!.requests.length;
      const result = await runSample(sample(create, language.label), language, {API_KEY: 'sandbox_missing_env'});
      expect(result.code, result.stderr).not.toBe(0);
      expect(result.stderr).toContain(sentence('API_BASE_URL'));
      expect(result.stderr).not.toMatch(/URL using bad\/illegal format|KeyError|Invalid URL|Traceback|at Object\./);
      expect(result.stdout).toBe('');
      expect(server!.requests.length).toBe(before);
    });

    it(`${language.label}: without API_KEY, stops with a sentence naming it, and sends nothing`, async () => {
      const before = server!.requests.length;
      const result = await runSample(sample(create, language.label), language, {API_BASE_URL: server!.url});
      expect(result.code, result.stderr).not.toBe(0);
      expect(result.stderr).toContain(sentence('API_KEY'));
      expect(result.stdout).toBe('');
      expect(server!.requests.length).toBe(before);
    });

    it(`${language.label}: an open operation's sample runs with API_BASE_URL alone (it asks for no key)`, async () => {
      const before = server!.requests.length;
      const result = await runSample(sample(open, language.label), language, {API_BASE_URL: server!.url});
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('UK');
      expect(
        server!.requests.slice(before).map((request) => `${request.method} ${request.path} ${request.status}`),
      ).toEqual(['GET /apiservices/v3/culture/nearestculture 200']);
    });
  }
});
