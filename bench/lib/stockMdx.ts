/**
 * One MDX page of ours in stock markup, for the stock site of `bench:site` (./stockSite.ts): where the page
 * uses a component of ours, the nearest stock rendering, and what it got instead (`rewrites`, printed by
 * bench/site.ts). Code fences are never edited.
 * - `Tabs`/`TabItem` (injected, lazy, by website/src/theme/MDXComponents.tsx): the stock ones, imported from
 *   `@theme/` after the front matter, not lazy;
 * - `Assumption` (website/src/components/Assumption): a `:::note[Not confirmed]` admonition with the same
 *   text, as the component shows it (its `because` is not shown; its `id` anchor is left out);
 * - the components our remark plugins expand (website/src/plugins/specComponents.ts: `EnumTable`, `GoLivePolicies`,
 *   `ReferenceDataTable`, `SpecReleases`): what the plugins make of them, run here and printed as markdown
 *   (tables, lists, headings with their ids as stock MDX comment ids; the change log's `<Disclosure>`s as
 *   MDX's `<details>`, which Docusaurus renders closed as ours is);
 * - `FieldTable` (a table of a schema's fields our build checks against the schema): the table inside it, as
 *   written;
 * - every other component: its markdown form (`<Name>/markdown.ts` beside the component, registered in
 *   website/src/components/markdown.ts), the markdown the site writes for it in the page's markdown
 *   version, printed as stock MDX; links to files the stock site does not serve (`/openapi/`,
 *   `/downloads/`) as `pathname://` links. A component with no form stops the conversion, naming the
 *   component and the file to add; so does any other import or component left.
 * Our components are written on one line each (`Assumption` and the tabs excepted).
 */
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type {Root} from 'mdast';
import {literalProps, type ComponentForms} from '@portal/content';
import {specComponents} from '@portal/website/plugins/specComponents';

export interface Rewrite {
  /** The source file, relative to website/ (`docs/intro.mdx`, `src/pages/index.tsx`). */
  page: string;
  /** What it got instead of our component. */
  what: string;
}

/** A markdown node (mdast, mdx and gfm), loosely: the plugins' own node types are subsets of it. */
interface Md {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  children?: Md[];
  attributes?: {type: string; name: string; value?: unknown}[];
  data?: {hProperties?: {id?: string}};
  position?: {start: {offset?: number}; end: {offset?: number}};
}

/** MDX-safe markdown of some nodes (remark-mdx escapes `{` and `<` in text). */
const printer = unified()
  .use(remarkMdx)
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkStringify, {bullet: '-', fences: true, listItemIndent: 'one', rule: '-'});
const markdown = (...nodes: Md[]): string =>
  printer.stringify({type: 'root', children: nodes} as unknown as Root).trimEnd();
/** Plain markdown of some nodes: a component's children as its form reads them. */
const plainPrinter = unified().use(remarkGfm).use(remarkStringify, {bullet: '-', fences: true, rule: '-'});
const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm);
const markdownParser = unified().use(remarkParse).use(remarkGfm);

/** A heading id our plugins set (`data.hProperties.id`) as a stock MDX comment id after the title (`/* #id *\/` in braces). */
function headingIds(node: Md): void {
  const id = node.type === 'heading' ? node.data?.hProperties?.id : undefined;
  if (id)
    node.children = [
      ...(node.children ?? []),
      {type: 'text', value: ' '},
      {type: 'mdxTextExpression', value: `/* #${id} */`},
    ];
  node.children?.forEach(headingIds);
}

/** What a `<Disclosure>` the change log's plugin writes gets in the stock site. */
export const disclosureWhat =
  "Disclosure (written by SpecReleases): a `<details>` with its summary, Docusaurus's, closed";

/**
 * Each `<Disclosure summary>` (website/src/components/Disclosure, a native `<details>`) as the stock markup
 * for the same: MDX's `<details>` with a `<summary>`, which Docusaurus renders as its own, closed.
 */
function disclosuresAsDetails(node: Md, what: Set<string>): void {
  node.children = node.children?.map((child) => {
    disclosuresAsDetails(child, what);
    if (child.type !== 'mdxJsxFlowElement' || child.name !== 'Disclosure') return child;
    what.add(disclosureWhat);
    const summary = String(child.attributes?.find((attribute) => attribute.name === 'summary')?.value ?? '');
    return {
      type: 'mdxJsxFlowElement',
      name: 'details',
      attributes: [],
      children: [
        {type: 'mdxJsxFlowElement', name: 'summary', attributes: [], children: [{type: 'text', value: summary}]},
        ...(child.children ?? []),
      ],
    };
  });
}

/** The components our remark plugins expand (website/src/plugins/specComponents.ts), as they expand them, in markdown. */
function bySitePlugins(element: string, what: Set<string>): string {
  const tree = mdxParser.parse(element) as unknown as Md;
  // The plugins take their own subset of mdast (`never`: their node types, not exported, are subsets of Md).
  for (const component of specComponents) component.plugin()(tree as never);
  headingIds(tree);
  disclosuresAsDetails(tree, what);
  return markdown(...(tree.children ?? []));
}

/** The components our remark plugins expand at build time, and what the stock site gets for each. */
const bySitePluginsWhat: Record<string, string> = Object.fromEntries(
  specComponents.map(({name, makes}) => [name, `${name}: ${makes}`]),
);

/** Links to files our build serves and the stock site does not: kept off its link check. */
function filesAsPathnames(node: Md): void {
  if (node.type === 'link' && node.url && /^\/(openapi|downloads)\//.test(node.url))
    node.url = `pathname://${node.url}`;
  node.children?.forEach(filesAsPathnames);
}

/** The message of a component a page uses with no stock rendering: what to add, and where. */
export const missingStockRendering = (where: string, name: string): string =>
  `${where}: <${name}> has no stock rendering for bench:site: give it a markdown form, ` +
  `website/src/components/${name}/markdown.ts, registered in website/src/components/markdown.ts ` +
  `(website/src/components/README.md, "Markdown forms"); the stock site writes each component as its form`;

/** One component element of ours (`node`, whose source is `element`) as stock markdown, by its form. */
function byForm(node: Md, element: string, forms: ComponentForms, route: string, where: string): string {
  const name = node.name!;
  const form = forms[name];
  if (!form) throw new Error(missingStockRendering(where, name));
  const children = (node.children ?? []) as never[];
  const written = form({
    name,
    props: literalProps(node as never),
    children,
    childrenMarkdown: children.length ? plainPrinter.stringify({type: 'root', children} as unknown as Root).trim() : '',
    inline: node.type === 'mdxJsxTextElement',
    page: route,
  });
  const nodes =
    typeof written === 'string'
      ? ((markdownParser.parse(written) as unknown as Md).children ?? [])
      : (written as unknown as Md[]);
  nodes.forEach(filesAsPathnames);
  if (!element.includes('\n') && node.type === 'mdxJsxTextElement' && nodes.every((n) => n.type === 'paragraph'))
    // Inside a line of text: the paragraphs' text, one after the other.
    return nodes.map((paragraph) => markdown(paragraph)).join(' ');
  return markdown(...nodes);
}

/** The components of ours in one line (outside code spans): each replaced by its stock rendering. */
function rewriteLine(line: string, forms: ComponentForms, route: string, where: string, what: Set<string>): string {
  let tree: Md;
  try {
    tree = mdxParser.parse(line) as unknown as Md;
  } catch (error) {
    throw new Error(`${where}: the stock site takes our components written on one line: ${(error as Error).message}`);
  }
  const found: Md[] = [];
  const visit = (node: Md): void => {
    if (/^mdxJsx(Flow|Text)Element$/.test(node.type) && node.name && /^[A-Z]/.test(node.name)) found.push(node);
    else node.children?.forEach(visit);
  };
  visit(tree);
  let rewritten = line;
  // From the last to the first, so the offsets of the earlier ones hold.
  for (const node of found.reverse()) {
    const start = node.position!.start.offset!;
    const end = node.position!.end.offset!;
    const element = line.slice(start, end);
    const name = node.name!;
    let stock: string;
    if (bySitePluginsWhat[name]) {
      stock = bySitePlugins(element, what);
      what.add(bySitePluginsWhat[name]);
    } else {
      stock = byForm(node, element, forms, route, where);
      what.add(`${name}: its markdown form (website/src/components/markdown.ts)`);
    }
    rewritten = rewritten.slice(0, start) + stock + rewritten.slice(end);
  }
  return rewritten;
}

const tabsImport = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';"];

/**
 * One MDX file of ours (`page`, relative to website/; `route`, its path on the site) in stock markup (see
 * the top of this file), with `forms` the site's components' markdown forms, and the rewrites it needed.
 */
export function toStockMdx(
  page: string,
  source: string,
  forms: ComponentForms,
  route: string,
): {mdx: string; rewrites: Rewrite[]} {
  const lines = source.split('\n');
  // The front matter, if any, stays first; imports go right after it.
  const frontMatter = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  const out = lines.slice(0, frontMatter);
  const what = new Set<string>();
  let fence: string | undefined;
  /** An element our remark plugins expand that spans lines (`<EnumTable ...>` with its notes), as gathered. */
  let block: {name: string; lines: string[]} | undefined;
  for (const [index, line] of lines.entries()) {
    if (index < frontMatter) continue;
    const where = `${page}:${index + 1}`;
    if (block) {
      block.lines.push(line);
      if (line === `</${block.name}>`) {
        out.push(bySitePlugins(block.lines.join('\n'), what));
        what.add(bySitePluginsWhat[block.name]);
        block = undefined;
      }
      continue;
    }
    const opens = /^<([A-Z][A-Za-z]*)( [a-z]+="[^"]*")*>$/.exec(line)?.[1];
    if (opens && bySitePluginsWhat[opens]) {
      block = {name: opens, lines: [line]};
      continue;
    }
    const marker = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      // Inside a code fence until a fence of the same character, at least as long, with nothing after it.
      if (marker && marker[1][0] === fence[0] && marker[1].length >= fence.length && !marker[2].trim())
        fence = undefined;
      out.push(line);
      continue;
    }
    if (marker) {
      fence = marker[1];
      out.push(line);
      continue;
    }
    const opening = /^<Assumption id="[a-z0-9-]+" because="[^"]*">$/.test(line);
    if (/^import \S.* from '@site\/src\/components\/[^']+';$/.test(line)) {
      // Our components' imports go with their elements (each rewritten below).
    } else if (opening) {
      what.add('Assumption: a :::note[Not confirmed] admonition, without its `because`');
      out.push(':::note[Not confirmed]');
    } else if (line === '</Assumption>') {
      out.push(':::');
    } else if (/^<FieldTable( [a-z]+="[^"]*")*>$/.test(line) || line === '</FieldTable>') {
      // The table inside is the page's own, checked against the schema by our build: the stock site shows it
      what.add('FieldTable: the table inside it, as written');
    } else {
      const ours = /<(?!Tabs\b|TabItem\b)[A-Z]/.test(line.replace(/`[^`]*`/g, ''));
      const rewritten = ours ? rewriteLine(line, forms, route, where, what) : line;
      if (/<\/?(Tabs|TabItem)\b/.test(rewritten))
        what.add('Tabs/TabItem: the stock ones imported from @theme (not lazy, every tab rendered)');
      // Anything else of ours left (outside `code` spans) would fail the stock build: stop here, naming it.
      const left = rewritten.replace(/`[^`]*`/g, '');
      if (/^import /.test(left) || /<\/?(?!Tabs\b|TabItem\b)[A-Z]/.test(left))
        throw new Error(`${where}: no stock rendering for: ${line}`);
      out.push(rewritten);
    }
  }
  if (block) throw new Error(`${page}: <${block.name}> is never closed`);
  // The imports, in a block of their own (a blank line after them).
  if ([...what].some((entry) => entry.startsWith('Tabs/')))
    out.splice(frontMatter, 0, '', ...tabsImport, ...(out[frontMatter] === '' ? [] : ['']));
  return {mdx: out.join('\n'), rewrites: [...what].map((entry) => ({page, what: entry}))};
}
