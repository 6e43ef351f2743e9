import {test, expect, hydrated} from './fixtures';

test('every page in the sitemap loads with an h1 and no console error', async ({page, request, consoleErrors}) => {
  test.setTimeout(600_000);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  expect(paths.length).toBeGreaterThan(30);
  const problems: string[] = [];
  for (const path of paths) {
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
