/**
 * Adds the API reference pages `/api/<slug>/`, one per bundled specification (`specs/dist/openapi`,
 * served as `/openapi/<slug>.json` through `staticDirectories`). Each page gets a small outline of
 * the spec (title, tags, operations, anchors) for its server-rendered first paint; Redoc renders the
 * whole reference in the browser from the JSON file. So no spec ever enters global data or the
 * JavaScript of other pages (STACK-NOTES: redocusaurus inlines every spec into main.js).
 */
import fs from 'node:fs';
import type {Plugin} from '@docusaurus/types';
import {apis, referencePath} from '../../../config/apis';
import {hasReference, specBundlePath} from '../../../config/availability';
import {outlineOf, type ReferenceOutline} from './outline';

export default function apiReferencePlugin(): Plugin<ReferenceOutline[]> {
  return {
    name: 'api-reference',

    getPathsToWatch() {
      return apis.filter(hasReference).map(specBundlePath);
    },

    async loadContent() {
      return apis.filter(hasReference).map((api) => {
        const file = specBundlePath(api);
        if (!fs.existsSync(file)) {
          throw new Error(`The specification of ${api.slug} is not bundled (${file}): run \`npm run specs:bundle\`.`);
        }
        return outlineOf(api, JSON.parse(fs.readFileSync(file, 'utf8')));
      });
    },

    async contentLoaded({content, actions}) {
      for (const outline of content) {
        const api = apis.find((entry) => entry.slug === outline.slug)!;
        const data = await actions.createData(`${outline.slug}.json`, JSON.stringify(outline));
        actions.addRoute({
          path: referencePath(api),
          component: '@site/src/components/ApiReference',
          exact: true,
          modules: {outline: data},
        });
      }
    },
  };
}
