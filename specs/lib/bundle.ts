/**
 * `npm run specs:bundle`: bundles every API listed in `redocly.yaml`, the thirteen and the portal's own
 * (`CHECK_API_SLUG`, always from this repository, without code samples or a Postman collection: ./bundles.ts), (its `$ref`s to `common/`,
 * `hotels-common/` and `examples/` inlined as components) to `bundlePath(slug)`, with Redocly's own
 * bundler and the lint configuration of `redocly.yaml` (its decorators apply). Fails on any problem.
 *
 * With `SPECS_FROM=<base URL>`, the specifications come from the provider's host instead of
 * `<slug>/openapi.yaml`: each listed API's JSON is fetched from `<base URL>/<slug>.json` (the layout
 * the site publishes under `/openapi/`), must be OpenAPI 3.1 and pass the lint of `redocly.yaml`
 * (Redocly's `struct` rule checks the document against OpenAPI 3.1, the other rules are our
 * conventions), and is then bundled and written like an authored one.
 *
 * Each operation gets `x-codeSamples` (Redoc shows them beside it) written from its first request
 * example (lib/codeSamples.ts). Beside each `<slug>.json` it writes the same document as
 * `<slug>.yaml`, its TypeScript types `<slug>.d.ts` (lib/types.ts) and its Postman collection
 * `<slug>.postman.json` (lib/postman.ts), plus the sandbox's `sandbox.postman_environment.json`:
 * the site serves them all under `/openapi/` (website/docs/getting-started/downloads.mdx).
 * Everything is written to a temporary folder beside the bundles first and moved into place only
 * when every API is good: a failure leaves the bundles as they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BaseResolver,
  bundle,
  lintDocument,
  loadConfig,
  makeDocumentFromString,
  type Config,
  type Document,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import {stringify} from 'yaml';
import {artefactPath, bundleDir, bundlePath, listedSlugs, sourcePath, specsDir} from './bundles';
import {CHECK_API_SLUG} from './portalApis';
import {codeSamples, exampleRequest, typedClientSample} from './codeSamples';
import {operations, type OpenApiDocument} from './openapi';
import {postmanCollection, sandboxEnvironment} from './postman';
import {typesOf} from './types';
import {SpecValidator} from './validator';

/** Adds `x-codeSamples` to every operation: the nine languages of `codeSamples`, then TypeScript. */
export function addCodeSamples(doc: OpenApiDocument, slug: string): void {
  for (const operation of operations(slug, doc)) {
    const samples = [...codeSamples(exampleRequest(doc, operation)), typedClientSample(doc, operation)];
    const target = doc.paths[operation.path][operation.method.toLowerCase() as 'get'];
    target!['x-codeSamples'] = samples.map(({lang, label, source}) => ({lang, label, source}));
  }
}

/** A failure of the bundle step, its message written for people (no stack trace is shown). */
export class BundleError extends Error {}

/** How long one specification may take to arrive. */
const fetchTimeoutMs = 30_000;

/** Redocly's problems as lines: rule, message and where. At most five, then how many more. */
function problemLines(problems: NormalizedProblem[]): string[] {
  const lines = problems
    .slice(0, 5)
    .map(
      (problem) =>
        `${problem.ruleId}: ${problem.message}${problem.location[0]?.pointer ? ` (at ${problem.location[0].pointer})` : ''}`,
    );
  return problems.length > 5 ? [...lines, `and ${problems.length - 5} more`] : lines;
}

/** Bundles a resolved document with the decorators of `redocly.yaml`; its errors as lines. */
async function bundled(
  config: Config,
  source: {ref: string} | {doc: Document},
): Promise<{doc?: OpenApiDocument; problems: string[]}> {
  const result = await bundle({...source, config, dereference: false});
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) return {problems: problemLines(errors)};
  return {doc: result.bundle.parsed as OpenApiDocument, problems: []};
}

/** Why a fetch failed, from its cause (`connect ECONNREFUSED 127.0.0.1:9`, a timeout, a DNS error). */
function fetchFailure(error: unknown): string {
  const cause = (error as {cause?: {message?: string}}).cause;
  return cause?.message ?? (error as Error).message ?? String(error);
}

/** The base URL of `SPECS_FROM`, without a trailing slash; refuses anything but an http(s) URL. */
export function specsBase(from: string): string {
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new BundleError(
      `SPECS_FROM must be an http(s) URL such as https://developers.example.com/openapi, not "${from}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BundleError(`SPECS_FROM must be an http(s) URL, not ${url.protocol} (${from})`);
  }
  return from.replace(/\/+$/, '');
}

/**
 * One API's specification from the host: fetched, read as JSON, checked to be OpenAPI 3.1, linted
 * with `redocly.yaml` and bundled. Returns the document, or the problems (each line names the URL).
 */
async function fetchedSpec(
  config: Config,
  slug: string,
  url: string,
): Promise<{doc?: OpenApiDocument; problems: string[]}> {
  const fail = (...lines: string[]) => ({problems: lines.map((line) => `${url}: ${line}`)});
  let response: Response;
  try {
    response = await fetch(url, {signal: AbortSignal.timeout(fetchTimeoutMs)});
  } catch (error) {
    return fail(`cannot be fetched (${fetchFailure(error)})`);
  }
  const body = await response.text().catch((error: unknown) => ({failed: fetchFailure(error)}));
  if (response.status !== 200) {
    return fail(
      response.status === 404
        ? `answered 404 ${response.statusText}: the host does not publish ${slug}, which specs/redocly.yaml lists`
        : `answered ${response.status} ${response.statusText}, not 200`,
    );
  }
  if (typeof body !== 'string') return fail(`the answer broke off (${body.failed})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return fail(`the body is not JSON (${(error as Error).message})`);
  }
  const version = (parsed as {openapi?: unknown} | null)?.openapi;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || typeof version !== 'string') {
    return fail('the body is not an OpenAPI document (no `openapi` version)');
  }
  if (!/^3\.1\.\d+$/.test(version)) return fail(`the body is OpenAPI ${version}, not 3.1`);
  const document = makeDocumentFromString(body, url);
  const lint = await lintDocument({document, config, externalRefResolver: new BaseResolver(config.resolve)});
  const errors = lint.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    return fail(...problemLines(errors).map((line) => `fails the lint of specs/redocly.yaml: ${line}`));
  }
  const result = await bundled(config, {doc: document});
  return result.doc ? result : fail(...result.problems);
}

/** Every listed API's specification from the host; all the problems at once when any fails. */
export async function fetchedSpecs(
  config: Config,
  from: string,
  slugs: readonly string[],
): Promise<Map<string, OpenApiDocument>> {
  const base = specsBase(from);
  const results = await Promise.all(slugs.map((slug) => fetchedSpec(config, slug, `${base}/${slug}.json`)));
  const problems = results.flatMap((result) => result.problems);
  if (problems.length === 0) {
    try {
      // Every reader of the bundles validates through it: one operationId per operation across the APIs
      new SpecValidator(new Map(slugs.map((slug, index) => [slug, results[index].doc!])));
    } catch (error) {
      problems.push(`${base}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) {
    throw new BundleError(
      `SPECS_FROM=${from}: ${problems.length === 1 ? 'a specification is' : 'specifications are'} not usable; nothing was written.\n  ${problems.join('\n  ')}`,
    );
  }
  return new Map(slugs.map((slug, index) => [slug, results[index].doc!]));
}

/** Every listed API bundled from `<slug>/openapi.yaml`. */
async function authoredSpecs(config: Config, slugs: readonly string[]): Promise<Map<string, OpenApiDocument>> {
  const docs = new Map<string, OpenApiDocument>();
  for (const slug of slugs) {
    const result = await bundled(config, {ref: sourcePath(slug)});
    if (!result.doc) throw new BundleError(`${slug}: ${result.problems.join('; ')}`);
    docs.set(slug, result.doc);
  }
  return docs;
}

/** Writes every bundle and its artefacts to `dir`; returns the names of the files written. */
async function writeArtefacts(docs: Map<string, OpenApiDocument>, dir: string): Promise<string[]> {
  const written: string[] = [];
  const write = (file: string, text: string) => {
    fs.writeFileSync(file, text);
    written.push(path.basename(file));
  };
  for (const [slug, doc] of docs) {
    // The portal's own API: its JSON, YAML and types only (no samples or collection: the sandbox does not serve it)
    const partner = slug !== CHECK_API_SLUG;
    if (partner) addCodeSamples(doc, slug);
    write(bundlePath(slug, dir), `${JSON.stringify(doc, null, 2)}\n`);
    write(artefactPath(slug, 'yaml', dir), stringify(doc, {lineWidth: 0}));
    write(artefactPath(slug, 'd.ts', dir), await typesOf(slug, doc));
    if (partner)
      write(
        artefactPath(slug, 'postman.json', dir),
        `${JSON.stringify(await postmanCollection(slug, doc), null, 2)}\n`,
      );
  }
  write(path.join(dir, 'sandbox.postman_environment.json'), `${JSON.stringify(sandboxEnvironment(), null, 2)}\n`);
  return written;
}

export interface BundleOptions {
  /** The base URL of the published specifications (`SPECS_FROM`); the authored ones when absent. */
  from?: string;
  /** The folder of the bundles: `dist/openapi/` unless told (the tests write elsewhere). */
  outDir?: string;
}

/**
 * The bundle step: every listed API from its source (authored, or fetched with `from`), written to a
 * temporary folder beside `outDir`, then moved into `outDir` file by file once all are written.
 * Throws a `BundleError` naming the problem, and leaves `outDir` as it was, when anything fails.
 */
export async function bundleSpecs({from, outDir = bundleDir}: BundleOptions = {}): Promise<{slugs: string[]}> {
  const config = await loadConfig({configPath: path.join(specsDir, 'redocly.yaml')});
  const slugs = listedSlugs();
  const docs = from === undefined ? await authoredSpecs(config, slugs) : await fetchedSpecs(config, from, slugs);
  // The portal's own API is this repository's, whatever the partner APIs are bundled from
  const portal = await authoredSpecs(config, [CHECK_API_SLUG]);
  docs.set(CHECK_API_SLUG, portal.get(CHECK_API_SLUG)!);
  fs.mkdirSync(path.dirname(outDir), {recursive: true});
  const staging = fs.mkdtempSync(path.join(path.dirname(outDir), `.${path.basename(outDir)}-`));
  try {
    const written = await writeArtefacts(docs, staging);
    fs.mkdirSync(outDir, {recursive: true});
    // Same file system: each rename replaces one file at once, so a reader never meets half a bundle
    for (const name of written) fs.renameSync(path.join(staging, name), path.join(outDir, name));
  } finally {
    fs.rmSync(staging, {recursive: true, force: true});
  }
  return {slugs};
}

async function main(): Promise<void> {
  const started = performance.now();
  const from = process.env.SPECS_FROM || undefined;
  const {slugs} = await bundleSpecs({from});
  const took = Math.round(performance.now() - started);
  console.log(
    `Bundled ${slugs.length} specifications${from ? ` from ${from}` : ''} and the integration check API to ${path.relative(process.cwd(), bundleDir)} (JSON, YAML, types, Postman) in ${took} ms.`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
