/**
 * Small, named corrections to dependencies, applied as the bundler reads their files (patchLoader.cjs
 * fails the build if a patched text disappears in an upgrade):
 * - Redoc's side menu loads its attribution logo from an outside host, a failed request and a
 *   console error offline: it points to a local icon instead.
 * - The local search's results page asks for at most 100 results; the seed's limit is 50.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The seed's results page limit (seed 000 sections 2 and 9). */
export const searchResultsPageLimit = 50;

const patches = [
  {
    test: /[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
    replacements: [{find: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: '/img/reference-attribution.svg'}],
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
