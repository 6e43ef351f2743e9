/** The modules ./build.ts gives the portal's Worker at build time. */
declare module 'portal:pages' {
  const pages: import('@portal/mcp/pages').MarkdownPage[];
  export default pages;
}
