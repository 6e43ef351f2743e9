/**
 * The documentation as markdown pages, made the way the site makes its `<page>.md` files
 * (website/src/plugins/llms): the guides from their MDX source in website/docs with the site's
 * converter, each API's reference from its bundle with `referenceMarkdown` of `@portal/specs`. Read
 * from the repository, so the server needs no build of the site and no network.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {referenceMarkdown, type OpenApiDocument} from '@portal/specs';
import {markdownPath, mdxToMarkdown} from '@portal/content';

export interface MarkdownPage {
  title: string;
  /** The page's path on the site: `/docs/getting-started/authentication`, `/api/geo/`. */
  path: string;
  /** Its markdown version's path: `/docs/getting-started/authentication.md`. */
  markdownPath: string;
  markdown: string;
}

/** The guides' folder. */
export const docsDir = path.resolve(__dirname, '../../website/docs');

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, {withFileTypes: true})
    .flatMap((entry) =>
      entry.isDirectory()
        ? sourceFiles(path.join(dir, entry.name))
        : /\.mdx?$/.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    )
    .sort();

/** A guide's path on the site, as the docs plugin gives it: its file's path, or its front matter `slug`. */
function guidePath(file: string, slug: unknown): string {
  if (typeof slug === 'string' && slug.startsWith('/')) return `/docs${slug}`;
  return `/docs/${path
    .relative(docsDir, file)
    .replace(/\.mdx?$/, '')
    .replace(/(^|\/)index$/, '')}`;
}

/**
 * Every guide of website/docs as markdown, links to other guides pointing to their `.md` pages. A
 * page whose MDX does not parse is left out and reported to `skip` (the site's build stops on it).
 */
export function guidePages(
  bundles: Map<string, OpenApiDocument>,
  skip: (file: string, error: unknown) => void = (file, error) => {
    throw new Error(`${file}: ${String(error)}`);
  },
): MarkdownPage[] {
  const files = sourceFiles(docsDir);
  const sources = files.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const matter = /^---\n([\s\S]*?)\n---/.exec(text);
    const front = (matter ? parse(matter[1]) : {}) as {title?: string; description?: string; slug?: unknown};
    const heading = /^# (.+)$/m.exec(text)?.[1];
    return {file, text, front, title: front.title ?? heading ?? path.basename(file), path: guidePath(file, front.slug)};
  });
  const byFile = new Map(sources.map((source) => [source.file, source]));
  return sources.flatMap((source) => {
    let markdown: string;
    try {
      markdown = mdxToMarkdown(source.text, {
        title: source.title,
        description: source.front.description,
        bundles,
        link: (url) => {
          const [target, hash] = url.split('#');
          if (!/^\.{1,2}\/.*\.mdx?$/.test(target)) return url;
          const linked = byFile.get(path.resolve(path.dirname(source.file), target));
          return linked ? `${markdownPath(linked.path)}${hash === undefined ? '' : `#${hash}`}` : url;
        },
      });
    } catch (error) {
      skip(source.file, error);
      return [];
    }
    return [{title: source.title, path: source.path, markdownPath: markdownPath(source.path), markdown}];
  });
}

/** Each API's reference as markdown, as `/api/<slug>.md` serves it. */
export const referencePages = (bundles: Map<string, OpenApiDocument>): MarkdownPage[] =>
  [...bundles].map(([slug, doc]) => ({
    title: `${doc.info.title} ${doc.info.version} API reference`,
    path: `/api/${slug}/`,
    markdownPath: markdownPath(`/api/${slug}/`),
    markdown: referenceMarkdown(slug, doc),
  }));
