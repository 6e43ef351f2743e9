/**
 * Docs for AI assistants: after the build, writes a markdown version of every guide, guide category
 * page (`/docs/category/<slug>`), blog post and API reference page at `<page>.md`, then `/llms.txt`
 * and `/llms-full.txt`. Lifecycle only: the guides are gathered by `gatherGuides` of `@portal/content`
 * (as the MCP server gathers them), checked against what Docusaurus loaded (./docusaurusAgrees.ts), and
 * written with the posts and the references by `pagesMarkdown` and `referencePages` of the same package,
 * each component as its markdown form (src/components/markdown.ts), every link absolute on the site's
 * URL; the two index files are ./llmsTxt.ts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PluggableList} from 'unified';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {loadBundles, loadCheckApi} from '@portal/specs/node';
import {gatherGuides, markdownPath, pagesMarkdown, referencePages, type DocsPage} from '@portal/content';
import {componentMarkdown} from '../../components/markdown';
import type {DownloadsData} from '../downloads/downloads';
import {disagreements, type LoadedDocs} from './docusaurusAgrees';
import {llmsFullTxt, llmsTxt, type LlmsPage} from './llmsTxt';

function blogPages(blog: BlogContent | undefined, siteDir: string): DocsPage[] {
  return (blog?.blogPosts ?? []).map(({metadata}) => ({
    kind: 'post',
    title: metadata.title,
    path: metadata.permalink,
    markdownPath: markdownPath(metadata.permalink),
    description: metadata.description,
    section: 'Blog',
    file: path.join(siteDir, metadata.source.replace(/^@site\//, '')),
  }));
}

/** The docs plugin's options in the classic preset (docusaurus.config.ts). */
function docsOptions(context: LoadContext): Record<string, unknown> {
  for (const preset of context.siteConfig.presets) {
    const options = Array.isArray(preset) ? (preset[1] as {docs?: Record<string, unknown>} | undefined) : undefined;
    if (options?.docs) return options.docs;
  }
  return {};
}

/** The remark plugins the docs run (the classic preset's `docs` options in docusaurus.config.ts). */
function docsRemarkPlugins(context: LoadContext): PluggableList {
  const docs = docsOptions(context);
  return [
    ...((docs.beforeDefaultRemarkPlugins as PluggableList) ?? []),
    ...((docs.remarkPlugins as PluggableList) ?? []),
  ];
}

export default function llmsPlugin(context: LoadContext): Plugin {
  let pages: DocsPage[] = [];
  let downloads: DownloadsData['files'] = [];
  return {
    name: 'llms',

    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedDocs | undefined;
      const blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
      if (!docs) throw new Error('llms: the docs plugin has no content');
      const routeBasePath = `/${String(docsOptions(context).routeBasePath ?? 'docs')}`;
      // The sidebar is `docsSidebar`, which website/sidebars.ts gives Docusaurus: the check below compares the two.
      const guides = gatherGuides({docsDir: path.join(context.siteDir, 'docs'), routeBasePath});
      const problems = disagreements(guides, docs, context.siteDir);
      if (problems.length)
        throw new Error(
          `llms: @portal/content gathers the guides otherwise than Docusaurus (teach content/src/routes.ts or guides.ts its rule):\n- ${problems.join('\n- ')}`,
        );
      pages = [...guides, ...blogPages(blog, context.siteDir)];
      downloads = (allContent.downloads?.default as {data?: DownloadsData} | undefined)?.data?.files ?? [];
    },

    async postBuild({outDir, routesPaths, siteConfig, head}) {
      const started = performance.now();
      const bundles = loadBundles();
      const siteUrl = siteConfig.url.replace(/\/$/, '');
      const components = componentMarkdown({
        siteUrl,
        hostedSandboxUrl: (siteConfig.customFields?.hostedSandboxUrl as string | null | undefined) ?? null,
        downloads,
        bundles,
      });
      // A page that does not convert (a component without a markdown form, ...) stops the build, naming its file.
      const written: LlmsPage[] = pagesMarkdown([...pages, ...referencePages(bundles, loadCheckApi())], {
        bundles,
        siteUrl,
        components,
        guideRemarkPlugins: docsRemarkPlugins(context),
      });
      // Guides first, then the references, then the posts, then every other route.
      const order = (page: LlmsPage) => (page.section === 'Blog' ? 2 : page.section === 'API reference' ? 1 : 0);
      const listed: LlmsPage[] = [...written].sort((a, b) => order(a) - order(b));
      const known = new Set(listed.map((page) => page.path));
      for (const route of [...routesPaths].sort()) {
        if (known.has(route) || route.endsWith('/404.html') || route === '/404') continue;
        // The page's <title>, as the browser shows it.
        const title = (head[route]?.title?.toString() ?? '').replace(/<[^>]*>/g, '').trim();
        listed.push({title: title || route, path: route, section: 'Other pages'});
      }

      for (const page of listed) {
        if (page.markdown === undefined || !page.markdownPath) continue;
        const file = path.join(outDir, page.markdownPath);
        await fs.mkdir(path.dirname(file), {recursive: true});
        await fs.writeFile(file, page.markdown);
      }
      const site = {title: siteConfig.title, tagline: siteConfig.tagline, url: siteUrl};
      const index = llmsTxt(site, listed);
      const full = llmsFullTxt(site, listed);
      await fs.writeFile(path.join(outDir, 'llms.txt'), index);
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), full);
      const count = listed.filter((page) => page.markdown !== undefined).length;
      console.log(
        `[llms] ${count} markdown pages, llms.txt ${(Buffer.byteLength(index) / 1024).toFixed(1)} KB, llms-full.txt ${(
          Buffer.byteLength(full) / 1024
        ).toFixed(1)} KB, in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
