/**
 * Where a link of a page points in the markdown pages: a link to another page of the documentation (by its
 * source file, `./errors.mdx#400`, or by its path, `/docs/getting-started/errors`) points to that page's
 * markdown version, an in-page `#anchor` to the page's own; a static file named with Docusaurus's
 * `pathname://` (`pathname:///downloads/sandbox.mjs`) is the file's path; then, given the site's URL,
 * every path is made absolute on it. Links elsewhere (`https:`, `mailto:`) stay as written. And
 * `rewriteLinks`, which applies such a function to markdown made elsewhere. Pure.
 */
import path from 'node:path';
import type {Nodes, Root} from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';

const markdownParser = unified().use(remarkParse).use(remarkGfm).freeze();

/** The part of a page the links read. */
export interface LinkedPage {
  path: string;
  markdownPath?: string;
  file?: string;
}

/** A URL with a scheme (`https://`, `mailto:`), not Docusaurus's `pathname://`. */
const elsewhere = (url: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('pathname:');

/**
 * The link function of one page (`from`) among `pages`: its result is absolute on `siteUrl` when given
 * (the site's markdown pages), a path on the site otherwise (the MCP server's, whose origin is set later).
 */
export function linkResolver(
  pages: readonly LinkedPage[],
  from: LinkedPage,
  siteUrl?: string,
): (url: string) => string {
  const bySource = new Map(pages.filter((page) => page.file).map((page) => [page.file!, page]));
  const byPath = new Map(pages.map((page) => [page.path.replace(/\/$/, ''), page]));
  const origin = (siteUrl ?? '').replace(/\/+$/, '');
  const markdownOf = (page: LinkedPage | undefined): string | undefined => page?.markdownPath;
  return (url) => {
    if (elsewhere(url)) return url;
    const hashAt = url.indexOf('#');
    const target = hashAt < 0 ? url : url.slice(0, hashAt);
    const hash = hashAt < 0 ? '' : url.slice(hashAt);
    let pathname: string;
    if (target.startsWith('pathname://')) pathname = target.slice('pathname://'.length);
    else if (target === '') pathname = from.markdownPath ?? from.path;
    else if (/\.mdx?$/.test(target) && !target.startsWith('/') && from.file)
      pathname = markdownOf(bySource.get(path.resolve(path.dirname(from.file), target))) ?? target;
    else {
      const resolved = new URL(target, `http://site${from.path}`);
      const page = resolved.search ? undefined : byPath.get(resolved.pathname.replace(/\/$/, ''));
      pathname = markdownOf(page) ?? `${resolved.pathname}${resolved.search}`;
    }
    return `${pathname.startsWith('/') ? origin : ''}${pathname}${hash}`;
  };
}

/** The links and definitions of one block of markdown, their targets passed through `resolve`, in place. */
function rewriteBlock(markdown: string, resolve: (url: string) => string): string {
  const edits: {start: number; end: number; text: string}[] = [];
  const visit = (node: Nodes): void => {
    if ((node.type === 'link' || node.type === 'definition') && node.position) {
      const url = resolve(node.url);
      const start = node.position.start.offset!;
      const written = markdown.slice(start, node.position.end.offset!);
      // The target as written: after `](` in a link, after `]:` in a definition.
      const link = node.type === 'link';
      const found = link ? written.lastIndexOf(`](${node.url}`) : written.indexOf(node.url, written.indexOf(']:'));
      const at = found < 0 ? -1 : found + (link ? 2 : 0);
      if (url !== node.url && at >= 0) edits.push({start: start + at, end: start + at + node.url.length, text: url});
    }
    if ('children' in node) node.children.forEach((child) => visit(child as Nodes));
  };
  visit(markdownParser.parse(markdown) as Root);
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((text, edit) => `${text.slice(0, edit.start)}${edit.text}${text.slice(edit.end)}`, markdown);
}

/**
 * Markdown with every link and definition target passed through `resolve`, the rest of the text as
 * written: the targets are found by the parser and replaced in place. Only the blocks that may hold one
 * (`](` or `]:`, outside fenced code) are parsed, each alone, so that a long page costs little. For
 * markdown made elsewhere, such as an API reference's (`referenceMarkdown` of `@portal/specs`).
 */
export function rewriteLinks(markdown: string, resolve: (url: string) => string): string {
  const blocks: {text: string; code: boolean}[] = [];
  let fence: string | undefined;
  for (const line of markdown.split(/(?<=\n)/)) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    const code = fence !== undefined || opening !== undefined;
    if (opening && (!fence || opening.startsWith(fence))) fence = fence ? undefined : opening;
    const last = blocks.at(-1);
    // A blank line outside code ends a block; code stays in blocks of its own.
    if (last && last.code === code && !(code === false && /^\s*$/.test(line))) last.text += line;
    else blocks.push({text: line, code});
  }
  return blocks.map(({text, code}) => (code || !/\]\(|\]:/.test(text) ? text : rewriteBlock(text, resolve))).join('');
}
