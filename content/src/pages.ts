/**
 * The documentation's pages as markdown (`<page>.md`), for the site's llms plugin (website/src/plugins/llms)
 * and the MCP server (mcp/src/pages.ts) alike: the guides and posts from their MDX (`mdxToMarkdown`, with
 * the components' markdown forms), the guide categories from their cards (`categoryMarkdown`), each API's
 * reference from its bundle (`referenceMarkdown` of `@portal/specs`); every link through `linkResolver`
 * (./links.ts). `docsMarkdownPages` is the whole set the MCP server serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {PluggableList} from 'unified';
import {referenceMarkdown, type OpenApiDocument} from '@portal/specs';
import {apis, checkApi, referencePath, type ReferenceApi} from './apis';
import {categoryMarkdown} from './categories';
import type {ComponentForm, ComponentForms} from './components';
import {gatherGuides, type DocsPage, type GuidesSource} from './guides';
import {linkResolver, rewriteLinks} from './links';
import {markdownPath} from './markdownPath';
import {mdxToMarkdown} from './mdxToMarkdown';

/** A page with its markdown. */
export interface MarkdownPage {
  title: string;
  /** Its path on the site: `/docs/getting-started/authentication`, `/api/geo/`. */
  path: string;
  /** Its markdown version's path: `/docs/getting-started/authentication.md`. */
  markdownPath: string;
  description?: string;
  section: string;
  markdown: string;
}

export interface PagesOptions {
  bundles: Map<string, OpenApiDocument>;
  /** The site's URL: links are made absolute on it. Without it they are paths on the site. */
  siteUrl?: string;
  /** The site's components' markdown forms (./components.ts). */
  components?: ComponentForms;
  /** What stands for a component without a form; without it, such a component stops the conversion. */
  unknownComponent?: ComponentForm;
  /** The remark plugins the site runs on the guides (not on the posts). */
  guideRemarkPlugins?: PluggableList;
  /** A page whose MDX does not convert: reported here and left out. Without it, the error stops the conversion. */
  skip?: (page: DocsPage, error: unknown) => void;
}

/** Each API's reference page, in the order of the list of APIs (./apis.ts), its markdown from its bundle. */
/** The reference page of an API, its markdown from its specification. */
function referencePage(api: ReferenceApi, doc: OpenApiDocument): DocsPage {
  return {
    kind: 'reference',
    title: `${doc.info.title} ${doc.info.version} API reference`,
    path: referencePath(api),
    markdownPath: markdownPath(referencePath(api)),
    description: `Every operation, field, enum and error. OpenAPI: /openapi/${api.slug}.json`,
    section: 'API reference',
    markdown: referenceMarkdown(api.slug, doc),
  };
}

/** The thirteen reference pages, then, given its specification (the bundle `check-api`), the portal's own API's. */
export function referencePages(bundles: Map<string, OpenApiDocument>, checkApiDoc?: OpenApiDocument): DocsPage[] {
  const pages = apis.map((api) => {
    const doc = bundles.get(api.slug);
    if (!doc) throw new Error(`${api.slug} has no bundle: run \`npm run specs:bundle\``);
    return referencePage(api, doc);
  });
  return checkApiDoc ? [...pages, referencePage(checkApi, checkApiDoc)] : pages;
}

/** The markdown of pages; links between them point to each other's markdown (references excepted). */
export function pagesMarkdown(pages: readonly DocsPage[], options: PagesOptions): MarkdownPage[] {
  const linked = pages.filter((page) => page.kind !== 'reference');
  return pages.flatMap((page): MarkdownPage[] => {
    const link = linkResolver(linked, page, options.siteUrl);
    const entry = {
      title: page.title,
      path: page.path,
      markdownPath: page.markdownPath,
      description: page.description,
      section: page.section,
    };
    if (page.kind === 'category') {
      const cards = (page.cards ?? []).map((card) => ({...card, link: link(card.link)}));
      return [{...entry, markdown: categoryMarkdown(page.title, page.description, cards)}];
    }
    if (!page.file) {
      // A reference's in-page anchors are Redoc's, on its page (`/api/geo/#tag/...`), not in its markdown.
      const resolve = (url: string) => link(url.startsWith('#') ? `${page.path}${url}` : url);
      return [{...entry, markdown: rewriteLinks(page.markdown ?? '', resolve)}];
    }
    try {
      const markdown = mdxToMarkdown(fs.readFileSync(page.file, 'utf8'), {
        title: page.title,
        description: page.description,
        bundles: options.bundles,
        link,
        page: page.path,
        components: options.components,
        unknownComponent: options.unknownComponent,
        remarkPlugins: page.kind === 'guide' ? options.guideRemarkPlugins : undefined,
      });
      return [{...entry, markdown}];
    } catch (error) {
      if (options.skip) {
        options.skip(page, error);
        return [];
      }
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${path.relative(process.cwd(), page.file)}: ${message}`, {cause: error});
    }
  });
}

/**
 * Every guide, guide category and API reference as markdown: the pages the MCP server serves (the site
 * writes these and its blog posts, website/src/plugins/llms).
 */
export const docsMarkdownPages = (source: GuidesSource, options: PagesOptions): MarkdownPage[] =>
  pagesMarkdown([...gatherGuides(source), ...referencePages(options.bundles)], options);
