/**
 * Small, named corrections to dependencies, applied as the bundler reads their files (patchLoader.cjs
 * fails the build if a patched text disappears in an upgrade, naming the version the patch was written
 * for). Each entry of `patches` says the package and version it was written for (`writtenFor`, the
 * versions in package-lock.json when it was added and still installed) and, above it, why it is needed.
 * e2e/behaviour.spec.ts checks what the Tabs and CodeBlock patches keep working (code kept through
 * hydration, a stored tab choice, dark-mode code colours after load); e2e/search.spec.ts searches
 * through the patched worker and checks the results page's limit.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** How many results the search results page (`/search`) lists at most; the theme asks for 100. */
export const searchResultsPageLimit = 50;

/** Builds the search worker's index from the shipped documents (src/plugins/searchIndex). */
const indexFromDocumentsModule = path.join(__dirname, '..', 'searchIndex', 'indexFromDocuments.ts');

const patches: {test: RegExp; writtenFor: string; replacements: {find: string; replace: string}[]}[] = [
  // The classic theme's `Tabs` and `CodeBlock` remount their whole content once hydrated (a key of
  // `useIsBrowser()`), so every code block of a page was rendered and tokenised by Prism twice on load
  // (the long guides have dozens, in three language tabs). Neither needs it any more: the colour mode
  // is read in an effect after hydration (theme-common's colorMode.js, "initialized in useEffect on
  // purpose") and the stored tab choice through `useSyncExternalStore`, whose server snapshot
  // hydration uses; both then update the hydrated markup like any state change.
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]Tabs[\\/]index\.js$/,
    writtenFor: '@docusaurus/theme-classic 3.10.2',
    replacements: [{find: 'key={String(isBrowser)}>', replace: '>'}],
  },
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]CodeBlock[\\/]index\.js$/,
    writtenFor: '@docusaurus/theme-classic 3.10.2',
    replacements: [{find: '<CodeBlockComp key={String(isBrowser)} {...props}>', replace: '<CodeBlockComp {...props}>'}],
  },
  // Redoc's side menu loads its attribution logo from an outside host: a failed request and a console
  // error offline. It points to a local icon instead (static/img/reference-attribution.svg).
  {
    test: /[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
    writtenFor: 'redoc 2.5.4',
    replacements: [{find: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: '/img/reference-attribution.svg'}],
  },
  // The local search's worker loads a prebuilt lunr index from the index file; the site ships the
  // documents alone (src/plugins/searchIndex), so the worker builds each index from its documents.
  {
    test: /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]worker\.js$/,
    writtenFor: '@easyops-cn/docusaurus-search-local 0.55.3',
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
  // The local search's results page asks the worker for at most 100 results; it lists at most
  // `searchResultsPageLimit` (e2e/search.spec.ts checks the limit).
  {
    test: /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/,
    writtenFor: '@easyops-cn/docusaurus-search-local 0.55.3',
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
          rules: patches.map(({test, writtenFor, replacements}) => ({
            test,
            enforce: 'pre' as const,
            loader: path.join(__dirname, 'patchLoader.cjs'),
            options: {writtenFor, replacements},
          })),
        },
      };
    },
  };
}
