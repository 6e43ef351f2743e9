/**
 * Docs for AI assistants: after the build, writes a markdown version of every guide, guide category
 * page (`/docs/category/<slug>`), blog post and API reference page at `<page>.md`, then `/llms.txt`
 * and `/llms-full.txt`. Lifecycle only: the guides' markdown is `mdxToMarkdown` and the category
 * pages' `categoryMarkdown` of `@portal/content`, the reference's is `referenceMarkdown` of
 * `@portal/specs`, the two index files are ./llmsTxt.ts. Gathers the pages once all content is
 * loaded (the docs' sidebar gives the sections and their order) and writes them in `postBuild`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PluggableList} from 'unified';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {referenceMarkdown, type OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {apis, referencePath} from '../../../config/apis';
import {categoryMarkdown, markdownPath, mdxToMarkdown, type CategoryItem} from '@portal/content';
import {llmsFullTxt, llmsTxt, type LlmsPage} from './llmsTxt';

/** A page whose markdown is made from a source file. */
interface SourcePage extends LlmsPage {
  source?: string;
}

export interface SidebarNode {
  type: string;
  id?: string;
  label?: string;
  href?: string;
  items?: SidebarNode[];
  link?: {type: string; id?: string; permalink?: string; title?: string; description?: string};
}

/** The subset of the docs plugin's loaded content this plugin reads. */
export interface LoadedDocs {
  loadedVersions: {
    docs: Pick<
      DocsContent['loadedVersions'][number]['docs'][number],
      'id' | 'title' | 'permalink' | 'description' | 'source' | 'frontMatter'
    >[];
    sidebars: Record<string, unknown>;
  }[];
}

/**
 * The cards of a generated category page, as the docs plugin labels them (`sidebar_label`, else the
 * sidebar item's label, else the title), each linked to its page's markdown version.
 */
function categoryItems(items: SidebarNode[], byId: Map<string, LoadedDocs['loadedVersions'][number]['docs'][number]>) {
  return items.flatMap((item): CategoryItem[] => {
    if (item.type === 'doc' && item.id) {
      const doc = byId.get(item.id);
      if (!doc) return [];
      const label = (doc.frontMatter.sidebar_label as string | undefined) ?? item.label ?? doc.title;
      return [{label, link: markdownPath(doc.permalink), description: doc.description}];
    }
    if (item.type === 'category') {
      const linked = item.link?.type === 'doc' && item.link.id ? byId.get(item.link.id) : undefined;
      const target = linked?.permalink ?? item.link?.permalink;
      return target ? [{label: item.label ?? '', link: markdownPath(target), description: item.link?.description}] : [];
    }
    if (item.type === 'link' && item.href) return [{label: item.label ?? item.href, link: item.href}];
    return [];
  });
}

/**
 * The guides in the sidebar's order, each under its top-level category's label (`Guides` for
 * top-level pages); a category's generated page comes with its markdown (its cards).
 */
export function guidePages(docs: LoadedDocs, siteDir: string): SourcePage[] {
  const version = docs.loadedVersions[0];
  const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
  const pages: SourcePage[] = [];
  const visit = (item: SidebarNode, section: string): void => {
    const docPage = (id: string): void => {
      const doc = byId.get(id);
      if (!doc || pages.some((page) => page.path === doc.permalink)) return;
      pages.push({
        title: doc.title,
        path: doc.permalink,
        markdownPath: markdownPath(doc.permalink),
        description: doc.description,
        section,
        source: path.join(siteDir, doc.source.replace(/^@site\//, '')),
      });
    };
    if (item.type === 'doc' && item.id) docPage(item.id);
    if (item.type === 'category') {
      if (item.link?.type === 'doc' && item.link.id) docPage(item.link.id);
      if (item.link?.type === 'generated-index' && item.link.permalink) {
        const title = item.link.title ?? item.label ?? '';
        pages.push({
          title,
          path: item.link.permalink,
          markdownPath: markdownPath(item.link.permalink),
          description: item.link.description,
          section,
          markdown: categoryMarkdown(title, item.link.description, categoryItems(item.items ?? [], byId)),
        });
      }
      item.items?.forEach((child) => visit(child, section));
    }
  };
  for (const sidebar of Object.values(version.sidebars)) {
    for (const item of sidebar as SidebarNode[])
      visit(item, item.type === 'category' ? (item.label ?? 'Guides') : 'Guides');
  }
  // Docs outside every sidebar still get their page.
  for (const doc of version.docs) {
    if (pages.some((page) => page.path === doc.permalink)) continue;
    pages.push({
      title: doc.title,
      path: doc.permalink,
      markdownPath: markdownPath(doc.permalink),
      description: doc.description,
      section: 'Guides',
      source: path.join(siteDir, doc.source.replace(/^@site\//, '')),
    });
  }
  return pages;
}

function blogPages(blog: BlogContent | undefined, siteDir: string): SourcePage[] {
  return (blog?.blogPosts ?? []).map(({metadata}) => ({
    title: metadata.title,
    path: metadata.permalink,
    markdownPath: markdownPath(metadata.permalink),
    description: metadata.description,
    section: 'Blog',
    source: path.join(siteDir, metadata.source.replace(/^@site\//, '')),
  }));
}

function referencePages(bundles: Map<string, OpenApiDocument>): LlmsPage[] {
  return apis.map((api) => {
    const doc = bundles.get(api.slug);
    if (!doc) throw new Error(`llms: ${api.slug} has no bundle; run \`npm run specs:bundle\``);
    return {
      title: `${doc.info.title} ${doc.info.version} API reference`,
      path: referencePath(api),
      markdownPath: markdownPath(referencePath(api)),
      description: `Every operation, field, enum and error. OpenAPI: /openapi/${api.slug}.json`,
      section: 'API reference',
      markdown: referenceMarkdown(api.slug, doc),
    };
  });
}

/** Where a link written in a page's source points in the markdown pages. */
function linkResolver(pages: SourcePage[], from: string): (url: string) => string {
  const bySource = new Map(pages.filter((page) => page.source).map((page) => [page.source!, page]));
  const byPath = new Map(pages.map((page) => [page.path.replace(/\/$/, ''), page]));
  return (url) => {
    const [target, hash] = url.split('#');
    const suffix = hash === undefined ? '' : `#${hash}`;
    if (/^\.{1,2}\/|^[\w-]+\.mdx?$/.test(target) && /\.mdx?$/.test(target)) {
      const page = bySource.get(path.resolve(path.dirname(from), target));
      if (page?.markdownPath) return `${page.markdownPath}${suffix}`;
    }
    if (target.startsWith('/')) {
      const page = byPath.get(target.replace(/\/$/, ''));
      if (page?.markdownPath) return `${page.markdownPath}${suffix}`;
    }
    return url;
  };
}

/** The remark plugins the docs run (the classic preset's `docs` options in docusaurus.config.ts). */
function docsRemarkPlugins(context: LoadContext): PluggableList {
  for (const preset of context.siteConfig.presets) {
    const options = Array.isArray(preset) ? (preset[1] as {docs?: Record<string, unknown>} | undefined) : undefined;
    const docs = options?.docs;
    if (docs)
      return [
        ...((docs.beforeDefaultRemarkPlugins as PluggableList) ?? []),
        ...((docs.remarkPlugins as PluggableList) ?? []),
      ];
  }
  return [];
}

export default function llmsPlugin(context: LoadContext): Plugin {
  let pages: SourcePage[] = [];
  return {
    name: 'llms',

    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedDocs | undefined;
      const blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
      if (!docs) throw new Error('llms: the docs plugin has no content');
      pages = [...guidePages(docs, context.siteDir), ...blogPages(blog, context.siteDir)];
    },

    async postBuild({outDir, routesPaths, siteConfig, head}) {
      const started = performance.now();
      const bundles = loadBundles();
      const remarkPlugins = docsRemarkPlugins(context);
      const sourced = await Promise.all(
        pages.map(async (page): Promise<SourcePage> => {
          if (!page.source) return page;
          const markdown = mdxToMarkdown(await fs.readFile(page.source, 'utf8'), {
            title: page.title,
            description: page.description,
            bundles,
            link: linkResolver(pages, page.source),
            remarkPlugins: page.section === 'Blog' ? [] : remarkPlugins,
          });
          return {...page, markdown};
        }),
      );
      const guides = sourced.filter((page) => page.section !== 'Blog');
      const posts = sourced.filter((page) => page.section === 'Blog');
      const listed = [...guides, ...referencePages(bundles), ...posts];
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
      const site = {title: siteConfig.title, tagline: siteConfig.tagline, url: siteConfig.url.replace(/\/$/, '')};
      const index = llmsTxt(site, listed);
      const full = llmsFullTxt(site, listed);
      await fs.writeFile(path.join(outDir, 'llms.txt'), index);
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), full);
      const written = listed.filter((page) => page.markdown !== undefined).length;
      console.log(
        `[llms] ${written} markdown pages, llms.txt ${(Buffer.byteLength(index) / 1024).toFixed(1)} KB, llms-full.txt ${(
          Buffer.byteLength(full) / 1024
        ).toFixed(1)} KB, in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
