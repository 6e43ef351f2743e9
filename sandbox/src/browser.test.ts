/**
 * The browser entries are browser-safe: `browser.ts` (`@portal/sandbox/browser`, the try-it
 * console's in-page handler) and `places.ts` (`@portal/sandbox/places`) are bundled for the browser
 * with esbuild, failing on any Node built-in, and the bundle is then run in a context that holds
 * only Web platform globals (no `process`, `Buffer` or `require`) to answer requests. Where no code may be
 * generated from strings (a page whose Content-Security-Policy has no 'unsafe-eval', as the site's), it answers
 * with the request validators precompiled, and cannot validate without them.
 */
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import {build, type Plugin} from 'esbuild';
import type {PrecompiledValidators} from '@portal/specs';
import {virtualModules} from '@portal/specs/esbuild';
import {standaloneValidatorsSource} from '@portal/specs/standalone';
import {beforeAll, describe, expect, it} from 'vitest';
import {bundles, exampleBody, KEY, op, validator} from './testing.fixture';

type Entry = {
  sandboxFetch: typeof import('./browser').sandboxFetch;
};

/** Records every `node:` import instead of resolving it (a bare built-in fails the browser build by itself). */
function nodeImports(found: string[]): Plugin {
  return {
    name: 'node-imports',
    setup(builder) {
      builder.onResolve({filter: /^node:/}, (args) => {
        found.push(`${args.path} from ${path.relative(path.dirname(__dirname), args.importer)}`);
        return {path: args.path, external: true};
      });
    },
  };
}

async function bundle(
  entry: string | {contents: string},
  plugins: Plugin[] = [],
): Promise<{code: string; nodeBuiltins: string[]; errors: string[]}> {
  const nodeBuiltins: string[] = [];
  const result = await build({
    ...(typeof entry === 'string'
      ? {entryPoints: [path.join(__dirname, entry)]}
      : {stdin: {contents: entry.contents, resolveDir: __dirname, loader: 'ts'}}),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'entry',
    write: false,
    logLevel: 'silent',
    plugins: [...plugins, nodeImports(nodeBuiltins)],
  }).catch((error: {errors?: {text: string}[]}) => ({
    errors: error.errors ?? [{text: String(error)}],
    outputFiles: [],
  }));
  return {
    code: result.outputFiles?.[0]?.text ?? '',
    nodeBuiltins,
    errors: result.errors.map((error) => error.text),
  };
}

/** The globals a browser page or service worker has, and nothing of Node. */
const webGlobals = () => ({
  Request,
  Response,
  Headers,
  URL,
  URLSearchParams,
  TextEncoder,
  TextDecoder,
  Blob,
  ReadableStream,
  WritableStream,
  TransformStream,
  CompressionStream,
  DecompressionStream,
  AbortController,
  AbortSignal,
  crypto,
  atob,
  btoa,
  performance,
  structuredClone,
  queueMicrotask,
  setTimeout,
  clearTimeout,
  console,
});

/**
 * Runs a bundle in a fresh context with only `webGlobals` (and `globals`) and returns what its entry exports.
 * `eval: false`: no code generated from strings (`eval`, `new Function` throw), as under a policy without 'unsafe-eval'.
 */
function run<T>(code: string, {eval: strings = true, globals = {}} = {}): T {
  const context: Record<string, unknown> = {...webGlobals(), ...globals};
  runInNewContext(`${code}\nglobalThis.exported = entry;`, context, {contextCodeGeneration: {strings}});
  expect(context.process).toBeUndefined();
  expect(context.Buffer).toBeUndefined();
  return context.exported as T;
}

describe('@portal/sandbox/browser', () => {
  let built: Awaited<ReturnType<typeof bundle>>;
  beforeAll(async () => {
    built = await bundle('browser.ts');
  });

  it('bundles for the browser with no Node built-in', () => {
    expect(built.errors).toEqual([]);
    expect(built.nodeBuiltins).toEqual([]);
    expect(built.code.length).toBeGreaterThan(0);
  });

  it("the bundle's handler answers create and poll without Node's globals, and leaves other paths", async () => {
    const handle = run<Entry>(built.code).sandboxFetch(bundles);
    const origin = 'https://developers.example';
    expect(handle(new Request(`${origin}/docs/intro`))).toBeUndefined();

    const currencies = await handle(
      new Request(`${origin}/apiservices/v3/culture/currencies`, {headers: {'x-api-key': KEY}}),
    )!;
    expect(currencies.status).toBe(200);
    expect(validator.response('CultureService_ListCurrencies', await currencies.json()).errors).toEqual([]);

    const create = op('FlightsService_CreateSearch');
    const created = await handle(
      new Request(`${origin}${create.path}`, {
        method: 'POST',
        headers: {'x-api-key': KEY, 'content-type': 'application/json'},
        body: JSON.stringify(exampleBody(create)),
      }),
    )!;
    const search = (await created.json()) as {sessionToken: string; status: string};
    expect(created.status).toBe(200);
    expect(validator.response(create.operationId, search).errors).toEqual([]);
    expect(search.status).toBe('RESULT_STATUS_INCOMPLETE');

    const polled = await handle(
      new Request(`${origin}/apiservices/v3/flights/live/search/poll/${search.sessionToken}`, {
        method: 'POST',
        headers: {'x-api-key': KEY},
      }),
    )!;
    expect(polled.status).toBe(200);
    expect(validator.response('FlightsService_PollSearch', await polled.json()).errors).toEqual([]);

    const unauthorised = await handle(new Request(`${origin}/apiservices/v3/culture/currencies`))!;
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({code: expect.any(Number), message: expect.any(String)});
  });
});

describe('@portal/sandbox/browser where no code may be generated from strings', () => {
  const slug = 'flights-live-pricing';
  const one = new Map([[slug, bundles.get(slug)!]]);
  const create = op('FlightsService_CreateSearch');
  const search = (handle: ReturnType<Entry['sandboxFetch']>, body: unknown) =>
    handle(
      new Request(`https://developers.example${create.path}`, {
        method: 'POST',
        headers: {'x-api-key': KEY, 'content-type': 'application/json'},
        body: JSON.stringify(body),
      }),
    )!;

  it('validates with the precompiled validators; without them it cannot compile and answers 500', async () => {
    // The handler and the API's validators (Ajv standalone code) in one browser bundle, as a page loads them
    const built = await bundle(
      {
        contents:
          "export {sandboxFetch} from './browser'; export {precompiledValidators} from 'portal:precompiled-validators';",
      },
      [virtualModules({'portal:precompiled-validators': {js: standaloneValidatorsSource(one), resolveDir: __dirname}})],
    );
    expect(built.errors).toEqual([]);
    expect(built.nodeBuiltins).toEqual([]);
    const logged: unknown[][] = [];
    const entry = run<Entry & {precompiledValidators: PrecompiledValidators}>(built.code, {
      eval: false,
      globals: {console: {...console, error: (...args: unknown[]) => logged.push(args)}},
    });
    expect(entry.precompiledValidators.size).toBeGreaterThan(0);

    // The validators compiled in the page: refused (first: the sandbox keeps the outcome of a request it checked)
    const compiling = entry.sandboxFetch(one);
    expect((await search(compiling, exampleBody(create))).status).toBe(500);
    expect(String(logged.flat())).toMatch(/Code generation from strings disallowed/);

    logged.length = 0;
    const precompiled = entry.sandboxFetch(one, {precompiledValidators: entry.precompiledValidators});
    const valid = await search(precompiled, exampleBody(create));
    expect(valid.status).toBe(200);
    expect(validator.response(create.operationId, await valid.json()).errors).toEqual([]);
    const invalid = await search(precompiled, {query: {market: 'UK'}});
    expect(invalid.status).toBe(400);
    expect(validator.schema('Error', await invalid.json()).errors).toEqual([]);
    expect(logged).toEqual([]);
  });
});

describe('the browser bundle check', () => {
  it('sees a Node built-in: the Node token codec does not bundle for the browser', async () => {
    const built = await bundle('nodeTokenCodec.ts');
    expect(built.nodeBuiltins).toEqual([
      'node:crypto from src/nodeTokenCodec.ts',
      'node:zlib from src/nodeTokenCodec.ts',
    ]);
  });
});

describe('@portal/sandbox/places', () => {
  it('bundles for the browser with no Node built-in, and searches without Node globals', async () => {
    const built = await bundle('places.ts');
    expect(built.errors).toEqual([]);
    expect(built.nodeBuiltins).toEqual([]);
    const {searchPlaces} = run<{searchPlaces: (query: string, limit?: number) => {entityId: string}[]}>(built.code);
    expect(searchPlaces('heathrow', 1).map((place) => place.entityId)).toEqual(['95565050']);
  });
});
