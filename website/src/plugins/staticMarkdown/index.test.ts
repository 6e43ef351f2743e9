/**
 * Which markdown the build wraps as a static run (./index.ts), on MDX as the guides write it, parsed as
 * Docusaurus's MDX loader parses it (remark-mdx, GFM, remark-rehype passing MDX's nodes through): the
 * outline shows each element by its tag, `[tag]` where it is wrapped whole.
 */
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype, {type Options as ToHastOptions} from 'remark-rehype';
import {unified} from 'unified';
import {describe, expect, it} from 'vitest';
import rehypeStaticMarkdown, {islandComponent, type Node} from '.';

const options: ToHastOptions = {
  passThrough: ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'],
};

/** The hast of an MDX source, with the plugin applied. */
function hast(mdx: string): Node {
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkRehype, options);
  const tree = processor.runSync(processor.parse(mdx)) as unknown as Node;
  rehypeStaticMarkdown()(tree);
  return tree;
}

/** The tree's elements and components as nested tags: `[p]` a wrapped element, `<Tabs>` a component. */
function outline(node: Node): string {
  const inner = (node.children ?? []).map(outline).filter(Boolean).join(' ');
  if (node.type === 'mdxJsxFlowElement' && node.name === islandComponent) {
    const [wrapped] = node.children!;
    expect(node.attributes).toEqual([{type: 'mdxJsxAttribute', name: 'tag', value: wrapped.tagName}]);
    expect(node.children).toHaveLength(1);
    return `[${wrapped.tagName}]`;
  }
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement')
    return `<${node.name}>${inner ? `(${inner})` : ''}`;
  if (node.type === 'element') return `${node.tagName}${inner ? `(${inner})` : ''}`;
  if (node.type === 'root') return inner;
  return node.type.startsWith('mdx') ? node.type : '';
}

const islands = (mdx: string) => outline(hast(mdx));

describe('rehypeStaticMarkdown', () => {
  it('wraps paragraphs, headings, lists, tables and quotes of text, code spans, emphasis and links', () => {
    expect(islands('## Step 1\n\nSend **the** `query` to [create](/docs/x#y).\n\n> A quote.')).toBe(
      '[h2] [p] [blockquote]',
    );
    expect(islands('- one\n- two `code`\n\n1. first\n\n| a | b |\n| - | - |\n| `1` | ~~2~~ |')).toBe(
      '[ul] [ol] [table]',
    );
  });

  it('leaves an element holding a component, an expression, an image or a form control to React', () => {
    expect(islands('Text <Badge /> text.')).toBe('p(<Badge>)');
    expect(islands('Text {1 + 1} text.')).toBe('p(mdxTextExpression)');
    expect(islands('An image ![alt](/img/logo.svg).')).toBe('p(img)');
    // A task list's checkboxes: its items are inputs
    expect(islands('- [x] done\n- plain')).toBe('ul(li(input) [li])');
  });

  it('still wraps the static elements beside one that is not, at any depth', () => {
    expect(islands('- one\n- two\n\n  ```bash\n  curl x\n  ```\n- three')).toBe('ul([li] li([p] pre(code)) [li])');
    expect(islands('> Quoted.\n>\n> Text <Badge /> text.')).toBe('blockquote([p] p(<Badge>))');
  });

  it("wraps inside the components that render their markdown as it is, and not inside another's", () => {
    expect(islands('<Tabs>\n<TabItem value="a">\n\nSome *text*.\n\n</TabItem>\n</Tabs>')).toBe(
      '<Tabs>(<TabItem>([p]))',
    );
    expect(islands('<Assumption id="x">\n\nThe values are in *whole* units.\n\n</Assumption>')).toBe(
      '<Assumption>([p])',
    );
    expect(islands('<Disclosure summary="More">\n\n- one\n\n</Disclosure>')).toBe('<Disclosure>([ul])');
    expect(islands('<TryIt api="geo" operation="x">\n\nSend this *call*.\n\n</TryIt>')).toBe('<TryIt>(p(em))');
  });

  it('leaves code blocks as they are (their buttons), and changes nothing in a page without markdown', () => {
    expect(islands('```json\n{}\n```')).toBe('pre(code)');
    expect(islands('import X from "./x";\n\n<X />')).toBe('mdxjsEsm <X>');
  });
});
