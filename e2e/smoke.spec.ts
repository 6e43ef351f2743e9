/**
 * Every page of the sitemap: it loads with status 200, an h1 and no console error, and on a 390 px phone
 * nothing makes it scroll sideways.
 */
import type {APIRequestContext} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';

/** The paths of every page the sitemap lists. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  expect(paths.length).toBeGreaterThan(30);
  return paths;
}

test('every page in the sitemap loads with an h1 and no console error', async ({page, request, consoleErrors}) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  for (const path of await sitemapPaths(request)) {
    consoleErrors.length = 0;
    const response = await page.goto(path);
    await hydrated(page);
    if (response?.status() !== 200) problems.push(`${path}: HTTP ${response?.status()}`);
    if ((await page.locator('h1').count()) === 0) problems.push(`${path}: no h1`);
    await page.waitForLoadState('networkidle');
    for (const error of consoleErrors) problems.push(`${path}: console error: ${error}`);
  }
  expect(problems).toEqual([]);
});

test('no page in the sitemap is wider than a 390 px phone', async ({page, request}) => {
  test.setTimeout(600_000);
  const width = 390;
  await page.setViewportSize({width, height: 844});
  const wide: string[] = [];
  for (const path of await sitemapPaths(request)) {
    await page.goto(path);
    await hydrated(page);
    // The page's own width: what a reader scrolls sideways through (a table or code block that scrolls in
    // its own box does not count)
    const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrolled > width) wide.push(`${path}: ${scrolled} px`);
  }
  expect(wide).toEqual([]);
});
