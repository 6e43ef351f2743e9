/**
 * The markdown twins say what the pages say (website/src/plugins/llms writes them, content/src/guides.ts
 * gathers the guides): for every guide and guide category of the sitemap, each heading, table cell,
 * paragraph, list item and definition of the page's server-rendered article, and each link target, is in
 * its `<page>.md`; what a component renders (tables, lists, checksums, rules, scenarios) included. Every
 * link of every twin and of llms-full.txt is absolute, on the site's URL or elsewhere, and none is
 * Docusaurus's internal `pathname://`. Read from the build with cheerio (no browser): the HTML is what a
 * reader gets first, before any script runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import type {AnyNode} from 'domhandler';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import {toString} from 'mdast-util-to-string';
import type {Nodes, Root} from 'mdast';
import {buildDir} from './playwright.config';
import {test, expect} from './fixtures';

const build = path.join(__dirname, '..', 'website', buildDir);

/** Text as both sides show it: no zero-width characters, one space for any run of white space. */
const normal = (text: string): string =>
  text
    .replace(/[\u200b\u00ad]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The pathnames of the sitemap's guides and guide categories. */
function docsPaths(): string[] {
  const sitemap = fs.readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]).pathname)
    .filter((pathname) => pathname.startsWith('/docs/'));
}

/** A page's twin, as the site serves it: `/docs/intro` → `/docs/intro.md`. */
const twinOf = (pathname: string): string => `${pathname.replace(/\/+$/, '')}.md`;

/** What a twin holds: its headings, its links and its text, from its syntax tree. */
interface Twin {
  headings: Set<string>;
  links: string[];
  text: string;
}

/** The nodes that run on in a line of text. */
const inline = new Set(['text', 'inlineCode', 'strong', 'emphasis', 'delete', 'link', 'linkReference', 'break']);

function readTwin(markdown: string): Twin {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const headings = new Set<string>();
  const links: string[] = [];
  const texts: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'heading') headings.add(normal(toString(node)));
    if (node.type === 'link' || node.type === 'definition') links.push(node.url);
    if ('value' in node) texts.push(node.value);
    if ('children' in node) node.children.forEach((child) => visit(child as Nodes));
    // A block ends a run of text, so that two cells or a code block and the next paragraph never read as one.
    if (!inline.has(node.type)) texts.push(' ');
  };
  visit(tree);
  return {headings, links, text: normal(texts.join(''))};
}

/** Elements whose own text a twin must hold (their block children are checked on their own). */
const textBlocks = 'p, li, dt, dd, th, td, summary, caption, figcaption';
const blockChildren = 'p, ul, ol, dl, table, pre, div, blockquote';

/**
 * The article of a page as the server rendered it, without what is not its content: the anchors of
 * its headings, the breadcrumbs, a card's icon, the links to the previous and next pages.
 */
function article($: CheerioAPI): ReturnType<CheerioAPI> {
  const doc = $('.theme-doc-markdown');
  const region = doc.length ? doc : $('main [class*="generatedIndexPage"]');
  region.find('.hash-link, .theme-doc-breadcrumbs, .theme-doc-card-icon, .pagination-nav').remove();
  return region;
}

/** Where a page's link points, absolute: the page's own URL resolves it, as the browser would. */
const target = (href: string, pageUrl: string): URL => new URL(href, pageUrl);

/** The forms a twin may give a link to `url`: the URL itself, or the `.md` twin of a page of this site. */
function acceptedForms(url: URL, origin: string): string[] {
  const forms = [url.href];
  if (url.origin === origin && !/\.[a-z0-9]+$/i.test(url.pathname))
    forms.push(`${url.origin}${twinOf(url.pathname)}${url.hash}`);
  return forms;
}

/** What the twin of one page lacks of the page, one line each. */
function gaps(pathname: string): string[] {
  const html = fs.readFileSync(path.join(build, pathname, 'index.html'), 'utf8');
  const twinFile = path.join(build, twinOf(pathname));
  if (!fs.existsSync(twinFile)) return [`${pathname}: no twin at ${twinOf(pathname)}`];
  const twin = readTwin(fs.readFileSync(twinFile, 'utf8'));
  const $ = load(html);
  const pageUrl = $('link[rel="canonical"]').attr('href');
  if (!pageUrl) return [`${pathname}: no canonical link to resolve its links with`];
  const origin = new URL(pageUrl).origin;
  const region = article($);
  if (!region.length) return [`${pathname}: no article`];
  const missing: string[] = [];

  region.find('h1, h2, h3, h4, h5, h6').each((_, element) => {
    const heading = normal($(element).text());
    // A category page's cards are headings on the page and list items in the twin.
    const card = $(element).hasClass('theme-doc-card-heading');
    if (heading && !(card ? twin.text.includes(heading) : twin.headings.has(heading)))
      missing.push(`${pathname}: heading "${heading}"`);
  });
  region.find(textBlocks).each((_, element: AnyNode) => {
    if ($(element).find(blockChildren).length) return;
    const text = normal($(element).text());
    if (text && !twin.text.includes(text))
      missing.push(`${pathname}: ${'tagName' in element ? element.tagName : ''} "${text}"`);
  });
  // As URLs, so that `https://llmstxt.org` and `https://llmstxt.org/` are one.
  const links = new Set(twin.links.map((link) => (URL.canParse(link) ? new URL(link).href : link)));
  region.find('a[href]').each((_, element) => {
    const url = target($(element).attr('href')!, pageUrl);
    if (!acceptedForms(url, origin).some((form) => links.has(form)))
      missing.push(`${pathname}: link to ${url.href} ("${normal($(element).text())}")`);
  });
  return missing;
}

/** Every `.md` file of the build, as site paths. */
function twinFiles(dir = build): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return twinFiles(file);
    return entry.name.endsWith('.md') ? [`/${path.relative(build, file)}`] : [];
  });
}

test.describe('markdown twins', () => {
  // Every page of the build read and parsed: seconds alone, minutes on a busy machine.
  test.describe.configure({timeout: 300_000});

  test('every guide and guide category: each heading, table cell, text and link target of the page is in its twin', () => {
    const paths = docsPaths();
    expect(paths.length).toBeGreaterThan(80);
    // The pages whose components the twins once lost are among them.
    for (const page of ['/docs/getting-started/integration-check', '/docs/getting-started/downloads'])
      expect(paths).toContain(page);
    expect(paths.flatMap((pathname) => gaps(pathname))).toEqual([]);
  });

  test('a twin of each component-rendered part says what the page shows', () => {
    // The checks above, on the parts a reader asks for: the scenarios' table, the rules' list, the checksums.
    const integration = readTwin(
      fs.readFileSync(path.join(build, 'docs/getting-started/integration-check.md'), 'utf8'),
    );
    const $ = load(fs.readFileSync(path.join(build, 'docs/getting-started/integration-check/index.html'), 'utf8'));
    const rules = $('[data-testid="check-rules"] > li code')
      .map((_, code) => $(code).text())
      .get();
    const scenarios = $('[data-testid="check-scenarios"] tbody th')
      .map((_, cell) => normal($(cell).text()))
      .get();
    const checksums = $('[data-download] code')
      .map((_, code) => $(code).text())
      .get()
      .filter((text) => /^[0-9a-f]{64}$/.test(text));
    expect(rules.length).toBeGreaterThan(5);
    expect(scenarios.length).toBeGreaterThan(5);
    expect(checksums.length).toBeGreaterThan(0);
    for (const word of [...rules, ...scenarios, ...checksums]) expect(integration.text).toContain(word);
  });

  test('every link of every twin and of llms-full.txt is absolute, and none is pathname://', () => {
    const files = twinFiles();
    expect(files.length).toBeGreaterThan(80);
    const relative = files.flatMap((file) =>
      readTwin(fs.readFileSync(path.join(build, file), 'utf8'))
        .links.filter((link) => !/^(https?:\/\/|mailto:)/.test(link))
        .map((link) => `${file}: ${link}`),
    );
    expect(relative).toEqual([]);
    const full = fs.readFileSync(path.join(build, 'llms-full.txt'), 'utf8');
    expect(full.length).toBeGreaterThan(100_000);
    expect(full.match(/.{0,40}pathname:\/\/.{0,40}/g) ?? []).toEqual([]);
  });
});
