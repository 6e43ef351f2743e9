/** The modules ./build.ts gives the portal's Worker at build time: the MCP server's pages and the check API's specification. */
declare module 'portal:pages' {
  const pages: import('@portal/mcp/pages').MarkdownPage[];
  export default pages;
}
declare module 'portal:check-api' {
  const doc: import('@portal/specs').OpenApiDocument;
  export default doc;
}
