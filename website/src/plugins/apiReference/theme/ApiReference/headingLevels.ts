/**
 * Redoc gives an operation's sub-headings ("Authorizations:", "path Parameters", "Request Body schema",
 * a response's "Response Schema") `h5` elements, under the operation's `h2` and the `h3` "Responses":
 * the outline skips levels (axe `heading-order`). Redoc has no option for it, so each such `h5` is
 * announced one level below the heading it follows, with `aria-level`: on the build's markup
 * (`withSubHeadingLevels`, ../../prerender.ts) and on what Redoc renders in the browser
 * (`setSubHeadingLevels`, through useRedocScan.ts). Only `h5` changes: it is what Redoc uses for these,
 * and any other heading keeps its own level.
 */

/**
 * The `aria-level` each heading of a sequence needs, given their tags' levels in document order:
 * an `h5` takes one more than the last heading before it that is not an `h5` (several `h5` in a row
 * are siblings); `undefined` where the heading's own level is right (every other heading, and an `h5`
 * that follows an `h4`, or no heading at all).
 */
export function subHeadingLevels(levels: readonly number[]): (number | undefined)[] {
  let parent = 0;
  return levels.map((level) => {
    if (level !== 5) {
      parent = level;
      return undefined;
    }
    const wanted = parent + 1;
    return wanted < 5 && parent > 0 ? wanted : undefined;
  });
}

const headingTag = /<h([1-6])(?=[\s>])/g;

/**
 * Server-rendered HTML with `aria-level` on each `h5` that needs one (`subHeadingLevels`), unless it has
 * one already.
 */
export function withSubHeadingLevels(html: string): string {
  const tags = [...html.matchAll(headingTag)];
  const wanted = subHeadingLevels(tags.map((tag) => Number(tag[1])));
  let out = '';
  let from = 0;
  tags.forEach((tag, index) => {
    const level = wanted[index];
    const end = tag.index + tag[0].length;
    if (level === undefined || /\saria-level=/.test(html.slice(end, html.indexOf('>', end)))) return;
    out += `${html.slice(from, end)} aria-level="${level}"`;
    from = end;
  });
  return out + html.slice(from);
}

/** The same on a rendered tree: sets (or corrects) `aria-level` on each `h5` under `root` that needs one. */
export function setSubHeadingLevels(root: ParentNode): void {
  const headings = Array.from(root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6'));
  const wanted = subHeadingLevels(headings.map((heading) => Number(heading.tagName.slice(1))));
  headings.forEach((heading, index) => {
    const level = wanted[index];
    if (level === undefined) return;
    if (heading.getAttribute('aria-level') !== String(level)) heading.setAttribute('aria-level', String(level));
  });
}
