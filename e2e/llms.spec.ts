/**
 * Docs for AI assistants: `/llms.txt`, `/llms-full.txt`, the markdown version of every page
 * (website/src/plugins/llms) and the "Copy page as Markdown" control, on the production build.
 */
import AxeBuilder from '@axe-core/playwright';
import type {APIRequestContext, Browser} from '@playwright/test';
import {fieldsAndValues, operations, operationSchemas} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {markdownPages} from '@portal/mcp/pages';
import {test, expect, hydrated} from './fixtures';

/** The pathnames of the sitemap's pages. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/** The pathnames llms.txt links to. */
async function llmsLinks(request: APIRequestContext): Promise<string[]> {
  const text = await (await request.get('/llms.txt')).text();
  return [...text.matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((match) => new URL(match[1]).pathname);
}

const markdownOf = (pathname: string): string => `${pathname.replace(/\/+$/, '') || '/index'}.md`;

/** A heading as both sides show it: no zero-width anchors, markdown syntax or doubled spaces. */
const normal = (text: string): string =>
  text
    .replace(/\u200b/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** The `#` headings of markdown, outside code blocks, as `<level> <text>`. */
function markdownHeadings(markdown: string): string[] {
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (opening && (!fence || opening.startsWith(fence))) {
      fence = fence ? undefined : opening;
      continue;
    }
    const heading = !fence && /^(#{1,6}) (.+)$/.exec(line);
    if (heading) headings.push(`${heading[1].length} ${normal(heading[2])}`);
  }
  return headings;
}

/** The headings of a page's server-rendered article (JavaScript off: the HTML every reader gets first). */
async function pageHeadings(browser: Browser, path: string): Promise<string[]> {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const headings = await page
    .locator('article :is(h1, h2, h3, h4, h5, h6)')
    .evaluateAll((nodes) => nodes.map((node) => `${node.tagName.slice(1)} ${node.textContent ?? ''}`));
  await context.close();
  return headings.map((heading) => `${heading.slice(0, 1)} ${normal(heading.slice(2))}`);
}

/** A generated category page as a reader without JavaScript sees it: its title, then its cards' titles. */
async function categoryHeadings(browser: Browser, path: string): Promise<string[]> {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const title = await page.locator('main header h1').textContent();
  const cards = await page.locator('main article .theme-doc-card-title').allTextContents();
  await context.close();
  return [`1 ${normal(title ?? '')}`, ...cards.map((card) => `- ${normal(card)}`)];
}

/** A category page's markdown as the same outline: its `#` title, then its list items' link texts. */
const categoryOutline = (markdown: string): string[] => [
  ...markdownHeadings(markdown),
  ...[...markdown.matchAll(/^- \[((?:\\.|[^\]\\])*)\]\(/gm)].map((match) => `- ${normal(match[1])}`),
];

/** The title, tags and operations of a reference page as a reader without JavaScript sees them. */
async function referenceHeadings(browser: Browser, path: string): Promise<string[]> {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(path);
  const headings = await page
    .locator('.api-content :is(h1, h2)')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  await context.close();
  return headings.map((heading) => normal(heading).replace(/[()]/g, ''));
}

test.describe('llms.txt and llms-full.txt', () => {
  test('llms.txt lists every page of the sitemap, and the instructions for agents', async ({request}) => {
    const response = await request.get('/llms.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^# API Developer Documentation\n\n> /);
    const links = new Set(await llmsLinks(request));
    const paths = await sitemapPaths(request);
    expect(paths.length).toBeGreaterThan(50);
    const missing = paths.filter((path) => !links.has(path) && !links.has(markdownOf(path)));
    expect(missing).toEqual([]);

    const instructions = text.slice(
      text.indexOf('## Instructions for agents'),
      text.indexOf('\n## ', text.indexOf('## Instructions for agents') + 1),
    );
    for (const rule of [
      'x-api-key',
      'RESULT_STATUS_COMPLETE',
      'PRICE_UNIT_',
      'entity ids, not IATA codes',
      'are not published',
    ]) {
      expect(instructions).toContain(rule);
    }
  });

  test('llms-full.txt holds llms.txt and the markdown of every page it links to as markdown', async ({request}) => {
    const index = await (await request.get('/llms.txt')).text();
    const full = await (await request.get('/llms-full.txt')).text();
    expect(full.startsWith(index.trimEnd())).toBe(true);
    for (const path of (await llmsLinks(request)).filter((link) => link.endsWith('.md'))) {
      const markdown = await (await request.get(path)).text();
      expect(full, path).toContain(markdown.trim());
    }
  });
});

test.describe('markdown pages', () => {
  test.describe.configure({timeout: 300_000});

  test('every page of the sitemap under /docs/ and /api/, and every blog post, has a .md twin answering 200', async ({
    request,
  }) => {
    const paths = await sitemapPaths(request);
    const listed = new Set((await llmsLinks(request)).filter((link) => link.endsWith('.md')));
    const twinned = paths.filter((path) => listed.has(markdownOf(path)));
    const others = paths.filter((path) => !listed.has(markdownOf(path)));
    // The 15 guide categories (Getting started, one per API, the affiliates link API) are among them
    expect(twinned.filter((path) => path.startsWith('/docs/category/'))).toHaveLength(loadBundles().size + 2);
    expect(others.filter((path) => /^\/(docs|api)\//.test(path))).toEqual([]);
    for (const path of twinned) {
      const response = await request.get(markdownOf(path));
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/markdown');
    }
    // The rest (the home page, the search page, the blog's lists) are listed as pages and have no twin
    expect(others.length).toBeGreaterThan(0);
    for (const path of others) expect((await request.get(markdownOf(path))).status(), path).toBe(404);
  });

  test("the MCP server's category pages are the site's, their links on the site's URL there", async ({request}) => {
    const pages = markdownPages(loadBundles()).filter((page) => page.path.startsWith('/docs/category/'));
    expect(pages).toHaveLength(loadBundles().size + 2);
    // The URL the site was built for, which its markdown pages' links start with.
    const index = await (await request.get('/llms.txt')).text();
    const origin = new URL(/\]\((https?:\/\/[^)]+)\)/.exec(index)![1]).origin;
    for (const page of pages) {
      const response = await request.get(page.markdownPath);
      expect(response.status(), page.markdownPath).toBe(200);
      expect(page.markdown).toContain('](/docs/');
      expect(await response.text(), page.markdownPath).toBe(page.markdown.replaceAll('](/', `](${origin}/`));
    }
  });

  test('llms-full.txt never says "seed" outside code', async ({request}) => {
    const full = await (await request.get('/llms-full.txt')).text();
    let fence: string | undefined;
    const found: string[] = [];
    for (const line of full.split('\n')) {
      const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (opening && (!fence || opening.startsWith(fence))) {
        fence = fence ? undefined : opening;
        continue;
      }
      if (!fence && /\bseeds?\b/i.test(line)) found.push(line);
    }
    expect(full.length).toBeGreaterThan(100_000);
    expect(found).toEqual([]);
  });

  test("every .md URL answers markdown whose headings are the page's", async ({request, browser}) => {
    const pages = (await llmsLinks(request)).filter((link) => link.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(80);
    const differing: string[] = [];
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/markdown');
      const markdown = await response.text();
      const pagePath = path.startsWith('/api/') ? path.replace(/\.md$/, '/') : path.replace(/\.md$/, '');
      const category = path.startsWith('/docs/category/');
      let shown = category ? await categoryHeadings(browser, pagePath) : await pageHeadings(browser, pagePath);
      let written = category ? categoryOutline(markdown) : markdownHeadings(markdown);
      if (path.startsWith('/api/')) {
        // The reference page is Redoc's markup: the API's title, its tags and its operations, as h1 and
        // h2. The markdown nests operations under tags (h1 to h3) and names each operation's id after
        // its summary; below h3 it holds what Redoc shows as panels rather than headings.
        shown = await referenceHeadings(browser, pagePath);
        written = written
          .filter((heading) => Number(heading[0]) <= 3)
          .map((heading) =>
            heading
              .slice(2)
              .replace(/ \(\w+\)$/, '')
              .replace(/[()]/g, ''),
          );
      }
      if (JSON.stringify(shown) !== JSON.stringify(written)) {
        differing.push(`${path}:\n  page: ${shown.join(' | ')}\n  .md:  ${written.join(' | ')}`);
      }
    }
    expect(differing).toEqual([]);
  });

  test('the reference markdown names every operation, field and enum value of the bundled specifications', async ({
    request,
  }) => {
    const missing: string[] = [];
    for (const [slug, doc] of loadBundles()) {
      const markdown = await (await request.get(`/api/${slug}.md`)).text();
      for (const operation of operations(slug, doc)) {
        if (!markdown.includes(`operationId \`${operation.operationId}\``)) missing.push(operation.operationId);
        const {fields, values} = fieldsAndValues(doc, operationSchemas(doc, operation));
        for (const field of fields) {
          if (!new RegExp(`[\`.\\]]${field}\``).test(markdown)) missing.push(`${slug} field ${field}`);
        }
        for (const value of values) if (!markdown.includes(`\`${value}\``)) missing.push(`${slug} value ${value}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

test.describe('Copy page as Markdown', () => {
  for (const path of ['/docs/getting-started/authentication', '/api/geo/']) {
    test(`copies the markdown of ${path}, from the keyboard`, async ({page, context, request, consoleErrors}) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(path);
      await hydrated(page);
      const button = page.getByRole('button', {name: 'Copy page as Markdown'});
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({hasText: 'Copied the page as Markdown.'})).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const markdownPath = markdownOf(path);
      expect(copied).toBe(await (await request.get(markdownPath)).text());
      await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', markdownPath);
      // Redoc's own console on the reference pages is e2e/reference.spec.ts's to check.
      if (!path.startsWith('/api/')) expect(consoleErrors).toEqual([]);
    });

    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        test(`has no serious or critical axe violations on ${path} (${mode}, ${width} px)`, async ({page}) => {
          await page.setViewportSize({width, height: 900});
          await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
          await page.goto(path);
          await hydrated(page);
          const control = page.locator('[data-copy-markdown]');
          await expect(control.getByRole('button', {name: 'Copy page as Markdown'})).toBeVisible();
          const results = await new AxeBuilder({page}).include('[data-copy-markdown]').analyze();
          const serious = results.violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map((violation) => violation.id);
          expect(serious).toEqual([]);
        });
      }
    }
  }
});
