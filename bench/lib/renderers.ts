/**
 * The API reference renderers a provider would otherwise pick, for `bench:site` to measure beside our
 * `/api/<slug>/` pages on the same bundled specs (`specs/dist/openapi/<slug>.json`). Each gets a static
 * site under `bench/results/renderers/<id>/`: `<slug>/index.html`, the minimal page of the renderer's own
 * docs pointing at `<slug>/openapi.json` (a copy of the bundle), and the renderer's files in `assets/`,
 * served from there and not from the CDN the docs name (the benchmark has no network when it measures).
 * No option of ours is added to any page.
 *
 * - Redoc standalone (`redoc`, the version the website installs, 2.5.4 when written): the page of
 *   `node_modules/redoc/README.md`, "Add an HTML element to the page": `<redoc spec-url>` and
 *   `bundles/redoc.standalone.js` (the script tag of docs/deployment/html.md, "Node modules link").
 * - Scalar API Reference (`@scalar/api-reference` 1.76.0): the page of
 *   `node_modules/@scalar/api-reference/README.md`, "CDN": `<div id="app">`, the package's browser
 *   bundle `dist/browser/standalone.js` (what the README's jsDelivr URL serves: the package's `browser`
 *   field) and `Scalar.createApiReference('#app', {url, proxyUrl})`. The bundle puts its CSS in by
 *   script. `proxyUrl` stays as the README has it: Scalar does not proxy a same-origin document.
 * - Stoplight Elements (`@stoplight/elements` 9.0.25): its README only links to the docs, so the page of
 *   docs/getting-started/elements/html.md in github.com/stoplightio/elements: `web-components.min.js` and
 *   `styles.min.css` in the head, `<elements-api apiDescriptionUrl router="hash" layout="sidebar">`.
 *
 * Scalar and Elements are no dependency of the repository (CI installs every one): they are pinned in
 * `bench/renderers/package.json` with its lock, and installed here on demand with `npm ci --ignore-scripts`
 * into `bench/results/renderers-install/` (git-ignored; reinstalled only when the lock changes). The
 * browser bundles need no install script (the skipped ones: Scarf's install analytics and vue-demi's
 * Vue 2/3 switch). Scalar's package asks for Node 22 (npm warns on Node 20): its tools', not the browser
 * bundle's. The install is large (about 1.4 GB, 810 packages, two minutes here) for the four files used.
 *
 * What a page fetches from elsewhere at runtime, by default, is in `RendererSite.externalHosts` (to block
 * in Lighthouse, `--blocked-url-patterns`, so a run does not wait on a host it cannot reach): Scalar's
 * sans and mono fonts (inter-latin.woff2, mono-latin.woff2) from fonts.scalar.com (`withDefaultFonts`, on by
 * default; the page falls back to system fonts), Redoc's "API docs by Redocly" logo from cdn.redoc.ly
 * (hidden when it fails to load). Elements fetches nothing. (Checked in Chromium with every request to
 * another host than 127.0.0.1 logged and blocked.)
 */
import {spawn} from 'node:child_process';
import {copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, constants, gzipSync} from 'node:zlib';

export type RendererName = 'Redoc standalone' | 'Scalar API Reference' | 'Stoplight Elements';

export interface RendererSite {
  name: RendererName;
  /** The installed package's version. */
  version: string;
  /** The site's folder, for `serveStatic(dir, port)`. */
  dir: string;
  /** The page of one spec, from the site's root: `/<slug>/`. */
  path(slug: string): string;
  /** The renderer's files the pages load, from the site's root (`/assets/...`). */
  assets: string[];
  /** Hosts the page contacts at runtime with the renderer's defaults (none of them reachable when measuring). */
  externalHosts: string[];
}

interface Renderer {
  id: string;
  name: RendererName;
  /** The npm package and where it is installed from: the website's dependencies or bench/renderers. */
  pkg: string;
  from: 'website' | 'bench';
  /** Files of the package copied to `assets/`, by their path in the package. */
  files: string[];
  externalHosts: string[];
  page(spec: string): string;
}

const renderers: Renderer[] = [
  {
    id: 'redoc',
    name: 'Redoc standalone',
    pkg: 'redoc',
    from: 'website',
    files: ['bundles/redoc.standalone.js'],
    externalHosts: ['cdn.redoc.ly'],
    page: (spec) => `<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Redoc</title>
  </head>
  <body>
    <redoc spec-url="${spec}"></redoc>
    <script src="/assets/redoc.standalone.js"> </script>
  </body>
</html>
`,
  },
  {
    id: 'scalar',
    name: 'Scalar API Reference',
    pkg: '@scalar/api-reference',
    from: 'bench',
    files: ['dist/browser/standalone.js'],
    externalHosts: ['fonts.scalar.com'],
    page: (spec) => `<!doctype html>
<html>
  <head>
    <title>Scalar API Reference</title>
    <meta charset="utf-8" />
    <meta
      name="viewport"
      content="width=device-width, initial-scale=1" />
  </head>

  <body>
    <div id="app"></div>

    <!-- Load the Script -->
    <script src="/assets/standalone.js"></script>

    <!-- Initialize the Scalar API Reference -->
    <script>
      Scalar.createApiReference('#app', {
        // The URL of the OpenAPI/Swagger document
        url: '${spec}',
        // Avoid CORS issues
        proxyUrl: 'https://proxy.scalar.com',
      })
    </script>
  </body>
</html>
`,
  },
  {
    id: 'elements',
    name: 'Stoplight Elements',
    pkg: '@stoplight/elements',
    from: 'bench',
    files: ['web-components.min.js', 'styles.min.css'],
    externalHosts: [],
    page: (spec) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
    <title>Elements in HTML</title>

    <script src="/assets/web-components.min.js"></script>
    <link rel="stylesheet" href="/assets/styles.min.css">
  </head>
  <body>

    <elements-api
      apiDescriptionUrl="${spec}"
      router="hash"
      layout="sidebar"
    ></elements-api>

  </body>
</html>
`,
  },
];

const notFound =
  '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Not found</title></head><body></body></html>\n';

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, stdio: 'inherit'});
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${code}`)),
    );
  });
}

/**
 * Installs `bench/renderers/` (package.json and its lock) into `bench/results/renderers-install/` with
 * `npm ci --ignore-scripts`, unless that lock is installed there already. Returns the install's folder.
 */
export async function installRenderers(root: string): Promise<string> {
  const source = path.join(root, 'bench', 'renderers');
  const target = path.join(root, 'bench', 'results', 'renderers-install');
  const lock = readFileSync(path.join(source, 'package-lock.json'), 'utf8');
  const stamp = path.join(target, 'installed-lock.json');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return target;
  rmSync(target, {recursive: true, force: true});
  mkdirSync(target, {recursive: true});
  copyFileSync(path.join(source, 'package.json'), path.join(target, 'package.json'));
  copyFileSync(path.join(source, 'package-lock.json'), path.join(target, 'package-lock.json'));
  console.log(`installing the renderers of bench/renderers/package.json into ${target}`);
  // --loglevel=error: Scalar's dependencies ask for Node 22 (their build tools; the browser bundle does
  // not care), and Elements' peer ranges clash with its own React 16/17 types: warnings only.
  await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], target);
  writeFileSync(stamp, lock);
  return target;
}

/**
 * Where a renderer's package is installed: the website's `redoc` (in website/node_modules or hoisted to
 * the root's), or bench/renderers' install. By folder: Scalar's and Elements' `exports` hide package.json.
 */
function packageDir(root: string, renderer: Renderer, install: string): string {
  const candidates =
    renderer.from === 'website'
      ? [path.join(root, 'website', 'node_modules', renderer.pkg), path.join(root, 'node_modules', renderer.pkg)]
      : [path.join(install, 'node_modules', renderer.pkg)];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!found) throw new Error(`${renderer.pkg} is not installed (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * One static site per renderer under `bench/results/renderers/<id>/`, each with a page per slug (see the
 * top of this file), installing Scalar and Elements first when needed. The specs must be bundled
 * (`npm run specs:bundle`).
 */
export async function prepareRendererSites(root: string, slugs: string[]): Promise<RendererSite[]> {
  const specs = path.join(root, 'specs', 'dist', 'openapi');
  for (const slug of slugs) {
    if (!existsSync(path.join(specs, `${slug}.json`))) {
      throw new Error(`no ${path.join(specs, `${slug}.json`)}: run npm run specs:bundle first`);
    }
  }
  const install = await installRenderers(root);
  const pinned = (
    JSON.parse(readFileSync(path.join(root, 'bench', 'renderers', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies;
  const sites: RendererSite[] = [];
  for (const renderer of renderers) {
    const from = packageDir(root, renderer, install);
    const {version} = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8')) as {version: string};
    if (renderer.from === 'bench' && pinned[renderer.pkg] !== version) {
      throw new Error(
        `${renderer.pkg} ${version} installed, bench/renderers/package.json pins ${pinned[renderer.pkg]}`,
      );
    }
    const dir = path.join(root, 'bench', 'results', 'renderers', renderer.id);
    rmSync(dir, {recursive: true, force: true});
    mkdirSync(path.join(dir, 'assets'), {recursive: true});
    const assets = renderer.files.map((file) => {
      const name = path.basename(file);
      copyFileSync(path.join(from, file), path.join(dir, 'assets', name));
      return `/assets/${name}`;
    });
    for (const slug of slugs) {
      mkdirSync(path.join(dir, slug));
      cpSync(path.join(specs, `${slug}.json`), path.join(dir, slug, 'openapi.json'));
      writeFileSync(path.join(dir, slug, 'index.html'), renderer.page('openapi.json'));
    }
    // serveStatic answers what it does not have (Chromium's /favicon.ico) with the root's 404.html.
    writeFileSync(path.join(dir, '404.html'), notFound);
    sites.push({
      name: renderer.name,
      version,
      dir,
      path: (slug) => `/${slug}/`,
      assets,
      externalHosts: renderer.externalHosts,
    });
  }
  return sites;
}

export interface AssetSize {
  asset: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** The size of each of a renderer's files, raw and compressed as `serveStatic` compresses them. */
export function rendererAssetSizes(site: RendererSite): AssetSize[] {
  return site.assets.map((asset) => {
    const raw = readFileSync(path.join(site.dir, asset));
    return {
      asset,
      bytes: raw.length,
      gzipBytes: gzipSync(raw, {level: 9}).length,
      brotliBytes: brotliCompressSync(raw, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}).length,
    };
  });
}

/** "Redoc standalone 2.5.4": a renderer's name and version, for a table's header or row. */
export const rendererLabel = (site: RendererSite): string => `${site.name} ${site.version}`;
