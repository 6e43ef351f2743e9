/**
 * A rehype plugin for every MDX page (docs, blog and pages, docusaurus.config.ts): each run of markdown
 * that needs no JavaScript (a paragraph, a list, a table, a heading, a quote, made only of text and of
 * elements that do nothing in the browser) is wrapped in `<StaticMarkdown tag="...">` (./StaticMarkdown.tsx).
 * The server renders it as before; hydration keeps the server's HTML of it as it is instead of rebuilding
 * it element by element, as the code blocks already do (src/theme/CodeBlock/Content). On a guide that is
 * most of the page. Internal links inside keep the router's navigation (./StaticMarkdown.tsx).
 *
 * What is static is decided here, at build time, from the markdown's own tree: an element is static when
 * it and everything in it is one of `staticTags`, text or a comment. A component (any MDX JSX element), an
 * expression, a code block (`pre`: its buttons), an image, a form control or Docusaurus's `details` makes
 * the element around it stay React; the elements beside it are still wrapped. Inside a component, only the
 * components in `containers` (which render their markdown children as they are) are looked into.
 */

/** The hast nodes this plugin reads and writes (the subset of hast and mdx-jsx it needs). */
export interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  attributes?: {type: string; name: string; value: string}[];
  children?: Node[];
}

/** The elements wrapped whole when static: blocks that render as the same element in the browser. */
export const islandTags: ReadonlySet<string> = new Set([
  'p',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'blockquote',
  'dl',
]);

/** The elements a static run may hold: markdown's text, lists and tables, none of which the browser runs. */
export const staticTags: ReadonlySet<string> = new Set([
  ...islandTags,
  'a',
  'abbr',
  'b',
  'br',
  'caption',
  'code',
  'dd',
  'del',
  'dfn',
  'dt',
  'em',
  'hr',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'var',
  'wbr',
]);

/**
 * The components whose markdown children render as they are, in their place (src/theme/MDXComponents.tsx
 * and Docusaurus's admonitions): their static runs are wrapped too. Any other component's children are
 * left as they are, since it may read them rather than render them.
 */
export const containers: ReadonlySet<string> = new Set(['Tabs', 'TabItem', 'Assumption', 'Disclosure', 'admonition']);

/** The name of the wrapping component, registered for every MDX page (src/theme/MDXComponents.tsx). */
export const islandComponent = 'StaticMarkdown';

/** Whether a node and everything in it renders without JavaScript. */
export function isStatic(node: Node): boolean {
  if (node.type === 'text' || node.type === 'comment') return true;
  if (node.type !== 'element' || !staticTags.has(node.tagName!)) return false;
  return (node.children ?? []).every(isStatic);
}

const island = (element: Node): Node => ({
  type: 'mdxJsxFlowElement',
  name: islandComponent,
  attributes: [{type: 'mdxJsxAttribute', name: 'tag', value: element.tagName!}],
  children: [element],
});

/** Wraps the static runs among `parent`'s children, and looks into the others that may hold some. */
export function staticIslands(parent: Node): void {
  parent.children = parent.children?.map((child) => {
    if (child.type === 'element') {
      if (islandTags.has(child.tagName!) && isStatic(child)) return island(child);
      staticIslands(child);
    } else if (child.type === 'mdxJsxFlowElement' && containers.has(child.name ?? '')) {
      staticIslands(child);
    }
    return child;
  });
}

/** The rehype plugin. */
export default function rehypeStaticMarkdown() {
  return (tree: Node): void => staticIslands(tree);
}
