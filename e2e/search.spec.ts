import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {apis} from '../website/config/apis';
import {hasReference} from '../website/config/availability';
import {outlineOf} from '../website/src/plugins/apiReference/outline';
import {test, expect, hydrated} from './fixtures';

// A textbox until the search bar sets itself up on first focus, then a combobox.
const searchBox = (page: Page) => page.locator('nav.navbar input.navbar__search-input');
const suggestions = (page: Page) => page.getByRole('listbox').getByRole('option');

/** Waits until the search bar has mounted (its shortcut hint shows), after hydration. */
async function searchReady(page: Page): Promise<void> {
  await hydrated(page);
  await expect(page.locator('nav.navbar kbd[class*="searchHint"]').first()).toBeVisible();
}

async function typeQuery(page: Page, query: string): Promise<void> {
  await searchReady(page);
  // The box sets itself up (and starts loading the index) on first focus.
  await searchBox(page).focus();
  await expect(page.locator('nav.navbar input[role="combobox"]')).toBeAttached();
  await searchBox(page).fill(query);
  await expect(page.getByRole('listbox')).toBeVisible({timeout: 15_000});
}

/** Every reference operation whose outline entry holds the term (operation id, path, field or enum value). */
function anchorsHolding(term: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const api of apis.filter(hasReference)) {
    const spec = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '..', 'specs', 'dist', 'openapi', `${api.slug}.json`), 'utf8'),
    );
    const outline = outlineOf(api, spec);
    const lower = term.toLowerCase();
    const holds = (names: string[]) => names.some((name) => name.toLowerCase() === lower);
    for (const operation of outline.tags.flatMap((tag) => tag.operations)) {
      if (
        operation.operationId.toLowerCase().includes(lower) ||
        operation.path.toLowerCase().includes(lower) ||
        holds(operation.fields) ||
        holds(operation.values)
      ) {
        found.set(`/api/${api.slug}/#${operation.anchor}`, api.slug);
        found.set(`/api/${api.slug}/#operation/${operation.operationId}`, api.slug);
      }
    }
  }
  return found;
}

test.describe('guide search', () => {
  test('mod+k (Control+K here) focuses the search box', async ({page}) => {
    await page.goto('/docs/intro');
    await searchReady(page);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
  });

  test('offers at most 8 suggestions', async ({page}) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    await typeQuery(page, 'price');
    await expect(suggestions(page)).toHaveCount(8);
  });

  test('"See all" opens /search with q and ctx, and the results page searches that context', async ({page}) => {
    await page.goto('/blog');
    await hydrated(page);
    await typeQuery(page, 'the');
    const seeAll = page.getByRole('listbox').getByRole('link', {name: /See all results/});
    const href = new URL((await seeAll.getAttribute('href')) ?? '', 'http://localhost');
    expect(href.pathname).toMatch(/^\/search\/?$/);
    expect(href.searchParams.get('q')).toBe('the');
    expect(href.searchParams.get('ctx')).toBe('blog');
    // `version` is added for versioned docs only; this site has one version of its docs.
    expect(href.searchParams.has('version')).toBe(false);
    await seeAll.click();
    await expect(page).toHaveURL(/\/search\/?\?q=the&ctx=blog/);
    const results = page.locator('.main-wrapper article');
    await expect(page.getByText(/\d+ documents? found/)).toBeVisible({timeout: 15_000});
    // Searched within the blog context: every result is a blog page.
    const paths = await results.locator('h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length).toBeLessThanOrEqual(50);
    expect(paths.filter((href) => !href?.startsWith('/blog/'))).toEqual([]);
  });

  test('the results page is limited to 50 results when more match', async ({page}) => {
    await page.goto('/search?q=the');
    await hydrated(page);
    await expect(page.locator('.main-wrapper article').first()).toBeVisible({timeout: 15_000});
    await expect(page.locator('.main-wrapper article')).toHaveCount(50);
  });

  test('choosing a hit opens the page at its heading with the terms highlighted', async ({page}) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    await typeQuery(page, 'exponential backoff');
    await suggestions(page).filter({hasText: 'Rate limits'}).first().click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/rate-limits\?_highlight=exponential&_highlight=backoff#/);
    const anchor = decodeURIComponent(new URL(page.url()).hash.slice(1));
    await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();
    await expect(page.locator('article mark').first()).toBeVisible();
    expect((await page.locator('article mark').first().textContent())?.toLowerCase()).toMatch(/exponential|backoff/);
  });

  test('the shallow-link and baggage pages are not in the index', async ({page, request}) => {
    const index = JSON.stringify(await (await request.get('/search-index.json')).json());
    expect(index).not.toContain('/docs/shallow-link');
    expect(index).not.toContain('/docs/baggage-and-additional-attributes');
    expect(index).toContain('/docs/getting-started/rate-limits');
    await page.goto('/docs/intro');
    await hydrated(page);
    await typeQuery(page, 'shallow link');
    const hrefs = await page
      .getByRole('listbox')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => href.includes('/docs/shallow-link'))).toEqual([]);
  });

  test('a query with no hits shows "No results"', async ({page}) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    await typeQuery(page, 'xylophonequartz');
    await expect(page.getByRole('listbox')).toContainText('No results');
  });
});

test.describe('reference search', () => {
  const queries = [
    'itineraryrefresh',
    'CreateSearch',
    'driverAge',
    'initialPageSize',
    'childrenAges',
    'CABIN_CLASS_PREMIUM_ECONOMY',
    'PRICE_UNIT_MILLI',
  ];

  for (const query of queries) {
    test(`"${query}" suggests a reference entry that lands on its operation or schema`, async ({page}) => {
      const expected = anchorsHolding(query);
      expect(expected.size, `no specification holds ${query}`).toBeGreaterThan(0);
      await page.goto('/docs/intro');
      await hydrated(page);
      await typeQuery(page, query);
      // Reference entries are under an API's title and version, e.g. "Flights Live Pricing v3 › …".
      const entry = suggestions(page)
        .filter({hasText: / v\d+( ›|$)/})
        .first();
      await expect(entry).toBeVisible();
      await entry.click();
      await expect(page).toHaveURL(/\/api\/[a-z-]+\/\?_highlight=.*#/);
      const url = new URL(page.url());
      const landed = `${url.pathname}#${decodeURIComponent(url.hash.slice(1))}`;
      expect([...expected.keys()]).toContain(landed);
      await expect(page.locator('.redoc-wrap')).toBeVisible({timeout: 30_000});
      await expect(page.locator(`[data-section-id="${decodeURIComponent(url.hash.slice(1))}"]`).first()).toBeInViewport(
        {
          timeout: 15_000,
        },
      );
    });
  }
});

test.describe('markup in a query', () => {
  const attack = '<img src=x onerror=alert(1)>';

  test('typed in the box, it is shown as text and never executed', async ({page}) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto('/docs/intro');
    await typeQuery(page, attack);
    await page.waitForTimeout(1500);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('in /search?q=, it is shown as text and never executed', async ({page}) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto(`/search?q=${encodeURIComponent(attack)}`);
    await hydrated(page);
    await expect(page.locator('h1')).toContainText(attack);
    await page.waitForTimeout(1500);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});
