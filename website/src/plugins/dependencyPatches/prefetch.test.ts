/**
 * The route prefetching patch (index.ts, `prefetchReplacements`): @docusaurus/core's client
 * `docusaurus.js` as installed and as patched, each loaded from its text with its imports replaced by
 * fixtures (the routes' chunk names below, a route matcher, a recording prefetcher). For every path the
 * patched one prefetches the original's chunks, in the same order, less those the page already has or
 * has asked for.
 */
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {prefetchFile, prefetchReplacements} from '.';

const require = createRequire(import.meta.url);
const patchLoader = require('./patchLoader.cjs') as (this: unknown, source: string) => string;

// The package has no entry of its own; its client's files are in lib/client.
const client = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client');
const file = path.join(client, 'docusaurus.js');
const source = readFileSync(file, 'utf8');
const patched = patchLoader.call(
  {getOptions: () => ({writtenFor: 'test', replacements: prefetchReplacements}), resourcePath: file},
  source,
);

/**
 * Route names as Docusaurus writes them (the path, a dash, a hash) with their chunks: two names of one
 * path, paths with dashes of their own, nested and empty chunk trees, and a chunk the bundler merged
 * away (its asset's URL holds "undefined").
 */
const routesChunkNames = {
  '/-e5f': {__comp: 'home'},
  '/docs-abc': {__comp: 'docsRoot', __context: {plugin: 'docsPlugin'}},
  '/docs-def': {__comp: 'docsVersion', __props: {version: 'versionProps'}},
  '/docs/intro-123': {__comp: 'docItem', content: 'introContent'},
  '/docs/a-b-c-9f0': {__comp: 'docItem', content: 'abcContent', __props: {deep: {deeper: 'deepChunk'}}},
  '/blog/2018/12/14/Happy-First-Birthday-Slash-fe9': {__comp: 'blogPost', content: 'merged'},
  '/docs/intro-x': {__comp: 'docItem', content: 'introSecond'},
};

/** The routes a path matches, outermost first, as react-router-config's `matchRoutes` gives them. */
function matches(pathname: string): string[] {
  if (pathname === '/') return ['/'];
  if (pathname.startsWith('/docs')) return pathname === '/docs' ? ['/docs', '/docs'] : ['/docs', '/docs', pathname];
  if (pathname.startsWith('/blog/')) return [pathname];
  return [];
}

const dir = mkdtempSync(path.join(tmpdir(), 'docusaurus-prefetch-'));
const paths = [
  '/',
  '/docs',
  '/docs/intro',
  '/docs/a-b-c',
  '/blog/2018/12/14/Happy-First-Birthday-Slash',
  '/docs/gone',
  '/x',
];

type Prefetch = (routePath: string) => Promise<unknown> | false;
interface Docusaurus {
  prefetch: Prefetch;
  preload(routePath: string): Promise<unknown> | false;
}

/** Loads a text of docusaurus.js beside fixtures of its imports, as a module of its own (its own state). */
async function load(name: string, text: string): Promise<Docusaurus> {
  const imports: Record<string, string> = {
    'react-router-config': 'matchRoutes.mjs',
    '@generated/routesChunkNames': 'routesChunkNames.mjs',
    '@generated/routes': 'routes.mjs',
    './prefetch': 'prefetchHelper.mjs',
    './preload': 'preloadHelper.mjs',
    './flat': 'flat.mjs',
  };
  let rewritten = text.replace(/^\/\/# sourceMappingURL=.*$/m, '');
  for (const [from, to] of Object.entries(imports)) {
    rewritten = rewritten.replace(`from '${from}';`, `from './${to}';`);
  }
  writeFileSync(path.join(dir, name), rewritten);
  const module = (await import(pathToFileURL(path.join(dir, name)).href)) as {default: Docusaurus};
  return module.default;
}

/** The page the reader is on (`window.location.pathname`). */
const readingPage = (pathname: string) => vi.stubGlobal('window', {location: {pathname}});

/** The chunk URLs the prefetcher asked for when asked for `routePath`. */
async function prefetchOf(prefetch: Prefetch, routePath: string): Promise<string[]> {
  const asked = (globalThis as unknown as {prefetchedUrls: string[]}).prefetchedUrls;
  asked.length = 0;
  await prefetch(routePath);
  return [...asked];
}

/** The chunk URLs each prefetcher asked for, by path, the paths asked for in turn. */
async function prefetched(prefetch: Prefetch): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const routePath of paths) out.set(routePath, await prefetchOf(prefetch, routePath));
  return out;
}

let original: Map<string, string[]>;
let ours: Map<string, string[]>;

beforeAll(async () => {
  writeFileSync(
    path.join(dir, 'matchRoutes.mjs'),
    `const matches = ${matches.toString()};\nexport const matchRoutes = (_routes, pathname) => matches(pathname).map((p) => ({route: {path: p}}));\n`,
  );
  writeFileSync(path.join(dir, 'routesChunkNames.mjs'), `export default ${JSON.stringify(routesChunkNames)};\n`);
  writeFileSync(path.join(dir, 'routes.mjs'), 'export default [];\n');
  writeFileSync(
    path.join(dir, 'prefetchHelper.mjs'),
    'export default (url) => { globalThis.prefetchedUrls.push(url); return Promise.resolve(); };\n',
  );
  writeFileSync(path.join(dir, 'preloadHelper.mjs'), 'export default () => Promise.resolve();\n');
  copyFileSync(path.join(client, 'flat.js'), path.join(dir, 'flat.mjs'));
  // A browser that says nothing of its connection: it prefetches
  vi.stubGlobal('navigator', {});
  Object.assign(globalThis, {
    prefetchedUrls: [],
    // The bundler's chunk asset URLs (ChunkAssetPlugin); a merged chunk has none
    __webpack_require__: {gca: (name: string) => `/assets/js/${name === 'merged' ? 'undefined' : name}.js`},
  });
  // Read on the home page, the prefetchers are asked for every path in turn
  readingPage('/');
  original = await prefetched((await load('original.mjs', source)).prefetch);
  ours = await prefetched((await load('patched.mjs', patched)).prefetch);
});

afterAll(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>).prefetchedUrls;
  delete (globalThis as Record<string, unknown>).__webpack_require__;
  rmSync(dir, {recursive: true, force: true});
});

describe('the route prefetching patch', () => {
  it('applies to the installed file', () => {
    expect(prefetchFile.test(file)).toBe(true);
    expect(patched).not.toBe(source);
  });

  it.each(paths)('prefetches the chunks the original does for %s, less those already asked for', (routePath) => {
    // The home page's own chunk, then every chunk of the paths before this one, in turn
    const asked = new Set(['/assets/js/home.js']);
    for (const earlier of paths.slice(0, paths.indexOf(routePath))) {
      for (const url of original.get(earlier) ?? []) asked.add(url);
    }
    expect(ours.get(routePath)).toEqual([...new Set(original.get(routePath))].filter((url) => !asked.has(url)));
  });

  it('prefetches each chunk once: the docs layout with the first docs path, then each page its own', () => {
    const docs = ['docsRoot', 'docsPlugin', 'docsVersion', 'versionProps'].map((name) => `/assets/js/${name}.js`);
    // The original asks for the docs layout's chunks twice for `/docs` (its plugin's route and its
    // version's), and again for every page under it
    expect(original.get('/docs')).toEqual([...docs, ...docs]);
    expect(original.get('/docs/intro')).toEqual(expect.arrayContaining(docs));
    expect(ours.get('/docs')).toEqual(docs);
    expect(ours.get('/docs/intro')).toEqual(
      ['docItem', 'introContent', 'introSecond'].map((name) => `/assets/js/${name}.js`),
    );
    expect(ours.get('/docs/a-b-c')).toEqual(['/assets/js/abcContent.js', '/assets/js/deepChunk.js']);
    expect(ours.get('/blog/2018/12/14/Happy-First-Birthday-Slash')).toEqual(['/assets/js/blogPost.js']);
    expect(ours.get('/docs/gone')).toEqual([]);
    expect(ours.get('/x')).toEqual([]);
  });

  it("does not prefetch the page's own chunks, which it has loaded", () => {
    expect(original.get('/')).toEqual(['/assets/js/home.js']);
    expect(ours.get('/')).toEqual([]);
  });

  it('does not prefetch the chunks of a route preloaded (a link pointed at, a page opened)', async () => {
    readingPage('/');
    const fresh = await load('preloaded.mjs', patched);
    await fresh.preload('/docs/intro');
    // A page under the same layout: the layout's and the doc page's chunks came with the preloaded route
    expect(await prefetchOf(fresh.prefetch, '/docs/a-b-c')).toEqual([
      '/assets/js/abcContent.js',
      '/assets/js/deepChunk.js',
    ]);
  });

  it("reads the page's chunks from where the reader is when it first prefetches", async () => {
    readingPage('/docs/a-b-c');
    const fresh = await load('reading.mjs', patched);
    expect(await prefetchOf(fresh.prefetch, '/docs/a-b-c')).toEqual([]);
    expect(await prefetchOf(fresh.prefetch, '/docs/intro')).toEqual([
      '/assets/js/introContent.js',
      '/assets/js/introSecond.js',
    ]);
  });
});
