/**
 * Every generated code sample of every operation (`x-codeSamples` of the bundles, written by
 * specs/lib/bundle.ts) run as a reader would: the curl, Node and Python ones executed against this
 * sandbox on a loopback port with only `API_BASE_URL` and `API_KEY` set, and each must get a 2xx; the
 * TypeScript (openapi-fetch) ones type-checked against the generated `<slug>.d.ts` and executed too;
 * the Java ones compiled with javac. Go, C#, PHP and Ruby have no toolchain on the CI machine and are
 * not checked here (specs/README.md). Every sample runs byte for byte as the reference shows it: the
 * polls and the itinerary refresh send the specs' example tokens (and itinerary id), which the sandbox
 * answers as demo sessions of the example searches (src/services/session.ts), and say so in a comment.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {exampleTokenNote, operations, type Operation} from '@portal/specs';
import {artefactPath, loadBundles} from '@portal/specs/node';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startSandbox, type RunningSandbox} from '@portal/test-utils/sandbox';
import {seedApis, seedCallCount} from '@portal/test-utils/seed';
import {createApp} from './app';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const bundles = loadBundles();
const all = [...bundles].flatMap(([slug, doc]) => operations(slug, doc));
const samplesOf = (operation: Operation): {lang: string; label: string; source: string}[] =>
  operation['x-codeSamples'] as {lang: string; label: string; source: string}[];
const sample = (operation: Operation, label: string): string =>
  samplesOf(operation).find((candidate) => candidate.label === label)!.source;

let server: RunningSandbox | undefined;
let baseUrl = '';
/** How many samples ran, and how many of them send a documented example token (the demo sessions). */
const ran = {samples: 0, withExampleToken: 0};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-samples-'));
const env = {PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, API_KEY: 'sandbox_code_samples', API_BASE_URL: ''};

beforeAll(async () => {
  server = await startSandbox(createApp({bundles}).fetch);
  baseUrl = server.url;
  env.API_BASE_URL = baseUrl;
  // The TypeScript samples import openapi-fetch and their API's types from beside them.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  for (const slug of bundles.keys()) fs.copyFileSync(artefactPath(slug, 'd.ts'), path.join(dir, `${slug}.d.ts`));
});

afterAll(async () => {
  console.log(
    `code samples run as shown: ${ran.samples} (${ran.withExampleToken} of them send a documented example token)`,
  );
  await server?.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

/** Runs a program file with only the environment a reader sets; fails with its output otherwise. */
async function execute(file: string, command: string, args: string[]): Promise<string> {
  try {
    const {stdout} = await run(command, [...args, file], {cwd: dir, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024});
    return stdout;
  } catch (error) {
    const {stdout, stderr} = error as {stdout?: string; stderr?: string};
    throw new Error(`${path.basename(file)} failed:\n${stderr}\n${stdout}\n${fs.readFileSync(file, 'utf8')}`);
  }
}

// curl answers a 4xx or 5xx with a non-zero exit only when told to: the test tells it, nothing else.
const curlFailsOnError = 'set -euo pipefail\ncurl() { command curl --fail-with-body --silent --show-error "$@"; }\n';

describe('the code samples of every operation', () => {
  it("cover every call of the seeds' call tables, in ten languages each", () => {
    expect(all.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(
      seedApis.flatMap((api) => api.calls).sort(),
    );
    expect(all).toHaveLength(seedCallCount);
    for (const operation of all) {
      expect(samplesOf(operation).map((candidate) => candidate.label)).toEqual([
        'curl',
        'JavaScript (fetch)',
        'Node',
        'Python (requests)',
        'Go',
        'Java',
        'C#',
        'PHP',
        'Ruby',
        'TypeScript (openapi-fetch)',
      ]);
    }
  });

  for (const [index, operation] of all.entries()) {
    it(`${operation.slug} ${operation.operationId}: curl, Node, Python and TypeScript, run as shown, get a 2xx from the sandbox`, async () => {
      const name = `sample-${index}`;
      const files = {
        curl: path.join(dir, `${name}.sh`),
        node: path.join(dir, `${name}.mjs`),
        python: path.join(dir, `${name}.py`),
        typescript: path.join(dir, `${name}.mts`),
      };
      const outputs: string[] = [];
      // A sample that sends a documented example token says so on its first line(s).
      const note = exampleTokenNote(bundles.get(operation.slug)!, operation);
      if (note) expect(sample(operation, 'curl').split('\n')[0]).toBe(`# ${note}`);
      for (const [language, label, file, command, args] of [
        ['curl', 'curl', files.curl, 'bash', []],
        ['node', 'Node', files.node, process.execPath, []],
        ['python', 'Python (requests)', files.python, 'python3', []],
        ['typescript', 'TypeScript (openapi-fetch)', files.typescript, path.join(root, 'node_modules/.bin/tsx'), []],
      ] as const) {
        const source = sample(operation, label);
        fs.writeFileSync(file, language === 'curl' ? curlFailsOnError + source : source);
        const output = await execute(file, command, [...args]);
        expect(output.trim(), `${language} printed nothing`).not.toBe('');
        outputs.push(output);
        ran.samples += 1;
        if (note) ran.withExampleToken += 1;
      }
      // curl prints the body the sandbox sent: JSON of the operation's answer.
      expect(() => JSON.parse(outputs[0]) as unknown).not.toThrow();
    });
  }

  it('every sample that sends a path value other than a locale sends a documented example token, and says so', () => {
    for (const operation of all) {
      const takesToken = /\{(?!locale\})[^}]+\}/.test(operation.path);
      const note = exampleTokenNote(bundles.get(operation.slug)!, operation);
      expect(Boolean(note), operation.operationId).toBe(takesToken);
      if (!note) continue;
      for (const {label, source} of samplesOf(operation))
        expect(source, `${operation.operationId} ${label}`).toContain(note);
    }
  });

  it('the TypeScript samples type-check against the generated types (tsc --strict)', async () => {
    const files = all.map((operation, index) => {
      const file = path.join(dir, `typed-${index}.mts`);
      fs.writeFileSync(file, sample(operation, 'TypeScript (openapi-fetch)'));
      return path.basename(file);
    });
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          types: ['node'],
          skipLibCheck: true,
        },
        files,
      }),
    );
    await execute(path.join(dir, 'tsconfig.json'), process.execPath, [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
    ]);
  });

  it('the Java samples compile (javac)', async () => {
    const javaDir = path.join(dir, 'java');
    fs.mkdirSync(javaDir);
    const files = all.map((operation, index) => {
      const file = path.join(javaDir, `Sample${index}.java`);
      const source = sample(operation, 'Java');
      expect(source).toContain('public class Main {');
      fs.writeFileSync(file, source.replace('public class Main {', `public class Sample${index} {`));
      return file;
    });
    const {stderr} = await run('javac', ['-d', path.join(javaDir, 'classes'), ...files], {timeout: 120_000});
    expect(stderr).toBe('');
    expect(fs.readdirSync(path.join(javaDir, 'classes'))).toHaveLength(all.length);
  });
});
