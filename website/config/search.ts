import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';

/** Options of the local search (seed 000 sections 2 and 9). */
export const searchOptions: Partial<PluginOptions> = {
  hashed: true,
  language: ['en'],
  indexDocs: true,
  indexBlog: true,
  indexPages: false,
  docsRouteBasePath: '/docs',
  searchResultLimits: 8,
  searchBarShortcutKeymap: 'mod+k',
  highlightSearchTermsOnTargetPage: true,
  explicitSearchResultPath: true,
  // Pages the seed keeps out of the index.
  ignoreFiles: [/docs\/shallow-link/, /docs\/baggage-and-additional-attributes/],
};
