/** What the one file's build gives ./entry.ts as JSON (./build.ts). */
declare module 'portal:bundles' {
  const bundles: Record<string, import('@portal/specs').OpenApiDocument>;
  export default bundles;
}
declare module 'portal:pages' {
  const pages: import('../pages').MarkdownPage[];
  export default pages;
}
