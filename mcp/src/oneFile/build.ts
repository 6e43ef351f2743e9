/**
 * The MCP server's one file for partners: `mcp.mjs`, one ES module for Node 20 or later serving the
 * server on stdio (`node mcp.mjs`) with the markdown pages and the bundled specifications inside it,
 * nothing to install and no file read. The pages are made here, at build time, with the functions the
 * stdio server uses when it starts (`markdownPages` of ../pages.ts), and given to ./entry.ts as a
 * virtual module (`portal:pages`) beside the bundles (`portal:bundles`); `bundleOneFile` of
 * @portal/specs/esbuild does the rest. The site's downloads plugin (website/src/plugins/downloads)
 * builds it; ../oneFile.test.ts starts a lone copy.
 */
import path from 'node:path';
import type {OpenApiDocument} from '@portal/specs';
import {bundleOneFile, type OneFile} from '@portal/specs/esbuild';
import {loadBundles} from '@portal/specs/node';
import {markdownPages, type MarkdownPage} from '../pages';

export function buildMcpFile(
  options: {bundles?: Map<string, OpenApiDocument>; pages?: MarkdownPage[]; minify?: boolean} = {},
): Promise<OneFile> {
  const bundles = options.bundles ?? loadBundles();
  return bundleOneFile({
    entry: path.join(__dirname, 'entry.ts'),
    name: 'mcp.mjs',
    modules: {
      'portal:bundles': {json: Object.fromEntries(bundles)},
      'portal:pages': {json: options.pages ?? markdownPages(bundles)},
    },
    minify: options.minify,
  });
}
