/**
 * Small, named corrections to dependencies, applied as the bundler reads their files (patchLoader.cjs
 * fails the build if a patched text disappears in an upgrade, naming the version the patch was written
 * for). Each entry of `patches` says the package and version it was written for (`writtenFor`, the
 * versions in package-lock.json when it was added and still installed) and, above it, why it is needed.
 * e2e/appearance.spec.ts checks what the Tabs and CodeBlock patches keep working (code kept through
 * hydration, a stored tab choice, dark-mode code colours after load); e2e/search.spec.ts searches
 * through the patched worker and checks the results page's limit.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** How many results the search results page (`/search`) lists at most; the theme asks for 100. */
export const searchResultsPageLimit = 50;

/** Builds the search worker's index from the shipped documents (src/plugins/searchIndex). */
const indexFromDocumentsModule = path.join(__dirname, '..', 'searchIndex', 'indexFromDocuments.ts');

/** A literal text and what replaces it, or every match of a regular expression (its source). */
type Replacement = {find: string; replace: string} | {pattern: string; replace: string};

const patches: {test: RegExp; writtenFor: string; replacements: Replacement[]}[] = [
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
  // The theme's client module for `prism.additionalLanguages` runs on every page, so main.js carried
  // prism-react-renderer whole (Prism, its themes, its React component) and Prism's components index
  // (a list of 300 languages, bundled even with no language listed), before any page had a code
  // block. The site lists no language there (the plugin below refuses one): the code block adds the
  // grammar it needs in its own chunk (src/theme/CodeBlock/Content/highlighted.tsx), where
  // prism-react-renderer loads too.
  {
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
    writtenFor: '@docusaurus/theme-classic 3.10.2',
    replacements: [
      {
        find: [
          "import { Prism } from 'prism-react-renderer';",
          "import prismIncludeLanguages from '@theme/prism-include-languages';",
          'prismIncludeLanguages(Prism);',
        ].join('\n'),
        replace: '// prism.additionalLanguages: none (src/plugins/dependencyPatches)',
      },
    ],
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

/**
 * The chunk registry Docusaurus generates (`<generated files>/registry.js`) holds, for each chunk, its
 * loader, its module's name and its module id. The name is only read on the server (react-loadable
 * reports the modules a page rendered, to list their scripts in its HTML); the browser's copy, in
 * main.js, carried about 7 KB of names (136 of them) that nothing reads. The client's copy gets `0`
 * in their place. The line is written by @docusaurus/core's codegenRoutes.js.
 */
function clientRegistryPatch(generatedFilesDir: string) {
  const registry = path.join(generatedFilesDir, 'registry.js');
  return {
    test: new RegExp(`^${registry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    writtenFor: '@docusaurus/core 3.10.2',
    replacements: [
      {pattern: String.raw`\), "(?:[^"\\]|\\.)*", require\.resolveWeak\(`, replace: '), 0, require.resolveWeak('},
    ],
  };
}

export default function dependencyPatchesPlugin(context: LoadContext): Plugin {
  const {prism} = context.siteConfig.themeConfig as {prism?: {additionalLanguages?: string[]}};
  if (prism?.additionalLanguages?.length) {
    throw new Error(
      `themeConfig.prism.additionalLanguages (${prism.additionalLanguages.join(', ')}): this site adds Prism languages in src/theme/CodeBlock/Content/highlighted.tsx, in the highlighter's chunk; see src/plugins/dependencyPatches`,
    );
  }
  return {
    name: 'dependency-patches',
    configureWebpack(_config, isServer) {
      const applied = isServer ? patches : [...patches, clientRegistryPatch(context.generatedFilesDir)];
      return {
        module: {
          rules: applied.map(({test, writtenFor, replacements}) => ({
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
