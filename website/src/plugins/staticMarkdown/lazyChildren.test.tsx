/**
 * A static run's markdown handed over as a function (./lazyChildren.ts), on MDX as the guides write it,
 * compiled by `@mdx-js/mdx` with ./index.ts before it as docusaurus.config.ts has them: each run gets a
 * function that makes its markdown, any other component its elements as before, and the page renders the
 * same HTML as without either plugin.
 */
import {evaluate} from '@mdx-js/mdx';
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

/** The guide's HTML, compiled with `plugins`, and what each component was handed as children. */
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
});
