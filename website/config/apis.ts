/**
 * The list of the thirteen APIs, for the site's config, components and tests: `@portal/content/apis`
 * (content/src/apis.ts), where it is written once so that the docs sidebar and the MCP server read the
 * same list.
 */
export * from '@portal/content/apis';
