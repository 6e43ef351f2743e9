/**
 * The baseline of `npm run bench:site` (bench/site.ts): a stock Docusaurus classic site holding this
 * site's content, built with the Docusaurus of node_modules and the same bundler as ours (Rspack:
 * `future: {v4: true, faster: true}`, the create-docusaurus template's flags plus Docusaurus Faster, which
 * needs them). Stock theme and plugins only: preset-classic, `@docusaurus/theme-mermaid` (the guides have
 * mermaid code blocks) and `@easyops-cn/docusaurus-search-local` with its default options. Its config
 * takes from ours only stock settings: the title, tagline and favicon (website/docusaurus.config.ts), the
 * navbar, footer and announcement bar (website/config/), and Prism's `bash` in `additionalLanguages`, the
 * stock way to highlight our bash code blocks (it loads with main.js; our site loads it with its code blocks).
 * It holds:
 * - every guide of website/docs/, with the sidebars of website/sidebars.ts (evaluated here and written
 *   as data: its items are stock, only its list of APIs comes from website/config/apis.ts);
 * - the blog of website/blog/ (posts, authors.yml, tags.yml) and website/static/ (the guides' image);
 * - the home page (website/src/pages/index.tsx, a React page) as src/pages/index.mdx (./stockHome.ts).
 *
 * Where our MDX uses components of ours, each page gets the nearest stock rendering (./stockMdx.ts: the
 * stock tabs, an admonition, what our remark plugins make, and every other component's markdown form,
 * website/src/components/markdown.ts), listed by `rewrites` (page, what) and printed by bench/site.ts. The
 * forms read what our build knows: the one files of our build's `downloads/` (their sizes and SHA-256), the
 * bundled specs, no hosted sandbox (as bench:site builds ours). A component with no form makes the build
 * stop here, naming it and the file to add. Broken links do not fail the stock build (`onBrokenLinks` and
 * the markdown hooks warn): our `/api/...` reference pages, the `/openapi/` and `/downloads/` files are
 * not in it.
 */
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {readGuides} from '@portal/content';
import {loadBundles} from '@portal/specs/node';
import {componentMarkdown} from '@portal/website/components/markdown';
import {downloadInfo, DOWNLOADS_DIR, type DownloadInfo} from '@portal/website/plugins/downloads';
import sidebars from '@portal/website/sidebars';
import {navbar} from '@portal/website/config/navbar';
import {footer} from '@portal/website/config/footer';
import {announcement} from '@portal/website/config/site';
import {runMeasured} from './peakMemory';
import {homePage, tagline, title} from './stockHome';
import {toStockMdx, type Rewrite} from './stockMdx';

export type {Rewrite} from './stockMdx';

export interface StockSite {
  dir: string;
  seconds?: number;
  peakMemoryMiB?: number;
  rewrites: Rewrite[];
}

/** The stock site's docusaurus.config.js (see the top of this file). */
const config = {
  title,
  tagline,
  favicon: 'img/favicon.svg',
  url: 'http://localhost:3000',
  baseUrl: '/',
  // Our reference pages (/api/...) and static files are not in the stock site: broken links warn.
  onBrokenLinks: 'warn',
  markdown: {mermaid: true, hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn'}},
  // The create-docusaurus template's `v4: true`, and the same bundler as our site (Rspack), so the
  // comparison is about the sites, not the bundlers (Docusaurus Faster needs the v4 flags).
  future: {v4: true, faster: true},
  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]],
  themes: ['@docusaurus/theme-mermaid', '@easyops-cn/docusaurus-search-local'],
  themeConfig: {
    navbar: navbar(),
    footer: footer(),
    announcementBar: {...announcement, isCloseable: true},
    prism: {additionalLanguages: ['bash']},
  },
};

/** The files of a folder, relative to it. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(path.join(dir, name)).isDirectory()
      ? filesOf(path.join(dir, name)).map((file) => path.join(name, file))
      : [name],
  );

/**
 * Writes the stock site into `outSite` and builds it into `outSite/build` with `docusaurus build`, timed
 * and with its peak memory (./peakMemory.ts). `reuse`: keep an earlier build (no time, no memory).

/** The one files our build (`ourBuild`) serves under `/downloads/`, as the downloads plugin describes them. */
function builtDownloads(ourBuild: string): DownloadInfo[] {
  const dir = path.join(ourBuild, DOWNLOADS_DIR);
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.sha256')) : [];
  if (!names.length) throw new Error(`${dir} holds no one file: build the site first (npm run build)`);
  return names.sort().map((name) => downloadInfo(name, readFileSync(path.join(dir, name))));
}

/**
 * The stock site's pages (relative to its folder) and the rewrites they needed: the home page, and every
 * guide and post in stock markup with the components' forms reading `ourBuild`'s one files.
 */
export function stockSitePages(root: string, ourBuild: string): {files: Map<string, string>; rewrites: Rewrite[]} {
  const website = path.join(root, 'website');
  const forms = componentMarkdown({
    siteUrl: config.url,
    hostedSandboxUrl: null,
    downloads: builtDownloads(ourBuild),
    bundles: loadBundles(),
  });
  const routes = new Map(readGuides(path.join(website, 'docs')).map((guide) => [`docs/${guide.source}`, guide.path]));
  const files = new Map<string, string>([['src/pages/index.mdx', homePage()]]);
  const rewrites: Rewrite[] = [
    {
      page: 'src/pages/index.tsx',
      what: 'the React home page: src/pages/index.mdx with its text, headings and links (buttons and cards as links and headings)',
    },
  ];
  for (const folder of ['docs', 'blog']) {
    for (const file of filesOf(path.join(website, folder))) {
      const page = path.join(folder, file);
      const source = readFileSync(path.join(website, page), 'utf8');
      if (!/\.mdx?$/.test(file)) {
        files.set(page, source);
        continue;
      }
      const route = routes.get(page) ?? `/${page.replace(/\.mdx?$/, '')}`;
      const stock = toStockMdx(page, source, forms, route);
      files.set(page, stock.mdx);
      rewrites.push(...stock.rewrites);
    }
  }
  return {files, rewrites};
}

/**
 * Writes the stock site into `outSite` and builds it into `outSite/build` with `docusaurus build`, timed
 * and with its peak memory (./peakMemory.ts). `ourBuild`: our site's build, whose one files the forms
 * describe. `reuse`: keep an earlier build (no time, no memory).
 */
export async function buildStockContentSite(
  root: string,
  outSite: string,
  options: {reuse: boolean; ourBuild: string},
): Promise<StockSite> {
  const website = path.join(root, 'website');
  const {files, rewrites} = stockSitePages(root, options.ourBuild);
  const dir = path.join(outSite, 'build');
  if (options.reuse && existsSync(path.join(dir, 'index.html'))) return {dir, rewrites};

  rmSync(outSite, {recursive: true, force: true});
  cpSync(path.join(website, 'static'), path.join(outSite, 'static'), {recursive: true});
  files.set('package.json', JSON.stringify({name: 'stock-site', private: true}, null, 2));
  files.set(
    'docusaurus.config.js',
    `// Written by bench/lib/stockSite.ts.\nexport default ${JSON.stringify(config, null, 2)};\n`,
  );
  files.set(
    'sidebars.js',
    `// website/sidebars.ts, evaluated.\nexport default ${JSON.stringify(sidebars, null, 2)};\n`,
  );
  for (const [file, contents] of files) {
    mkdirSync(path.dirname(path.join(outSite, file)), {recursive: true});
    writeFileSync(path.join(outSite, file), contents);
  }
  const docusaurus = path.join(root, 'node_modules', '.bin', 'docusaurus');
  const run = await runMeasured(docusaurus, ['build', outSite, '--out-dir', dir]);
  return {dir, seconds: run.seconds, peakMemoryMiB: run.peakRssMiB, rewrites};
}
