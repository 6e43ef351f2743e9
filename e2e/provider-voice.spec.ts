/**
 * The provider's voice on the built site (test-utils/partnerWords.ts): no page of the sitemap, no
 * markdown twin and not llms-full.txt speaks of "the published documentation" or of what "the
 * documentation" does not say as someone else's, says "Assumption", or hands partners the provider's
 * set-up (npm scripts, a clone, what the build was told, `security: []`). And the one marker that
 * replaces all that: a "Not confirmed" box at its anchor, with what to do and without the reason its
 * source keeps for the docs team, reached by the links other pages have to it.
 */
import type {APIRequestContext} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';
import {unwelcomeWords} from '@portal/test-utils/partnerWords';

const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

/** The text a reader gets from a page's HTML: its elements' text, one line per block, without scripts and styles. */
function pageText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<(br|\/p|\/li|\/h\d|\/div|\/tr|\/pre|\/blockquote|\/td|\/th)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    });
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

test("no page of the site speaks of the documentation as someone else's, or of the provider's set-up", async ({
  request,
}) => {
  test.setTimeout(300_000);
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(100);
  const found: string[] = [];
  let boxes = 0;
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const text = pageText(await response.text());
    boxes += text.split('Not confirmed').length - 1;
    found.push(...unwelcomeWords(path, text));
  }
  // The statements are still there, marked
  expect(boxes).toBeGreaterThan(30);
  expect(found).toEqual([]);
});

test('no markdown twin, nor llms.txt or llms-full.txt, does either', async ({request}) => {
  test.setTimeout(300_000);
  const llms = await (await request.get('/llms.txt')).text();
  const twins = [...llms.matchAll(/\]\(([^)\s]+\.md)\)/g)].map((match) => new URL(match[1], 'http://x').pathname);
  expect(twins.length).toBeGreaterThan(80);
  const full = await (await request.get('/llms-full.txt')).text();
  expect(full.length).toBeGreaterThan(100_000);
  expect(full).toContain('**Not confirmed**');
  const found = [...unwelcomeWords('/llms.txt', llms), ...unwelcomeWords('/llms-full.txt', full)];
  for (const twin of new Set(twins)) {
    const response = await request.get(twin);
    expect(response.status(), twin).toBe(200);
    found.push(...unwelcomeWords(twin, await response.text()));
  }
  expect(found).toEqual([]);
});

test('a link marked "not confirmed" leads to the one box that says it, with what to do and without its reason', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/docs/getting-started/authentication');
  await hydrated(page);
  const row = page.getByRole('row', {name: /^403 /});
  await row.getByRole('link', {name: 'Not confirmed'}).click();
  await expect(page).toHaveURL(/\/docs\/getting-started\/errors#forbidden-cause$/);
  const box = page.locator('#forbidden-cause');
  await expect(box).toHaveRole('note');
  await expect(box).toHaveAccessibleName('Not confirmed');
  await expect(box).toBeInViewport();
  await expect(box).toContainText('ask your account manager to enable the API for your key');
  // Its reason is for the docs team (website/NOT-CONFIRMED.md), not for the page
  await expect(box).not.toContainText(/Why|published documentation|gives no cause/);
  expect(consoleErrors).toEqual([]);
});
