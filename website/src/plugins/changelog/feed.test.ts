import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {describe, expect, it} from 'vitest';
import {changelogEntries, changelogFeed} from './feed';

// The shape of a built doc page (Docusaurus 3.10: the article's markdown div, headings with hash links).
const page = `<html><body><article><div class="theme-doc-markdown markdown">
<header><h1>Change log</h1></header>
<p>Intro with a <a href="/docs/intro">link</a>.</p>
<h2 class="anchor" id="2026-11-24">2026-11-24<a href="#2026-11-24" class="hash-link">\u200b</a></h2>
<h3 class="anchor" id="the-sandbox">The sandbox<a href="#the-sandbox" class="hash-link">\u200b</a></h3>
<p>See the <a href="/docs/getting-started/sandbox">sandbox</a>.</p>
<ul><li>One</li></ul>
<h3 class="anchor" id="smaller-changes">Smaller changes<a href="#smaller-changes" class="hash-link">\u200b</a></h3>
<p>Fixes &amp; more.</p>
<h2 class="anchor" id="specification-releases">Specification releases</h2>
<p>Not an entry.</p>
<h3 class="anchor" id="not-yet-released">Not yet released</h3>
<p>Undated: not an entry.</p>
<h3 class="anchor" id="release-2026-11-23">2026-11-23: First release</h3>
<h4 id="release-2026-11-23-geo">Geo</h4>
<p>Two operations.</p>
<h2 class="anchor" id="api-notes">API notes</h2>
<h3 class="anchor" id="api-versions">API versions</h3>
<p>Undated: not an entry.</p>
</div></article></body></html>`;

const site = 'https://developers.example.com';

describe('changelogEntries', () => {
  it('makes an entry of each dated h3, its HTML up to the next heading, links absolute', () => {
    expect(changelogEntries(page, site)).toEqual([
      {
        id: 'the-sandbox',
        title: 'The sandbox',
        date: '2026-11-24',
        content: `<p>See the <a href="${site}/docs/getting-started/sandbox">sandbox</a>.</p><ul><li>One</li></ul>`,
      },
      {id: 'smaller-changes', title: 'Smaller changes', date: '2026-11-24', content: '<p>Fixes &amp; more.</p>'},
      {
        id: 'release-2026-11-23',
        title: '2026-11-23: First release',
        date: '2026-11-23',
        content: '<h4 id="release-2026-11-23-geo">Geo</h4><p>Two operations.</p>',
      },
    ]);
  });

  it('fails on a page that is not a built doc page', () => {
    expect(() => changelogEntries('<html><body><p>x</p></body></html>', site)).toThrow('.theme-doc-markdown');
  });
});

describe('changelogFeed', () => {
  const feed = changelogFeed(changelogEntries(page, site), {
    siteUrl: site,
    pagePath: '/docs/change-log',
    title: 'Change log',
    description: 'Changes.',
    author: 'Docs team',
  });

  it('writes valid RSS with one item per entry, newest first, each linking to its section', () => {
    const xml = feed.rss2();
    expect(XMLValidator.validate(xml)).toBe(true);
    const items = new XMLParser().parse(xml).rss.channel.item as {title: string; link: string; pubDate: string}[];
    expect(items.map(({title, link}) => [title, link])).toEqual([
      ['2026-11-24: The sandbox', `${site}/docs/change-log#the-sandbox`],
      ['2026-11-24: Smaller changes', `${site}/docs/change-log#smaller-changes`],
      ['2026-11-23: First release', `${site}/docs/change-log#release-2026-11-23`],
    ]);
    expect(new Date(items[0].pubDate).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('writes valid Atom with the same entries and its own address', () => {
    const xml = feed.atom1();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ignoreAttributes: false}).parse(xml).feed;
    expect(parsed.entry).toHaveLength(3);
    expect(parsed.author).toEqual({name: 'Docs team'});
    expect(parsed.updated).toBe('2026-11-24T00:00:00.000Z');
    const links = [parsed.link].flat() as {'@_rel'?: string; '@_href': string}[];
    expect(links.find((link) => link['@_rel'] === 'self')?.['@_href']).toBe(`${site}/docs/change-log/atom.xml`);
  });

  it('refuses a change log with no dated entry', () => {
    expect(() => changelogFeed([], {siteUrl: site, pagePath: '/p', title: 't', description: 'd', author: 'a'})).toThrow(
      'no dated entries',
    );
  });
});
