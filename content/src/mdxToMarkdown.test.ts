/** `mdxToMarkdown` (./mdxToMarkdown.ts): the golden page, and the components' markdown forms. */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import miniSpec from '@portal/specs/lib/fixtures/mini.openapi.json';
import {MissingMarkdownForm} from './components';
import {mdxToMarkdown} from './mdxToMarkdown';

const fixtures = path.join(__dirname, 'fixtures');
const mini = miniSpec as unknown as OpenApiDocument;
const bundles = new Map([['mini', mini]]);
const link = (url: string): string => url.replace(/^\.\/(.+)\.mdx/, '/docs/$1.md');

describe('mdxToMarkdown', () => {
  it('turns a guide into the golden markdown (fixtures/page.md, written by hand)', () => {
    const source = fs.readFileSync(path.join(fixtures, 'page.mdx'), 'utf8');
    const markdown = mdxToMarkdown(source, {
      title: 'Trips',
      description: 'Open and close trips.',
      bundles,
      link,
      components: {Thing: ({props, childrenMarkdown}) => `**${String(props.title)}**\n\n${childrenMarkdown}`},
    });
    expect(markdown).toBe(fs.readFileSync(path.join(fixtures, 'page.md'), 'utf8'));
  });

  it('keeps a source that opens with its own title, and writes no second one', () => {
    const markdown = mdxToMarkdown('# Own title\n\nText.\n', {title: 'Front matter title', bundles});
    expect(markdown).toBe('# Own title\n\nText.\n');
  });

  it("runs the site's remark plugins first, so that what they write is in the markdown", () => {
    const releases = () => (tree: {children: {type: string; name?: string}[]}) => {
      tree.children = tree.children.map((node) =>
        node.name === 'Releases' ? {type: 'heading', depth: 2, children: [{type: 'text', value: 'Release 1'}]} : node,
      ) as typeof tree.children;
    };
    const markdown = mdxToMarkdown('<Releases />\n', {title: 'Change log', bundles, remarkPlugins: [releases]});
    expect(markdown).toBe('# Change log\n\n## Release 1\n');
  });

  it('stops on an enum table the specifications do not have', () => {
    expect(() => mdxToMarkdown('<EnumTable name="Nope" />\n', {title: 'T', bundles})).toThrow(
      'no API has an enum schema Nope',
    );
  });
});

describe("mdxToMarkdown: components' markdown forms", () => {
  const convert = (source: string, options: Partial<Parameters<typeof mdxToMarkdown>[1]> = {}) =>
    mdxToMarkdown(source, {title: 'T', bundles, page: '/docs/t', ...options});

  it('stops on a component that has no markdown form, naming it, as a block or inline', () => {
    expect(() => convert('<Widget />\n')).toThrow(MissingMarkdownForm);
    expect(() => convert('<Widget />\n')).toThrow('<Widget> has no markdown form');
    expect(() => convert('Text <Inline /> text.\n')).toThrow('<Inline> has no markdown form');
  });

  it('writes what `unknownComponent` gives in place of a component without a form, when told to', () => {
    const markdown = convert('<Widget />\n', {unknownComponent: ({name, page}) => `(${name} on ${page})`});
    expect(markdown).toBe('# T\n\n(Widget on /docs/t)\n');
  });

  it("gives a form the component's attributes as values, its children, and resolves its markdown's links", () => {
    const seen: unknown[] = [];
    const markdown = convert(
      '<Files only={["a.mjs", \'b.mjs\']} size={-2} open label="L" options={{deep: true}}>\n\nSee *this*.\n\n</Files>\n',
      {
        link: (url) => `https://site.example${url}`,
        components: {
          Files: ({props, childrenMarkdown}) => {
            seen.push(props);
            return `| File |\n| - |\n| [a.mjs](/downloads/a.mjs) |\n\n${childrenMarkdown}`;
          },
        },
      },
    );
    expect(seen).toEqual([{only: ['a.mjs', 'b.mjs'], size: -2, open: true, label: 'L', options: {deep: true}}]);
    expect(markdown).toBe('# T\n\n| File |\n| - |\n| [a.mjs](https://site.example/downloads/a.mjs) |\n\nSee _this_.\n');
  });

  it('keeps an inline form inside its paragraph', () => {
    const markdown = convert('Import <Link />, then select it.\n', {
      components: {Link: () => '[`env.json`](/env.json)'},
    });
    expect(markdown).toBe('# T\n\nImport [`env.json`](/env.json), then select it.\n');
  });

  it("lets the site replace a form of the guides' own components, and stops on an attribute it cannot read", () => {
    expect(
      convert('<Assumption because="x">\n\nA.\n\n</Assumption>\n', {components: {Assumption: () => 'Mine.'}}),
    ).toBe('# T\n\nMine.\n');
    expect(() => convert('<Files only={list} />\n', {components: {Files: () => ''}})).toThrow(
      "<Files>'s attribute only is not a literal",
    );
  });
});

describe('mdxToMarkdown: a component written inside a paragraph', () => {
  const convert = (source: string, form: () => string) =>
    mdxToMarkdown(source, {title: 'T', bundles, components: {Button: form}});

  it('runs the paragraphs of its form on in the line, and refuses a form that writes a block there', () => {
    expect(convert('<Button>Press it.</Button>\n', () => 'First.\n\nSecond.')).toBe('# T\n\nFirst. Second.\n');
    expect(() => convert('<Button>Press it.</Button>\n', () => '- a list')).toThrow(
      '<Button> is written inside a paragraph, but its markdown form writes more than text',
    );
  });
});
