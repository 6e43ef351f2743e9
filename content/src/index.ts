/**
 * `@portal/content`: the guides' MDX as the tools read it. Node only where it reads files
 * (`contentFiles`); `@portal/content/markdownPath` alone is what the site's browser code imports.
 */
export * from './categories';
export * from './codeBlocks';
export * from './enumTable';
export * from './markdownPath';
export * from './mdxToMarkdown';
export * from './notConfirmed';
