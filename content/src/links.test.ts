/** `linkResolver` (./links.ts): where each kind of link of a page points in the markdown pages. */
import {describe, expect, it} from 'vitest';
import {linkResolver, rewriteLinks, type LinkedPage} from './links';

const pages: LinkedPage[] = [
  {path: '/docs/intro', markdownPath: '/docs/intro.md', file: '/site/docs/intro.mdx'},
  {path: '/docs/start/errors', markdownPath: '/docs/start/errors.md', file: '/site/docs/start/errors.mdx'},
  {path: '/docs/category/start', markdownPath: '/docs/category/start.md'},
];
const from = pages[0];

describe('linkResolver', () => {
  const absolute = linkResolver(pages, from, 'https://developers.example.com/');
  const relative = linkResolver(pages, from);

  it("points a link to a guide, by its file or its path, to the guide's markdown, absolute on the site's URL", () => {
    expect(absolute('./start/errors.mdx#400')).toBe('https://developers.example.com/docs/start/errors.md#400');
    expect(absolute('/docs/start/errors/')).toBe('https://developers.example.com/docs/start/errors.md');
    expect(absolute('start/errors')).toBe('https://developers.example.com/docs/start/errors.md');
    expect(absolute('/docs/category/start')).toBe('https://developers.example.com/docs/category/start.md');
    expect(relative('./start/errors.mdx')).toBe('/docs/start/errors.md');
  });

  it("points an in-page anchor to the page's own markdown", () => {
    expect(absolute('#rules')).toBe('https://developers.example.com/docs/intro.md#rules');
    expect(relative('#rules')).toBe('/docs/intro.md#rules');
  });

  it("turns Docusaurus's pathname:// into the file's URL, never a page's markdown", () => {
    expect(absolute('pathname:///downloads/sandbox.mjs')).toBe('https://developers.example.com/downloads/sandbox.mjs');
    expect(absolute('pathname:///docs/intro')).toBe('https://developers.example.com/docs/intro');
    expect(relative('pathname:///llms.txt')).toBe('/llms.txt');
  });

  it('makes other paths of the site absolute, query included, and leaves links elsewhere as written', () => {
    expect(absolute('/api/geo/#tag/Geo')).toBe('https://developers.example.com/api/geo/#tag/Geo');
    expect(absolute('/search?q=key')).toBe('https://developers.example.com/search?q=key');
    expect(absolute('https://llmstxt.org')).toBe('https://llmstxt.org');
    expect(absolute('mailto:partners@example.com')).toBe('mailto:partners@example.com');
  });
});

describe('rewriteLinks', () => {
  it('rewrites the targets of links and definitions in place, and leaves code, text and links elsewhere as written', () => {
    const markdown = [
      '# Geo',
      '',
      'Then [poll](#tag/Geo/operation/Poll "Poll it") or start a',
      '[live search](/api/hotels-live#tag/Hotels) | [site](https://example.com).',
      '',
      '| a | [b](#b) |',
      '| - | - |',
      '',
      '```md',
      '[not a link](#code)',
      '```',
      '',
      '[ref]: /docs/intro',
      '',
    ].join('\n');
    const rewritten = rewriteLinks(markdown, (url) => (url.startsWith('http') ? url : `https://site${url}`));
    expect(rewritten).toBe(
      markdown
        .replace('(#tag/Geo/operation/Poll "', '(https://site#tag/Geo/operation/Poll "')
        .replace('(/api/hotels-live#', '(https://site/api/hotels-live#')
        .replace('[b](#b)', '[b](https://site#b)')
        .replace('[ref]: /docs/intro', '[ref]: https://site/docs/intro'),
    );
  });
});
