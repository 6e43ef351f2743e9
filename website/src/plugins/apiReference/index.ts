/**
 * Adds the API reference pages `/api/<slug>/`, one per API of `config/apis.ts`. Each page gets a small
 * outline of its bundled specification (`outline.ts`) for its server-rendered first paint; Redoc
 * renders the whole reference in the browser from `/openapi/<slug>.json`. So no spec ever enters
 * global data or the JavaScript of other pages (redocusaurus inlines every spec into main.js). The
 * page component is this plugin's theme component `@theme/ApiReference` (`theme/ApiReference/`).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {bundlePath, loadBundle} from '@portal/specs/node';
import {apis, referencePath} from '../../../config/apis';
import {outlineOf, type ReferenceOutline} from './outline';

export default function apiReferencePlugin(): Plugin<ReferenceOutline[]> {
  return {
    name: 'api-reference',

    getThemePath() {
      return path.join(__dirname, 'theme');
    },

    // The try-it console's editor (src/components/TryIt/JsonEditor.tsx) uses codemirror-json-schema,
    // whose ES modules import their own files without extensions: let the bundler resolve them.
    configureWebpack() {
      return {
        module: {
          rules: [{test: /[\\/]codemirror-json-schema[\\/]dist[\\/].*\.js$/, resolve: {fullySpecified: false}}],
        },
      };
    },

    getPathsToWatch() {
      return apis.map((api) => bundlePath(api.slug));
    },

    async loadContent() {
      return apis.map((api) => outlineOf(api.slug, loadBundle(api.slug)));
    },

    async contentLoaded({content, actions}) {
      for (const [index, outline] of content.entries()) {
        const data = await actions.createData(`${outline.slug}.json`, JSON.stringify(outline));
        actions.addRoute({
          path: referencePath(apis[index]),
          component: '@theme/ApiReference',
          exact: true,
          modules: {outline: data},
        });
      }
    },
  };
}
