/**
 * `@portal/content`: the guides' MDX as the tools read it. Node only where it reads files
 * (`contentFiles`, the guides); `@portal/content/markdownPath` and `@portal/content/apis` alone are what
 * the site's browser code imports, and `@portal/content/sidebar` what its sidebars file does.
 */
export * from './apis';
export * from './categories';
export * from './codeBlocks';
export * from './components';
export * from './enumTable';
export * from './referenceDataTable';
export * from './guides';
export * from './links';
export * from './markdownPath';
export * from './mdxToMarkdown';
export * from './notConfirmed';
export * from './pages';
export * from './routes';
export * from './sidebar';
export * from './prose';
export * from './fieldTable';
