import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import miniSpec from '@portal/specs/lib/fixtures/mini.openapi.json';
import {mdxToMarkdown} from './mdxToMarkdown';

const fixtures = path.join(__dirname, 'fixtures');
const mini = miniSpec as unknown as OpenApiDocument;
const bundles = new Map([['mini', mini]]);
const link = (url: string): string => url.replace(/^\.\/(.+)\.mdx/, '/docs/$1.md');

describe('mdxToMarkdown', () => {
  it('turns a guide into the golden markdown (fixtures/page.md, written by hand)', () => {
    const source = fs.readFileSync(path.join(fixtures, 'page.mdx'), 'utf8');
    const markdown = mdxToMarkdown(source, {title: 'Trips', description: 'Open and close trips.', bundles, link});
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
