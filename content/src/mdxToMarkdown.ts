/**
 * A guide's or post's MDX source → the plain markdown of its page (`<page>.md`): the front matter
 * becomes the `#` title and a one-line summary; `<Tabs>` become one labelled section per tab;
 * `<EnumTable>` becomes the table it renders (./enumTable.ts, as website/src/plugins/enumTables does); admonitions become
 * quotes with their title, as does `<Assumption>` (website/src/components/Assumption: "Not confirmed", its `because` left out); imports, exports, expressions and other JSX are dropped (their children
 * kept); code keeps its language but not the guide runner's fence words (test-utils/guideRuns.ts);
 * links to other guides' files point to their `.md` pages. Pure: the bundles and the link map come in
 * as arguments. `mdxToMarkdown.test.ts` holds its golden test.
 */
import {unified, type PluggableList} from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type {Root} from 'mdast';
import type {OpenApiDocument} from '@portal/specs';
import {enumTable, findEnum} from './enumTable';

/** The mdast nodes this transform reads and writes (the subset of mdast, mdx and directives it needs). */
interface Node {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  lang?: string | null;
  meta?: string | null;
  depth?: number;
  alt?: string | null;
  attributes?: {type: string; name: string; value?: unknown}[] | Record<string, string | null | undefined> | null;
  children?: Node[];
  data?: {directiveLabel?: boolean; [key: string]: unknown};
}

export interface MarkdownOptions {
  /** The page's title, written as its `#` heading unless the source starts with one. */
  title: string;
  /** The page's description, written under the title as a quote. */
  description?: string;
  /** The bundled specifications, for `<EnumTable>`. */
  bundles: Map<string, OpenApiDocument>;
  /** Where a link of the source points in the markdown pages (a guide's file → its `.md` page). */
  link?: (url: string) => string;
  /**
   * The remark plugins the site runs on the page (docusaurus.config.ts: the docs' `remarkPlugins` and
   * `beforeDefaultRemarkPlugins`), run first, so that what they write (`<SpecReleases />`, ...) is here too.
   */
  remarkPlugins?: PluggableList;
}

const admonitionTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

/** A JSX element's string attribute. */
function attribute(node: Node, name: string): string | undefined {
  const found = Array.isArray(node.attributes)
    ? node.attributes.find((entry) => entry.type === 'mdxJsxAttribute' && entry.name === name)?.value
    : undefined;
  return typeof found === 'string' ? found : undefined;
}

const text = (value: string): Node => ({type: 'text', value});
const strongParagraph = (value: string): Node => ({
  type: 'paragraph',
  children: [{type: 'strong', children: [text(value)]}],
});

/** The nodes that replace one node of the source (none, itself, or others). */
function transform(node: Node, options: MarkdownOptions): Node[] {
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return [];
    case 'heading': {
      // A heading loses its trailing space with an expression removed (`## 400 Bad Request {/* #400 */}`).
      const inner = children(node, options);
      const last = inner.at(-1);
      if (last?.type === 'text' && last.value) inner[inner.length - 1] = {...last, value: last.value.trimEnd()};
      return [{...node, children: inner}];
    }
    case 'code':
      // The fence words (`program`, `fragment`, `file=`, ...) instruct the guide runner, not readers.
      return [{...node, meta: null}];
    case 'link':
    case 'definition':
      return [
        {...node, url: options.link ? options.link(node.url ?? '') : node.url, children: children(node, options)},
      ];
    case 'image':
      // Images are served under hashed names; the markdown keeps what they show.
      return node.alt ? [text(`(image: ${node.alt})`)] : [];
    case 'containerDirective': {
      const title = admonitionTitles[node.name ?? ''];
      if (!title) return children(node, options);
      const label = node.children?.find((child) => child.data?.directiveLabel);
      const labelText = label ? plainText(label) : '';
      const body = (node.children ?? []).filter((child) => child !== label);
      return [
        {
          type: 'blockquote',
          children: [
            strongParagraph(labelText ? `${title}: ${labelText}` : title),
            ...body.flatMap((child) => transform(child, options)),
          ],
        },
      ];
    }
    case 'leafDirective':
    case 'textDirective': {
      // Not an admonition: the text the author wrote (`12:30`, `key:value`), as Docusaurus shows it.
      const written = [text(`${node.type === 'leafDirective' ? '::' : ':'}${node.name}`)];
      const inner = children(node, options);
      const label = inner.length ? [text('['), ...inner, text(']')] : [];
      return node.type === 'leafDirective'
        ? [{type: 'paragraph', children: [...written, ...label]}]
        : [...written, ...label];
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      if (node.name === 'EnumTable') {
        const name = attribute(node, 'name');
        if (!name) throw new Error('<EnumTable> needs a name="<EnumSchema>"');
        return [enumTable(findEnum(options.bundles, name, attribute(node, 'api'))) as Node];
      }
      // `<head>` sets the page's HTML head (feeds, meta tags): nothing a reader sees.
      if (node.name === 'head') return [];
      if (node.name === 'Assumption') {
        // As src/components/Assumption renders it: its label and the statement; its reason is for the docs team.
        return [{type: 'blockquote', children: [strongParagraph('Not confirmed'), ...children(node, options)]}];
      }
      if (node.name === 'TabItem') {
        const label = attribute(node, 'label') ?? attribute(node, 'value') ?? '';
        return [strongParagraph(label), ...children(node, options)];
      }
      // Any other component (`Tabs`, a box with a title): its title, then its children.
      const title = node.name === 'Tabs' ? undefined : attribute(node, 'title');
      const inner = children(node, options);
      return title && node.type === 'mdxJsxFlowElement' ? [strongParagraph(title), ...inner] : inner;
    }
    default:
      return node.children ? [{...node, children: children(node, options)}] : [node];
  }
}

const children = (node: Node, options: MarkdownOptions): Node[] =>
  (node.children ?? []).flatMap((child) => transform(child, options));

/** The text of a node and its children. */
export const plainText = (node: Node): string =>
  node.value ?? (node.children ?? []).map((child) => plainText(child)).join('');

/** The parser of the MDX sources and the printer of the markdown, made once. */
const parser = unified()
  .use(remarkParse)
  .use(remarkFrontmatter)
  .use(remarkMdx)
  .use(remarkDirective)
  .use(remarkGfm)
  .freeze();
const printer = unified()
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkStringify, {bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-', listItemIndent: 'one'})
  .freeze();

/** The markdown of one MDX page. */
export function mdxToMarkdown(source: string, options: MarkdownOptions): string {
  const parsed = parser.parse(source);
  const tree = (options.remarkPlugins?.length ? unified().use(options.remarkPlugins).runSync(parsed) : parsed) as Node;
  const body = children(tree, options);
  const opensWithTitle = body[0]?.type === 'heading' && body[0].depth === 1;
  const head: Node[] = opensWithTitle ? [] : [{type: 'heading', depth: 1, children: [text(options.title)]}];
  if (options.description)
    head.push({type: 'blockquote', children: [{type: 'paragraph', children: [text(options.description)]}]});
  const root: Node = {
    type: 'root',
    children: opensWithTitle ? [body[0], ...head, ...body.slice(1)] : [...head, ...body],
  };
  return printer.stringify(root as unknown as Root);
}
