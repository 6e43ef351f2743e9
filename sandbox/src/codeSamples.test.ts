/**
 * Every generated code sample of every operation (`x-codeSamples` of the bundles, written by
 * specs/lib/bundle.ts) run as a reader would: the curl, Node and Python ones executed against this
 * sandbox on a loopback port with only `API_BASE_URL` and `API_KEY` set, and each must get a 2xx; the
 * TypeScript (openapi-fetch) ones type-checked against the generated `<slug>.d.ts` and executed too;
 * the Java ones compiled with javac. Go, C#, PHP and Ruby have no toolchain on the CI machine and are
 * not checked here (specs/README.md). Samples of calls that need a live session (polls, itinerary
 * refresh) get the token and itinerary of the call their spec links to them, made first, in place of
 * the example's.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {exampleRequest, operationLinks, operations, parametersOf, type Operation} from '@portal/specs';
import {artefactPath, loadBundles} from '@portal/specs/node';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startSandbox, type RunningSandbox} from '../../test-utils/sandbox';
import {seedApis, seedCallCount} from '../../test-utils/seed';
import {createApp} from './app';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const bundles = loadBundles();
const all = [...bundles].flatMap(([slug, doc]) => operations(slug, doc));
const links = [...bundles].flatMap(([slug, doc]) => operationLinks(slug, doc));
const samplesOf = (operation: Operation): {lang: string; label: string; source: string}[] =>
  operation['x-codeSamples'] as {lang: string; label: string; source: string}[];
const sample = (operation: Operation, label: string): string =>
  samplesOf(operation).find((candidate) => candidate.label === label)!.source;

let server: RunningSandbox | undefined;
let baseUrl = '';
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
  await server?.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

/** Sends an operation's example request to the sandbox (what a reader's create call returns). */
async function call(operation: Operation, replace: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const request = exampleRequest(bundles.get(operation.slug)!, operation);
  const url = withLive(`${baseUrl}${request.path}`, replace);
  const body = request.body === undefined ? undefined : withLive(JSON.stringify(request.body), replace);
  const response = await fetch(url, {
    method: request.method,
    headers: {'x-api-key': env.API_KEY, 'content-type': 'application/json'},
    body,
  });
  expect(response.status, `${operation.operationId} while preparing`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The example's path values (tokens) of an operation, by parameter name. */
const examplePathValues = (operation: Operation): Record<string, string> =>
  Object.fromEntries(
    parametersOf(bundles.get(operation.slug)!, operation)
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [parameter.name!, String(parameter.example)]),
  );

/**
 * For calls that take a token from an earlier answer: each example value to replace, and what replaces
 * it. The specs' links (`operationLinks` of @portal/specs) say which call answers the token and which
 * field carries it; that call is made first (itself prepared the same way), and its answer fills the
 * link's path parameters. The itinerary refresh also names, in its body, one itinerary of the search
 * (a key of `content.results.itineraries`, as its link's description says).
 */
async function liveValues(operation: Operation): Promise<Record<string, string>> {
  const example = examplePathValues(operation);
  const link = links.find(
    (candidate) =>
      candidate.to.operationId === operation.operationId && candidate.from.operationId !== operation.operationId,
  );
  if (!link) {
    expect(Object.keys(example), `${operation.operationId} has a path value no link of its spec fills`).toEqual(
      operation.path.includes('{locale}') ? ['locale'] : [],
    );
    return {};
  }
  const before = await liveValues(link.from);
  const answer = await call(link.from, before);
  const values: Record<string, string> = {};
  for (const {parameter, field} of link.parameters) values[example[parameter]] = String(answer[field]);
  const exampleBody = exampleRequest(bundles.get(operation.slug)!, operation).body as
    {itineraryId?: string} | undefined;
  if (exampleBody?.itineraryId) {
    const itineraries = (answer.content as {results: {itineraries: Record<string, unknown>}}).results.itineraries;
    values[exampleBody.itineraryId] = Object.keys(itineraries)[0];
  }
  return values;
}

/** The source with each example value replaced, as written in a path (URI-encoded) and as a string. */
function withLive(source: string, values: Record<string, string>): string {
  return Object.entries(values).reduce(
    (text, [from, to]) => text.split(encodeURIComponent(from)).join(to).split(from).join(to),
    source,
  );
}

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
    it(`${operation.slug} ${operation.operationId}: curl, Node, Python and TypeScript get a 2xx from the sandbox`, async () => {
      const name = `sample-${index}`;
      const files = {
        curl: path.join(dir, `${name}.sh`),
        node: path.join(dir, `${name}.mjs`),
        python: path.join(dir, `${name}.py`),
        typescript: path.join(dir, `${name}.mts`),
      };
      const outputs: string[] = [];
      for (const [language, label, file, command, args] of [
        ['curl', 'curl', files.curl, 'bash', []],
        ['node', 'Node', files.node, process.execPath, []],
        ['python', 'Python (requests)', files.python, 'python3', []],
        ['typescript', 'TypeScript (openapi-fetch)', files.typescript, path.join(root, 'node_modules/.bin/tsx'), []],
      ] as const) {
        const live = await liveValues(operation);
        const source = withLive(sample(operation, label), live);
        fs.writeFileSync(file, language === 'curl' ? curlFailsOnError + source : source);
        const output = await execute(file, command, [...args]);
        expect(output.trim(), `${language} printed nothing`).not.toBe('');
        outputs.push(output);
      }
      // curl prints the body the sandbox sent: JSON of the operation's answer.
      expect(() => JSON.parse(outputs[0]) as unknown).not.toThrow();
    });
  }

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
