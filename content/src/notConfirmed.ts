/**
 * What a guide's MDX says is not confirmed, and where it links: the `<Assumption id because>` boxes
 * (website/src/components/Assumption, rendered "Not confirmed") with the statement each holds, and the
 * markdown links of the page. website/config/notConfirmed.ts reads them to write the docs team's list,
 * website/NOT-CONFIRMED.md. Pure: the source comes in as text.
 */
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';

/** One `<Assumption>` box of a page, as written. */
export interface NotConfirmedBox {
  /** Its `id` attribute, the anchor other pages link to; undefined when it has none. */
  id: string | undefined;
  /** Its `because` attribute, why it is not confirmed; undefined when it has none. */
  because: string | undefined;
  /** What the box says, its markdown on one line. */
  statement: string;
  /** The line of its opening tag (1-based). */
  line: number;
}

/** A markdown link of a page: where it points, as written, and its line. */
export interface PageLink {
  url: string;
  line: number;
}

interface Position {
  start: {line: number; offset?: number};
  end: {line: number; offset?: number};
}

interface Node {
  type: string;
  name?: string | null;
  url?: string;
  attributes?: {type: string; name: string; value?: unknown}[];
  children?: Node[];
  position?: Position;
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkDirective).use(remarkGfm);

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

const attribute = (node: Node, name: string): string | undefined => {
  const value = node.attributes?.find((entry) => entry.type === 'mdxJsxAttribute' && entry.name === name)?.value;
  return typeof value === 'string' ? value : undefined;
};

/** The `<Assumption>` boxes and the markdown links (`[text](url)`) of an MDX page, in the page's order. */
export function boxesAndLinks(source: string): {boxes: NotConfirmedBox[]; links: PageLink[]} {
  const boxes: NotConfirmedBox[] = [];
  const links: PageLink[] = [];
  walk(parser.parse(source) as Node, (node) => {
    if (node.type === 'link' && node.url) links.push({url: node.url, line: node.position?.start.line ?? 0});
    if (!/^mdxJsx(Flow|Text)Element$/.test(node.type) || node.name !== 'Assumption') return;
    const inner = node.children ?? [];
    const from = inner[0]?.position?.start.offset;
    const to = inner.at(-1)?.position?.end.offset;
    boxes.push({
      id: attribute(node, 'id'),
      because: attribute(node, 'because'),
      statement: from === undefined || to === undefined ? '' : source.slice(from, to).replace(/\s+/g, ' ').trim(),
      line: node.position?.start.line ?? 0,
    });
  });
  return {boxes, links};
}
