/**
 * The markdown forms of the MDX components a page renders: what `mdxToMarkdown` (./mdxToMarkdown.ts)
 * writes in place of `<Name ...>`. Each component says what it shows as markdown, with the same data it
 * renders; a component with no form stops the conversion (`MissingMarkdownForm`), so nothing a page shows
 * silently vanishes from its markdown. Here: the forms of the guides' own vocabulary (`Tabs`, `TabItem`,
 * `Assumption`), which every maker of the markdown needs; the site adds its components' forms
 * (website/src/components/markdown.ts). Also: a JSX element's attributes as values (`literalProps`).
 */
import type {Program} from 'estree';

/** The mdast nodes the forms read and write (the subset of mdast, mdx and directives the converter uses). */
export interface Node {
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

/** One use of a component in a page, as its form receives it. */
export interface ComponentElement {
  name: string;
  /** Its attributes: strings as written, `{...}` literals evaluated (`only={['mcp.mjs']}`), bare ones `true`. */
  props: Record<string, unknown>;
  /** Its children, already converted. */
  children: Node[];
  /** Its children as markdown. */
  childrenMarkdown: string;
  /** Written inside a paragraph (`text <X /> text`) rather than as a block of its own. */
  inline: boolean;
  /** The page's path on the site (`/docs/getting-started/sandbox`). */
  page: string;
}

/**
 * A component's markdown form: markdown text (its links are resolved as the page's are, so a site path
 * such as `/downloads/sandbox.mjs` becomes the site's URL), or mdast nodes used as they are.
 */
export type ComponentForm = (element: ComponentElement) => string | Node[];

/** Forms by component name (`CheckRules`, `OneFileDownloads`). */
export type ComponentForms = Record<string, ComponentForm>;

/** A component used by a page that has no markdown form. */
export class MissingMarkdownForm extends Error {
  constructor(readonly component: string) {
    super(
      `<${component}> has no markdown form, so the page's markdown would lose what it shows: give the component one (content/README.md, "A component's markdown")`,
    );
    this.name = 'MissingMarkdownForm';
  }
}

/**
 * Plain text made safe to put into a form's markdown, in a paragraph, a list item or a table cell: every
 * character markdown could read as syntax is escaped.
 */
export const markdownText = (value: string): string => value.replace(/[\\`*_[\]<>|~&#!]/g, '\\$&');

/** Text as inline code, fenced with more backticks than it holds (no `|` in a table cell: GFM would split it). */
export function markdownCode(value: string): string {
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const padded = /^`|`$/.test(value) ? ` ${value} ` : value;
  return `${fence}${padded}${fence}`;
}

const text = (value: string): Node => ({type: 'text', value});
export const strongParagraph = (value: string): Node => ({
  type: 'paragraph',
  children: [{type: 'strong', children: [text(value)]}],
});

/** Plain text in which `backticks` mark code, as mdast inline nodes. */
/** The guides' own components, registered for every page (website/src/theme/MDXComponents.tsx). */
export const guideComponentForms: ComponentForms = {
  // The language tabs: each tab a labelled section (below).
  Tabs: ({children}) => children,
  TabItem: ({props, children}) => [strongParagraph(String(props.label ?? props.value ?? '')), ...children],
  // As website/src/components/Assumption renders it: its label and the statement; its reason (`because`) is for
  // the docs team (website/NOT-CONFIRMED.md), never shown.
  Assumption: ({children}) => [{type: 'blockquote', children: [strongParagraph('Not confirmed'), ...children]}],
};

/** The value of a `{...}` attribute, when it is a literal: strings, numbers, booleans, arrays, objects. */
function literal(node: unknown, where: string): unknown {
  const expression = node as {type: string; [key: string]: unknown};
  switch (expression.type) {
    case 'Literal':
      return expression.value;
    case 'TemplateLiteral':
      if ((expression.expressions as unknown[]).length === 0)
        return (expression.quasis as {value: {cooked: string}}[]).map((quasi) => quasi.value.cooked).join('');
      break;
    case 'ArrayExpression':
      return (expression.elements as unknown[]).map((element) => literal(element, where));
    case 'ObjectExpression':
      return Object.fromEntries(
        (
          expression.properties as {type: string; key: {type: string; name?: string; value?: unknown}; value: unknown}[]
        ).map((property) => {
          if (property.type !== 'Property') throw new Error(`${where} is not a literal`);
          const key = property.key.type === 'Identifier' ? property.key.name : String(property.key.value);
          return [key, literal(property.value, where)];
        }),
      );
    case 'UnaryExpression':
      if (expression.operator === '-') return -(literal(expression.argument, where) as number);
      break;
  }
  throw new Error(`${where} is not a literal, so its markdown form cannot read it`);
}

/** A JSX element's attributes as values; an attribute that is not a literal stops with its name. */
export function literalProps(node: Node): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const attribute of Array.isArray(node.attributes) ? node.attributes : []) {
    const where = `<${node.name}>'s attribute ${attribute.name ?? '{...}'}`;
    if (attribute.type !== 'mdxJsxAttribute')
      throw new Error(`${where} is spread, so its markdown form cannot read it`);
    const value = attribute.value as string | null | undefined | {data?: {estree?: Program}};
    if (value === null || value === undefined) props[attribute.name] = true;
    else if (typeof value === 'string') props[attribute.name] = value;
    else {
      const statement = value.data?.estree?.body[0];
      if (statement?.type !== 'ExpressionStatement') throw new Error(`${where} is not a literal`);
      props[attribute.name] = literal(statement.expression, where);
    }
  }
  return props;
}
