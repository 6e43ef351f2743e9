/**
 * The entry of `mcp.mjs` (./build.ts): ../tools.ts on the bundles and pages built into the file,
 * connected to stdio as ../server.ts connects it (protocol on stdout, messages on stderr).
 */
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import bundles from 'portal:bundles';
import pages from 'portal:pages';
import {createServer} from '../tools';

const server = createServer({bundles: new Map(Object.entries(bundles)), pages, siteUrl: process.env.SITE_URL});
server.connect(new StdioServerTransport()).then(
  () =>
    console.error(
      `[mcp] api-developer-docs MCP server on stdio: ${Object.keys(bundles).length} APIs, ${pages.length} pages`,
    ),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
