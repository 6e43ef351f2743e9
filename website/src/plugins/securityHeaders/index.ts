/**
 * Security headers for every page, written at build time: in `postBuild`, reads every HTML file of the
 * build, hashes the inline scripts they run, and writes `_headers` (the file Cloudflare Workers static
 * assets, Cloudflare Pages and Netlify apply) into the build folder. Lifecycle only: the rules and their
 * reasons are ./policy.ts, the file's making and reading ./headersFile.ts.
 *
 * The pages are final only once every plugin's `postBuild` has run (the apiReference plugin puts Redoc's
 * markup into the reference pages, the client redirects plugin writes its redirect pages), and Docusaurus
 * starts them all at once. So this plugin is listed first in docusaurus.config.ts: when its `postBuild`
 * starts, the later plugins' have not, and it waits for each of them before reading the build.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {Plugin, Props} from '@docusaurus/types';
import {collectInlineScripts, dataBlocks, headersFile, inlineHandlers, unhashedAssets, type Page} from './headersFile';
import {headerRules} from './policy';

/** The files under `dir`, as paths relative to it with `/`. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The page path of a built HTML file: `docs/intro/index.html` → `/docs/intro`, `404.html` → `/404.html`. */
function pagePath(file: string): string {
  if (file === 'index.html') return '/';
  return `/${file.endsWith('/index.html') ? file.slice(0, -'/index.html'.length) : file}`;
}

/** Plugins listed before this one (the preset's) whose postBuild writes no HTML: their feeds, the sitemap. */
const writeNoHtml = new Set(['docusaurus-plugin-content-blog', 'docusaurus-plugin-sitemap']);

/**
 * Makes every other plugin's `postBuild` that Docusaurus has not started yet report its end; the
 * returned promise settles when they all have. Stops the build if a plugin listed before this one
 * (already started, so not awaited) may write HTML.
 */
function othersDone(plugins: Props['plugins'], name: string): () => Promise<unknown> {
  const own = plugins.findIndex((plugin) => plugin.name === name);
  const before = plugins.slice(0, own).filter((plugin) => plugin.postBuild && !writeNoHtml.has(plugin.name));
  if (before.length > 0) {
    throw new Error(
      `${name}: list it before ${before.map((plugin) => plugin.name).join(', ')} in docusaurus.config.ts, ` +
        'so that it reads the pages after their postBuild',
    );
  }
  const running: Promise<unknown>[] = [];
  for (const plugin of plugins.slice(own + 1)) {
    const postBuild = plugin.postBuild;
    if (!postBuild) continue;
    plugin.postBuild = (props) => {
      const done = Promise.resolve(postBuild.call(plugin, props));
      running.push(done);
      return done;
    };
  }
  // Docusaurus calls every postBuild in one loop: by the next macrotask they have all started.
  return async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return Promise.allSettled(running);
  };
}

export default function securityHeadersPlugin(): Plugin {
  const name = 'security-headers';
  return {
    name,

    async postBuild({outDir, plugins}) {
      const wait = othersDone(plugins, name);
      await wait();
      const started = performance.now();
      const files = await filesUnder(outDir);
      const pages: Page[] = await Promise.all(
        files
          .filter((file) => file.endsWith('.html'))
          .map(async (file) => ({path: pagePath(file), html: await fs.readFile(path.join(outDir, file), 'utf8')})),
      );

      const handlers = pages.flatMap((page) => inlineHandlers(page.html).map((found) => `${page.path}: ${found}`));
      if (handlers.length > 0) {
        throw new Error(`security-headers: inline script the policy cannot allow by hash:\n${handlers.join('\n')}`);
      }
      const unhashed = unhashedAssets(files.filter((file) => file.startsWith('assets/')));
      if (unhashed.length > 0) {
        throw new Error(
          `security-headers: files under /assets/ without a content hash (cached as immutable): ${unhashed.join(', ')}`,
        );
      }

      const scripts = collectInlineScripts(pages);
      const blocks = new Map<string, number>();
      for (const page of pages) {
        for (const [type, count] of dataBlocks(page.html)) blocks.set(type, (blocks.get(type) ?? 0) + count);
      }
      const notHashed = [...blocks].map(([type, count]) => `${count} <script type="${type}">`).join(', ');
      const text = headersFile(headerRules(scripts), [
        'Response headers of the site, for Cloudflare (Workers static assets, Pages) and Netlify.',
        'Written by website/src/plugins/securityHeaders at build time: edit policy.ts there, not this file.',
        `Inline scripts hashed in the Content-Security-Policy: ${scripts.length}, from ${pages.length} HTML files.`,
        ...(notHashed ? [`Not hashed: ${notHashed}, data the browser does not run.`] : []),
      ]);
      await fs.writeFile(path.join(outDir, '_headers'), text);
      console.log(
        `[security-headers] _headers: ${scripts.length} inline scripts hashed from ${pages.length} pages, in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
