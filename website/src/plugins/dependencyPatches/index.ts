/**
 * Small, named corrections to dependencies, applied as the bundler reads their files (patchLoader.cjs
 * fails the build if a patched text disappears in an upgrade):
 * - Redoc's side menu loads its attribution logo from an outside host, a failed request and a
 *   console error offline: it points to a local icon instead.
 * - The local search's results page asks for at most 100 results; the seed's limit is 50.
 * - The local search's worker loads a prebuilt lunr index from the index file; the site ships the
 *   documents alone (src/plugins/searchIndex), so the worker builds each index from its documents.
 * - The classic theme's `Tabs` and `CodeBlock` remount their whole content once hydrated (a key of
 *   `useIsBrowser()`), so every code block of a page was rendered and tokenised by Prism twice on
 *   load (the long guides have dozens, in three language tabs). Neither needs it any more: the colour
 *   mode is read in an effect after hydration (theme-common's colorMode.js, "initialized in useEffect
 *   on purpose") and the stored tab choice through `useSyncExternalStore`, whose server snapshot
 *   hydration uses; both then update the hydrated markup like any state change.
 *   e2e/behaviour.spec.ts checks a stored tab choice and dark-mode code colours after load.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The seed's results page limit (seed 000 sections 2 and 9). */
export const searchResultsPageLimit = 50;

/** Builds the search worker's index from the shipped documents (src/plugins/searchIndex). */
const indexFromDocumentsModule = path.join(__dirname, '..', 'searchIndex', 'indexFromDocuments.ts');

const patches = [
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]Tabs[\\/]index\.js$/,
    replacements: [{find: 'key={String(isBrowser)}>', replace: '>'}],
  },
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]CodeBlock[\\/]index\.js$/,
    replacements: [{find: '<CodeBlockComp key={String(isBrowser)} {...props}>', replace: '<CodeBlockComp {...props}>'}],
  },
  {
    test: /[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
    replacements: [{find: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: '/img/reference-attribution.svg'}],
  },
  {
    test: /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]worker\.js$/,
    replacements: [
      {
        find: 'import lunr from "lunr";',
        replace: `import lunr from "lunr";\nimport {indexFromDocuments} from ${JSON.stringify(indexFromDocumentsModule)};`,
      },
      {find: 'index: lunr.Index.load(index),', replace: 'index: indexFromDocuments(lunr, documents),'},
      // The index's Chinese terms feed a Chinese dictionary; this site is English only.
      {find: 'for (const tuple of item.index.invertedIndex) {', replace: 'for (const tuple of []) {'},
    ],
  },
  {
    test: /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/,
    replacements: [
      {
        find: 'searchByWorker(versionUrl, searchContext, searchQuery, 100)',
        replace: `searchByWorker(versionUrl, searchContext, searchQuery, ${searchResultsPageLimit})`,
      },
    ],
  },
];

export default function dependencyPatchesPlugin(): Plugin {
  return {
    name: 'dependency-patches',
    configureWebpack() {
      return {
        module: {
          rules: patches.map(({test, replacements}) => ({
            test,
            enforce: 'pre' as const,
            loader: path.join(__dirname, 'patchLoader.cjs'),
            options: {replacements},
          })),
        },
      };
    },
  };
}
