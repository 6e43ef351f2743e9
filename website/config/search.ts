import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';

/**
 * Whether the API reference is searchable (`SEARCH_REFERENCE=off` leaves it out; the search
 * benchmark compares both). The reference pages render an outline of each specification (every
 * operation and schema under its Redoc anchor, with its fields and enum values: see
 * src/plugins/apiReference); the local search indexes those pages with its article parser, the one
 * it uses for blog posts, so reference entries come up in the same box as the guides.
 */
export const referenceInSearch = process.env.SEARCH_REFERENCE !== 'off';

/** Options of the local search (`@easyops-cn/docusaurus-search-local`). */
export const searchOptions: Partial<PluginOptions> = {
  hashed: true,
  language: ['en'],
  indexDocs: true,
  indexBlog: true,
  indexPages: false,
  docsRouteBasePath: '/docs',
  blogRouteBasePath: referenceInSearch ? ['/blog', '/api'] : ['/blog'],
  searchResultLimits: 8,
  searchBarShortcutKeymap: 'mod+k',
  highlightSearchTermsOnTargetPage: true,
  explicitSearchResultPath: true,
  // The blog is a search context: searching from a blog page searches the blog, and "See all" opens
  // /search?q=...&ctx=blog. Everywhere else the box searches guides, reference and blog together.
  searchContextByPaths: [{label: 'Blog', path: 'blog'}],
  useAllContextsWithNoSearchContext: true,
  // Code blocks stay out of the index: they repeat each example in three languages and made up
  // most of its size; their field names and values are in the prose and in the reference entries.
  ignoreCssSelectors: ['pre'],
  // Two pages stay out of the index, the shallow links and the baggage pages (e2e/search.spec.ts checks
  // it; docs/faqs.mdx tells readers to find Shallow links in the sidebar).
  ignoreFiles: [/docs\/shallow-link/, /docs\/baggage-and-additional-attributes/],
};
