/**
 * Where the specifications and their bundles live, and loading them (Node only). The list of APIs
 * is `redocly.yaml`'s `apis:` (one entry per specification); a bundle is `dist/openapi/<slug>.json`,
 * written here and nowhere else: `npm run specs:bundle` writes it, the site serves it as
 * `/openapi/<slug>.json`, and every other reader loads it through `loadBundle`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {OpenApiDocument} from './openapi';
import {CHECK_API_SLUG} from './portalApis';

/** The `specs/` folder. */
export const specsDir = path.resolve(__dirname, '..');
/** The folder of the bundles, which the site serves as `/openapi/`. */
export const bundleDir = path.join(specsDir, 'dist', 'openapi');

/** The bundled JSON of an API: `specs/dist/openapi/<slug>.json` (or `<slug>.json` in another folder of bundles). */
export const bundlePath = (slug: string, dir = bundleDir): string => path.join(dir, `${slug}.json`);

/** The other artefacts of a bundle, beside it (lib/bundle.ts): `<slug>.yaml`, `<slug>.d.ts`, `<slug>.postman.json`. */
export const artefactPath = (slug: string, extension: 'yaml' | 'd.ts' | 'postman.json', dir = bundleDir): string =>
  path.join(dir, `${slug}.${extension}`);

/** The authored root of an API: `specs/<slug>/openapi.yaml`. */
export const sourcePath = (slug: string): string => path.join(specsDir, slug, 'openapi.yaml');

/** Every slug `redocly.yaml` lists, the portal's own API (./portalApis.ts) included, in its order. */
export function configuredSlugs(): string[] {
  const config = parse(fs.readFileSync(path.join(specsDir, 'redocly.yaml'), 'utf8')) as {
    apis?: Record<string, {root?: string}>;
  };
  const entries = Object.entries(config.apis ?? {});
  for (const [slug, entry] of entries) {
    if (entry.root !== `${slug}/openapi.yaml`) {
      throw new Error(`redocly.yaml: the root of ${slug} must be ${slug}/openapi.yaml, not ${entry.root}`);
    }
  }
  return entries.map(([slug]) => slug);
}

/** The slugs of the partner APIs listed in `redocly.yaml`, in its order (the portal's own API left out). */
export const listedSlugs = (): string[] => configuredSlugs().filter((slug) => slug !== CHECK_API_SLUG);

/** The partner APIs that have an authored specification folder `specs/<slug>/openapi.yaml`. */
export function authoredSlugs(): string[] {
  return fs
    .readdirSync(specsDir)
    .filter((name) => name !== CHECK_API_SLUG && fs.existsSync(sourcePath(name)))
    .sort();
}

/** The bundle of one API. Fails with the command to run when it is not bundled. */
export function loadBundle(slug: string, dir = bundleDir): OpenApiDocument {
  const file = bundlePath(slug, dir);
  if (!fs.existsSync(file)) {
    throw new Error(`The specification of ${slug} is not bundled (${file}): run \`npm run specs:bundle\`.`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** Every listed partner API's bundle, by slug, in the order of `redocly.yaml` (from `dist/openapi/` unless told). */
export function loadBundles(dir = bundleDir): Map<string, OpenApiDocument> {
  return new Map(listedSlugs().map((slug) => [slug, loadBundle(slug, dir)]));
}

/** The bundle of the portal's own API, the hosted check's (`CHECK_API_SLUG`). */
export const loadCheckApi = (dir = bundleDir): OpenApiDocument => loadBundle(CHECK_API_SLUG, dir);
