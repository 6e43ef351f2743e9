/**
 * Which parts of each API are published in this checkout: an API's reference page exists once its
 * specification `specs/<slug>/openapi.yaml` does, and its guide category once `docs/<guideFolder>/`
 * does. Navbar, footer, sidebar and home page link only to what exists, so the build's broken-link
 * check stays strict while the API issues land one by one. Runs at build time (Node), never in the
 * browser: the home page reads the result from `siteConfig.customFields`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {apis, type Api} from './apis';

const websiteDir = path.resolve(__dirname, '..');
const specsDir = path.resolve(websiteDir, '..', 'specs');

export const hasReference = (api: Api): boolean => fs.existsSync(path.join(specsDir, api.slug, 'openapi.yaml'));

export const hasGuides = (api: Api): boolean => fs.existsSync(path.join(websiteDir, 'docs', api.guideFolder));

export interface ApiAvailability {
  slug: string;
  reference: boolean;
  guides: boolean;
}

export const apiAvailability = (): ApiAvailability[] =>
  apis.map((api) => ({slug: api.slug, reference: hasReference(api), guides: hasGuides(api)}));

export const docExists = (id: string): boolean =>
  ['.md', '.mdx'].some((ext) => fs.existsSync(path.join(websiteDir, 'docs', `${id}${ext}`)));

/** The bundled specification of an API (made by `npm run specs:bundle`), served as `/openapi/<slug>.json`. */
export const specBundlePath = (api: Api): string => path.join(specsDir, 'dist', 'openapi', `${api.slug}.json`);
