/**
 * Where a link of a page points in the markdown pages: a link to another page of the documentation (by its
 * source file, `./errors.mdx#400`, or by its path, `/docs/getting-started/errors`) points to that page's
 * markdown version, an in-page `#anchor` to the page's own; a static file named with Docusaurus's
 * `pathname://` (`pathname:///downloads/sandbox.mjs`) is the file's path; then, given the site's URL,
 * every path is made absolute on it. Links elsewhere (`https:`, `mailto:`) stay as written. Pure.
 */
import path from 'node:path';

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
