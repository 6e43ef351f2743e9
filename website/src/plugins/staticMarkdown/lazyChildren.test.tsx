/**
 * A static run's markdown handed over as a function (./lazyChildren.ts), on MDX as the guides write it,
 * compiled by `@mdx-js/mdx` with ./index.ts before it as docusaurus.config.ts has them: each run gets a
 * function that makes its markdown, any other component its elements as before, and the page renders the
 * same HTML as without either plugin; the runs' markdown is out of the page's MDX function, but for a run
 * that reads a name of that function.
 */
import {compile, evaluate} from '@mdx-js/mdx';
import type {Node as EstreeNode, Program} from 'estree';
import {visit} from 'estree-util-visit';
import type {MDXComponents} from 'mdx/types';
import {type ReactNode} from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import rehypeStaticMarkdown from '.';
import recmaLazyStaticMarkdown from './lazyChildren';

const guide = [
  '## Step one',
  '',
  'Call **the** `search` [endpoint](/docs/other).',
  '',
  '<Tabs>',
  '',
  'A paragraph in a tab.',
  '',
  '</Tabs>',
  '',
  '- a list',
  '- of two',
].join('\n');

/** The guide's HTML, compiled with both plugins or neither, and what each component was handed as children. */
async function render(withPlugins: boolean) {
  const handed: {component: string; children: unknown}[] = [];
  const components: MDXComponents = {
    StaticMarkdown: ({children}: {children: unknown}) => {
      handed.push({component: 'StaticMarkdown', children});
      return typeof children === 'function' ? (children as () => ReactNode)() : (children as ReactNode);
    },
    Tabs: ({children}: {children: ReactNode}) => {
      handed.push({component: 'Tabs', children});
      return <div className="tabs">{children}</div>;
    },
  };
  const {default: Content} = await evaluate(guide, {
    ...runtime,
    rehypePlugins: withPlugins ? [rehypeStaticMarkdown] : [],
    recmaPlugins: withPlugins ? [recmaLazyStaticMarkdown] : [],
  });
  return {html: renderToStaticMarkup(<Content components={components} />), handed};
}

describe("a static run's markdown, compiled", () => {
  it('is handed to each run as a function that makes it, and to any other component as elements', async () => {
    const {handed} = await render(true);
    // The heading, the paragraph, the paragraph in the tab, the list
    const runs = handed.filter((entry) => entry.component === 'StaticMarkdown');
    expect(runs).toHaveLength(4);
    for (const run of runs) expect(typeof run.children).toBe('function');
    const tabs = handed.filter((entry) => entry.component === 'Tabs');
    expect(tabs).toHaveLength(1);
    expect(typeof tabs[0].children).toBe('object');
  });

  it('renders the same HTML as the markdown compiled without the plugins', async () => {
    const plain = await render(false);
    expect(plain.html).toContain('<code>search</code>');
    expect((await render(true)).html).toBe(plain.html);
  });

  it("makes no run's elements until the run calls for them", async () => {
    /** The elements made, by type, through a JSX runtime that counts them. */
    const made = async (withPlugins: boolean, StaticMarkdown: (props: {children: unknown}) => ReactNode) => {
      const types: unknown[] = [];
      const count =
        (make: typeof runtime.jsx) =>
        (type: Parameters<typeof runtime.jsx>[0], props: Parameters<typeof runtime.jsx>[1], key?: string) => {
          types.push(type);
          return make(type, props, key);
        };
      const {default: Content} = await evaluate('Some **bold** text.', {
        Fragment: runtime.Fragment,
        jsx: count(runtime.jsx),
        jsxs: count(runtime.jsxs),
        rehypePlugins: withPlugins ? [rehypeStaticMarkdown] : [],
        recmaPlugins: withPlugins ? [recmaLazyStaticMarkdown] : [],
      });
      const html = renderToStaticMarkup(<Content components={{StaticMarkdown}} />);
      return {html, types};
    };
    // A run that keeps the server's HTML draws nothing of its own here: its paragraph is never made.
    const kept = await made(true, () => null);
    expect(kept.html).toBe('');
    expect(kept.types).not.toContain('strong');
    expect(kept.types).not.toContain('p');
    // Drawn, it makes them; without the plugins MDX makes them whatever the run draws.
    const drawn = await made(true, ({children}) => (children as () => ReactNode)());
    expect(drawn.html).toBe('<p>Some <strong>bold</strong> text.</p>');
    expect(drawn.types).toContain('strong');
    expect((await made(false, () => null)).types).toContain('strong');
  });

  it("takes the runs' markdown out of the page's MDX function, as a module or as a function body", async () => {
    for (const outputFormat of ['program', 'function-body'] as const) {
      const program = String(
        await compile(guide, {
          outputFormat,
          rehypePlugins: [rehypeStaticMarkdown],
          recmaPlugins: [recmaLazyStaticMarkdown],
        }),
      );
      const mdxFunction = program.slice(
        program.indexOf('function _createMdxContent'),
        program.indexOf('function MDXContent'),
      );
      expect(mdxFunction, outputFormat).toContain('_staticMarkdown[0](_components)');
      expect(mdxFunction, outputFormat).not.toContain('A paragraph in a tab');
      expect(program, outputFormat).toMatch(
        /const _staticMarkdown = \[[^]*function \(_components\) \{\s*return _jsx\(_components\.p, \{\s*children: "A paragraph in a tab\."/,
      );
    }
  });

  it('leaves inside it a run whose markdown reads a name of that function, which still renders', async () => {
    // A run that reads the MDX function's `props` (MDX writes none, a plugin might): `props.x` in place of
    // the text "FROM_PROPS"
    const readProps = () => (tree: Program) =>
      visit(tree, (node) => {
        const literal = node as EstreeNode;
        if (literal.type !== 'Literal' || literal.value !== 'FROM_PROPS') return;
        Object.assign(literal, {
          type: 'MemberExpression',
          object: {type: 'Identifier', name: 'props'},
          property: {type: 'Identifier', name: 'x'},
          computed: false,
          optional: false,
        });
      });
    const options = {rehypePlugins: [rehypeStaticMarkdown], recmaPlugins: [readProps, recmaLazyStaticMarkdown]};
    const program = String(await compile('FROM_PROPS\n\nplain', options));
    expect(
      program.slice(program.indexOf('function _createMdxContent'), program.indexOf('function MDXContent')),
    ).toMatch(/children: \(\) => _jsx\(_components\.p, \{\s*children: props\.x/);
    const {default: Content} = await evaluate('FROM_PROPS\n\nplain', {...runtime, ...options});
    const drawn = ({children}: {children: () => ReactNode}) => children();
    expect(renderToStaticMarkup(<Content x="from the props" components={{StaticMarkdown: drawn}} />)).toBe(
      '<p>from the props</p>\n<p>plain</p>',
    );
  });
});
