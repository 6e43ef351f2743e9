/**
 * A guide's or post's MDX source → the plain markdown of its page (`<page>.md`): the front matter
 * becomes the `#` title and a one-line summary; each component becomes its markdown form (./components.ts:
 * `<Tabs>` one labelled section per tab, `<Assumption>` a quote labelled "Not confirmed", its `because` left out, the site's components what they render;
 * a component without a form stops the conversion); `<EnumTable>` becomes the table it renders
 * (./enumTable.ts, as website/src/plugins/enumTables does), `<ReferenceDataTable>` the table of reference data
 * (./referenceDataTable.ts, as website/src/plugins/referenceData does), `<FieldTable>` its table once checked
 * (./fieldTable.ts); admonitions become quotes with their title;
 * imports, exports and expressions are dropped, HTML elements keep their children; code keeps its
 * language but not the guide runner's fence words (test-utils/guideRuns.ts); every link goes through
 * `link` (./links.ts: other guides' `.md` pages, the site's URL). Pure: the bundles, the forms and the
 * link map come in as arguments. `mdxToMarkdown.test.ts` holds its golden test.
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
import {renderEnumTable} from './enumTable';
import {referenceDataTable} from './referenceDataTable';
import {checkedFieldTable} from './fieldTable';
import {
  guideComponentForms,
  literalProps,
  MissingMarkdownForm,
  strongParagraph,
  type ComponentElement,
  type ComponentForm,
  type ComponentForms,
  type Node,
} from './components';

export interface MarkdownOptions {
  /** The page's title, written as its `#` heading unless the source starts with one. */
  title: string;
  /** The page's description, written under the title as a quote. */
  description?: string;
  /** The bundled specifications, for `<EnumTable>`, `<ReferenceDataTable>` and `<FieldTable>`. */
  bundles: Map<string, OpenApiDocument>;
  /** Where a link of the source points in the markdown pages (a guide's file → its `.md` page). */
  link?: (url: string) => string;
  /**
   * The remark plugins the site runs on the page (docusaurus.config.ts: the docs' `remarkPlugins` and
   * `beforeDefaultRemarkPlugins`), run first, so that what they write (`<SpecReleases />`, ...) is here too.
   */
  remarkPlugins?: PluggableList;
  /** The markdown forms of the site's components, beside the guides' own (./components.ts). */
  components?: ComponentForms;
  /**
   * What stands for a component with no form. Without it such a component stops the conversion
   * (`MissingMarkdownForm`): the site's pages must say all they show.
   */
  unknownComponent?: ComponentForm;
  /** The page's path on the site, given to the forms. */
  page?: string;
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
        return [renderEnumTable(node, options.bundles, (name) => attribute(node, name)) as Node];
      }
      if (node.name === 'ReferenceDataTable') return [referenceDataTable(options.bundles) as Node];
      if (node.name === 'FieldTable') {
        return children(
          {...node, children: [checkedFieldTable(node, options.bundles, (name) => attribute(node, name)) as Node]},
          options,
        );
      }
      // `<head>` sets the page's HTML head (feeds, meta tags): nothing a reader sees.
      if (node.name === 'head') return [];
      // A fragment or an HTML element (`<details>`, `<br />`): its title if it has one, then its children.
      if (!node.name || !/^[A-Z]/.test(node.name)) {
        const title = attribute(node, 'title');
        const inner = children(node, options);
        return title && node.type === 'mdxJsxFlowElement' ? [strongParagraph(title), ...inner] : inner;
      }
      return component(node, options);
    }
    default:
      return node.children ? [{...node, children: children(node, options)}] : [node];
  }
}

/** A component's markdown form, applied to one use of it. */
function component(node: Node, options: MarkdownOptions): Node[] {
  const name = node.name!;
  const form = options.components?.[name] ?? guideComponentForms[name] ?? options.unknownComponent;
  if (!form) throw new MissingMarkdownForm(name);
  const inner = children(node, options);
  const element: ComponentElement = {
    name,
    props: literalProps(node),
    children: inner,
    childrenMarkdown: inner.length ? printer.stringify({type: 'root', children: inner} as unknown as Root).trim() : '',
    inline: node.type === 'mdxJsxTextElement',
    page: options.page ?? '',
  };
  const written = form(element);
  if (typeof written !== 'string') return written;
  // Markdown text: parsed, then converted as the page is (its links resolved).
  const nodes = (markdownParser.parse(written) as Node).children ?? [];
  const converted = nodes.flatMap((child) => transform(child, options));
  if (!element.inline) return converted;
  // Inside a paragraph: the paragraphs' text, one after the other; nothing else fits there.
  if (converted.some((block) => block.type !== 'paragraph'))
    throw new Error(`<${name}> is written inside a paragraph, but its markdown form writes more than text`);
  return converted.flatMap((block, index) => [...(index ? [text(' ')] : []), ...(block.children ?? [])]);
}

const children = (node: Node, options: MarkdownOptions): Node[] =>
  (node.children ?? []).flatMap((child) => transform(child, options));

/** The text of a node and its children. */
export const plainText = (node: Node): string =>
  node.value ?? (node.children ?? []).map((child) => plainText(child)).join('');

/** The parsers of the MDX sources and of the forms' markdown, and the printer of the markdown, made once. */
const markdownParser = unified().use(remarkParse).use(remarkGfm).freeze();
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
