import AxeBuilder from '@axe-core/playwright';
import {expect, hydrated, test} from './fixtures';

/** The change log (/docs/change-log) and its feeds (website/src/plugins/changelog). */

test('the change log lists the releases of the specifications, breaking changes flagged', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/docs/change-log');
  await hydrated(page);
  await expect(page.locator('h1')).toHaveText('Change log');
  await expect(page.locator('h3#release-2026-11-23')).toContainText('2026-11-23');
  await expect(page.locator('h3#release-2026-11-24')).toContainText('2026-11-24');
  // The hotels live poll body's `filters` became a list: a breaking change, in the open list under the tally.
  const hotelsLive = page.locator('h4#release-2026-11-24-hotels-live + p + ul');
  await expect(hotelsLive.locator('> li', {hasText: 'type definition of filters'})).toContainText('Breaking:');
  await expect(hotelsLive.locator('> li > strong', {hasText: 'Breaking:'}).first()).toBeVisible();
  await expect(hotelsLive.locator('li', {hasText: /^(Non-breaking|Documentation):/})).toHaveCount(0);
  // The other changes, by operation, are behind a closed disclosure that the summary opens.
  const others = page.locator('h4#release-2026-11-24-hotels-live + p + ul + details');
  await expect(others).not.toHaveAttribute('open');
  const summary = others.locator('> summary');
  await expect(summary).toHaveText(/^The other \d+ changes, by operation$/);
  const operation = others.locator('> ul > li').first();
  await expect(operation).toBeHidden();
  await summary.click();
  await expect(others).toHaveAttribute('open', '');
  await expect(operation).toBeVisible();
  await expect(operation.locator('> code')).toHaveText(/^(GET|POST) \/apiservices\/v\d\/hotels\//);
  await summary.click();
  await expect(operation).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test("the change log's closed lists open without JavaScript", async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/docs/change-log');
  const others = page.locator('h4#release-2026-11-24-hotels-live + p + ul + details');
  const operation = others.locator('> ul > li').first();
  await expect(operation).toBeHidden();
  await others.locator('> summary').click();
  await expect(operation).toBeVisible();
  await context.close();
});

test('the change log links its RSS and Atom feeds, in the page and in its head', async ({page, request}) => {
  await page.goto('/docs/change-log');
  for (const [type, file] of [
    ['application/rss+xml', 'rss.xml'],
    ['application/atom+xml', 'atom.xml'],
  ]) {
    const href = `/docs/change-log/${file}`;
    await expect(page.locator(`head link[rel="alternate"][type="${type}"][href="${href}"]`)).toHaveCount(1);
    await expect(page.locator(`article a[href="${href}"]`)).toHaveCount(1);
    const answer = await request.get(href);
    expect(answer.status(), href).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/xml/);
  }
});

test('the feeds are valid XML with an item per dated entry, each opening its section', async ({page, request}) => {
  await page.goto('/docs/change-log');
  // The dated entries a reader sees: an h3 under a dated h2, or an h3 whose own title starts with a date.
  const entries = await page.locator('article .theme-doc-markdown').evaluate((article) => {
    let dated = false;
    const ids: string[] = [];
    for (const element of Array.from(article.children)) {
      if (element.tagName === 'H2') dated = /^\d{4}-\d{2}-\d{2}/.test(element.textContent ?? '');
      if (element.tagName === 'H3' && (dated || /^\d{4}-\d{2}-\d{2}/.test(element.textContent ?? ''))) {
        ids.push(element.id);
      }
    }
    return ids;
  });
  expect(entries).toContain('release-2026-11-24');
  expect(entries).toContain('the-documentation-portal-launches');
  for (const [file, itemTag] of [
    ['rss.xml', 'item'],
    ['atom.xml', 'entry'],
  ] as const) {
    const xml = await (await request.get(`/docs/change-log/${file}`)).text();
    const parsed = await page.evaluate(
      ({xml: text, itemTag: tag}) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          titles: Array.from(doc.getElementsByTagName(tag)).map(
            (item) => item.querySelector('title')?.textContent ?? '',
          ),
          links: Array.from(doc.getElementsByTagName(tag)).map((item) =>
            tag === 'item'
              ? (item.querySelector('link')?.textContent ?? '')
              : (item.querySelector('link')?.getAttribute('href') ?? ''),
          ),
        };
      },
      {xml, itemTag},
    );
    expect(parsed.error, file).toBeNull();
    expect(parsed.titles, file).toContain('2026-11-23: The documentation portal launches');
    expect(
      parsed.titles.some((title) => title.startsWith('2026-11-23: The thirteen specifications')),
      file,
    ).toBe(true);
    // One item per dated entry of the page, each linking to its section.
    expect(parsed.links.map((link) => new URL(link).hash.slice(1)).sort(), file).toEqual([...entries].sort());
    expect(
      parsed.links.every((link) => new URL(link).pathname === '/docs/change-log'),
      file,
    ).toBe(true);
  }
});

for (const mode of ['light', 'dark'] as const) {
  test(`the change log has no serious or critical axe violations (${mode})`, async ({page}) => {
    // The longest page of the site (every release of every specification): axe takes close to the default
    // 60 s on it on a busy 2-core machine, so this test has three times that
    test.slow();
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.goto('/docs/change-log');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const results = await new AxeBuilder({page}).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
