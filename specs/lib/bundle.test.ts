/**
 * The bundle step with `SPECS_FROM` (lib/bundle.ts): the specifications fetched from a host that
 * publishes them as this site does (`<base>/<slug>.json`), here a local server on 127.0.0.1 serving
 * the current bundles, one of them changed. Built from it, everything is written from the fetched
 * documents; each kind of failure stops the step with a message naming the URL, and writes nothing.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {BundleError, bundleSpecs, specsBase} from './bundle';
import {bundlePath, listedSlugs, loadBundles, specsDir} from './bundles';
import {operations, type OpenApiDocument} from './openapi';
import {listReleases, loadRelease} from './releases';
import {releaseChanges} from './specChanges';

/** What the host answers for one slug: a status and a body. */
type Answer = {status: number; body: string};

const published = loadBundles();
const changedDescription = 'The markets, locales and currencies, as published by the API team.';

/** The published bundles as the host serves them, without the code samples the bundle step writes. */
function served(): Map<string, OpenApiDocument> {
  const docs = new Map<string, OpenApiDocument>();
  for (const [slug, bundle] of published) {
    const doc = structuredClone(bundle);
    for (const operation of operations(slug, doc)) {
      delete doc.paths[operation.path][operation.method.toLowerCase() as 'get']!['x-codeSamples'];
    }
    docs.set(slug, doc);
  }
  docs.get('culture')!.info.description = changedDescription;
  return docs;
}

let answers = new Map<string, Answer>();
const server = http.createServer((request, response) => {
  const answer = answers.get(request.url ?? '') ?? {status: 404, body: 'Not Found'};
  response.writeHead(answer.status, {'content-type': 'application/json'});
  response.end(answer.body);
});
let base = '';

/** The host's answers: every served bundle under `/openapi/<slug>.json`, with some answers replaced. */
function serve(replaced: Record<string, Answer | undefined> = {}, docs = served()): string {
  answers = new Map(
    [...docs].map(([slug, doc]) => [`/openapi/${slug}.json`, {status: 200, body: JSON.stringify(doc)}]),
  );
  for (const [slug, answer] of Object.entries(replaced)) {
    if (answer) answers.set(`/openapi/${slug}.json`, answer);
    else answers.delete(`/openapi/${slug}.json`);
  }
  return base;
}

/** A port of 127.0.0.1 that nothing listens on: one the system just gave and took back. */
let closed = 0;

let work = '';
let outDir = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi`;
  const spare = http.createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closed = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'specs-from-'));
  outDir = path.join(work, 'openapi');
  // The bundles before the step: one file, which a failed step must leave as it is
  fs.mkdirSync(outDir);
  fs.writeFileSync(path.join(outDir, 'culture.json'), '{"before": true}\n');
  return () => fs.rmSync(work, {recursive: true, force: true});
});

/** The files of the work folder, to prove that a failed step wrote nothing (no staging folder left either). */
const files = (): string[] => fs.readdirSync(work, {recursive: true, encoding: 'utf8'}).sort();

describe('SPECS_FROM: the specifications from the provider host', () => {
  it('builds every bundle and artefact from the fetched specifications', async () => {
    serve();
    const {slugs} = await bundleSpecs({from: base, outDir});
    expect(slugs).toEqual(listedSlugs());
    const built = loadBundles(outDir);
    expect(built.get('culture')!.info.description).toBe(changedDescription);
    expect(built.get('geo')).toMatchObject({info: published.get('geo')!.info, paths: expect.any(Object)});
    expect(Object.keys(built.get('geo')!.paths)).toEqual(Object.keys(published.get('geo')!.paths));
    for (const slug of slugs) {
      for (const ext of ['yaml', 'd.ts', 'postman.json'])
        expect(fs.existsSync(path.join(outDir, `${slug}.${ext}`))).toBe(true);
      // The code samples are written again from the fetched documents
      for (const operation of operations(slug, built.get(slug)!)) expect(operation['x-codeSamples']).toHaveLength(10);
    }
    expect(fs.readFileSync(path.join(outDir, 'culture.yaml'), 'utf8')).toContain(changedDescription);
    expect(fs.existsSync(path.join(outDir, 'sandbox.postman_environment.json'))).toBe(true);
    expect(fs.readdirSync(work)).toEqual(['openapi']);
    // The change log's "Not yet released" compares the bundles with the last release: the change is there
    const last = listReleases().at(-1)!;
    const culture = releaseChanges(loadRelease(last.date), built).find((api) => api.slug === 'culture');
    expect(culture?.changes).toContainEqual({
      kind: 'documentation',
      operation: '',
      text: `Document metadata (info.description) changed to "${changedDescription}"`,
    });
  });

  // Each case sets up the host and gives the base URL to fetch from
  const failures: [string, () => string, RegExp][] = [
    [
      'a host that cannot be reached',
      () => `http://127.0.0.1:${closed}/openapi`,
      /http:\/\/127\.0\.0\.1:\d+\/openapi\/flights-live-pricing\.json: cannot be fetched \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)/,
    ],
    [
      'an answer other than 200',
      () => serve({geo: {status: 500, body: '{}'}}),
      /\/openapi\/geo\.json: answered 500 Internal Server Error, not 200/,
    ],
    [
      'a body that is not JSON',
      () => serve({carriers: {status: 200, body: '<html>Maintenance</html>'}}),
      /\/openapi\/carriers\.json: the body is not JSON \(Unexpected token/,
    ],
    [
      'a document that is not OpenAPI 3.1',
      () => serve({carriers: {status: 200, body: JSON.stringify({...published.get('carriers'), openapi: '3.0.3'})}}),
      /\/openapi\/carriers\.json: the body is OpenAPI 3\.0\.3, not 3\.1/,
    ],
    [
      'a document that breaks the OpenAPI 3.1 structure',
      () => {
        const withoutInfo: Partial<OpenApiDocument> = structuredClone(published.get('carriers')!);
        delete withoutInfo.info;
        return serve({carriers: {status: 200, body: JSON.stringify(withoutInfo)}});
      },
      /\/openapi\/carriers\.json: fails the lint of specs\/redocly\.yaml: struct: The field `info` must be present on this level/,
    ],
    [
      'a document that breaks our conventions',
      () => {
        const docs = served();
        const doc = docs.get('hotels-reviews')!;
        const [operation] = operations('hotels-reviews', doc);
        delete doc.paths[operation.path][operation.method.toLowerCase() as 'post']!.description;
        return serve({}, docs);
      },
      /\/openapi\/hotels-reviews\.json: fails the lint of specs\/redocly\.yaml: operation-description: Operation object should contain `description` field\. \(at #\/paths\/~1apiservices~1v1~1hotels~1reviews\/post\/description\)/,
    ],
    [
      'a listed API the host does not publish',
      () => serve({'carhire-agents': undefined}),
      /\/openapi\/carhire-agents\.json: answered 404 Not Found: the host does not publish carhire-agents, which specs\/redocly\.yaml lists/,
    ],
  ];

  for (const [name, setUp, message] of failures) {
    it(`stops on ${name}, naming the URL and the problem, and writes nothing`, async () => {
      const before = files();
      const failure = bundleSpecs({from: setUp(), outDir});
      await expect(failure).rejects.toThrow(BundleError);
      await expect(failure).rejects.toThrow(message);
      await expect(failure).rejects.toThrow(/nothing was written/);
      expect(files()).toEqual(before);
      expect(fs.readFileSync(path.join(outDir, 'culture.json'), 'utf8')).toBe('{"before": true}\n');
    });
  }

  it('lists every failing API at once', async () => {
    serve({geo: {status: 503, body: ''}, carriers: {status: 200, body: 'null'}});
    const failure = bundleSpecs({from: base, outDir});
    await expect(failure).rejects.toThrow(/specifications are not usable; nothing was written\.\n/);
    await expect(failure).rejects.toThrow(
      /geo\.json: answered 503 Service Unavailable, not 200\n.*carriers\.json: the body is not an OpenAPI document/,
    );
  });

  it('takes an http(s) base URL only, with or without a trailing slash', () => {
    expect(specsBase('https://developers.example.com/openapi/')).toBe('https://developers.example.com/openapi');
    expect(specsBase('http://127.0.0.1:8080/openapi')).toBe('http://127.0.0.1:8080/openapi');
    expect(() => specsBase('developers.example.com')).toThrow(
      /SPECS_FROM must be an http\(s\) URL .*not "developers\.example\.com"/,
    );
    expect(() => specsBase('file:///srv/openapi')).toThrow(
      'SPECS_FROM must be an http(s) URL, not file: (file:///srv/openapi)',
    );
  });

  it('fails as a command with the message alone and exit code 1, leaving dist/openapi as it was', async () => {
    const bundle = bundlePath('culture');
    const before = fs.statSync(bundle).mtimeMs;
    const run = promisify(execFile)(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(specsDir, 'lib', 'bundle.ts')],
      {cwd: specsDir, env: {...process.env, SPECS_FROM: `http://127.0.0.1:${closed}/openapi`}},
    );
    const failed = (await run.then(
      () => undefined,
      (error: unknown) => error,
    )) as {code: number; stderr: string; stdout: string} | undefined;
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(
      /^SPECS_FROM=http:\/\/127\.0\.0\.1:\d+\/openapi: specifications are not usable; nothing was written\.\n/,
    );
    expect(failed?.stderr).toContain(
      `http://127.0.0.1:${closed}/openapi/geo.json: cannot be fetched (connect ECONNREFUSED`,
    );
    expect(failed?.stderr).not.toMatch(/^\s+at /m);
    expect(fs.statSync(bundle).mtimeMs).toBe(before);
  });
});
