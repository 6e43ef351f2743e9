/**
 * The MCP server over stdio: `npm run mcp` from the repository root (root README, and
 * website/docs/getting-started/ai-assistants.mdx for the client configuration). Bundles the
 * specifications first when they are not bundled yet, writing only to stderr: stdout carries the
 * protocol. Then serves ./tools.ts on the bundles and the markdown pages (./pages.ts).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {bundlePath, listedSlugs, loadBundles, specsDir} from '@portal/specs/node';
import {markdownPages} from './pages';
import {createServer} from './tools';

function ensureBundles(): void {
  if (listedSlugs().every((slug) => fs.existsSync(bundlePath(slug)))) return;
  console.error('[mcp] bundling the specifications (npm run specs:bundle)…');
  const result = spawnSync('npm', ['run', '--silent', 'bundle'], {
    cwd: path.resolve(specsDir),
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) throw new Error('npm run specs:bundle failed: see the messages above');
}

async function main(): Promise<void> {
  ensureBundles();
  const bundles = loadBundles();
  const skip = (file: string, error: unknown) =>
    console.error(`[mcp] left out ${file}: its MDX does not parse (${String(error)})`);
  const pages = markdownPages(bundles, skip);
  const server = createServer({bundles, pages, siteUrl: process.env.SITE_URL});
  await server.connect(new StdioServerTransport());
  console.error(`[mcp] api-developer-docs MCP server on stdio: ${bundles.size} APIs, ${pages.length} pages`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
