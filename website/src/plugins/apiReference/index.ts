/**
 * Adds the API reference pages `/api/<slug>/`, one per API of `config/apis.ts` and one for the portal's own
 * (`referenceApis`: the hosted check's API, whose specification offers no Try it). Docusaurus renders each
 * page with a small outline of its bundled specification (`outline.ts`) as route data, which the local
 * search indexes; `postBuild` then replaces the outline in each built page with Redoc's whole reference,
 * rendered at build time (`prerender.ts`), so the page is readable from its first paint without
 * JavaScript. In the browser, the page component (`@theme/ApiReference`, `theme/ApiReference/`) loads
 * Redoc and `/openapi/<slug>.json` on the reader's first interaction and hydrates that markup; only a
 * page reached by in-app navigation (or on the dev server, which runs no postBuild) renders Redoc in the
 * browser. So no spec ever enters global data or the JavaScript of other pages (redocusaurus inlines
 * every spec into main.js).
 */
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {bundlePath, loadBundle} from '@portal/specs/node';
import {referenceApis, referencePath} from '../../../config/apis';
import {outlineOf, type ReferenceOutline} from './outline';

export interface ApiReferenceOptions {
  /**
   * Settled once the local search has read the built pages (src/plugins/searchIndex): the search
   * indexes each page's outline, which postBuild then replaces with Redoc's markup.
   */
  afterSearchIndex?: Promise<void>;
}

export default function apiReferencePlugin(
  context: LoadContext,
  options: ApiReferenceOptions = {},
): Plugin<ReferenceOutline[]> {
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
      return referenceApis.map((api) => bundlePath(api.slug));
    },

    async loadContent() {
      return referenceApis.map((api) => outlineOf(api.slug, loadBundle(api.slug)));
    },

    async contentLoaded({content, actions}) {
      for (const [index, outline] of content.entries()) {
        const data = await actions.createData(`${outline.slug}.json`, JSON.stringify(outline));
        actions.addRoute({
          path: referencePath(referenceApis[index]),
          component: '@theme/ApiReference',
          exact: true,
          modules: {outline: data},
        });
      }
    },

    // Every reference page gets Redoc's whole reference in its HTML (prerender.ts), after the search
    // has indexed the outline it replaces. In a process of its own: Redoc must render with React's
    // production build, and this process may hold React as loaded before the build set NODE_ENV.
    async postBuild({outDir}) {
      await options.afterSearchIndex;
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, 'prerender.ts'), outDir, context.baseUrl, context.siteDir],
        {env: {...process.env, NODE_ENV: 'production'}, maxBuffer: 16 * 1024 * 1024},
      );
    },
  };
}
