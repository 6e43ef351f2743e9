import {devices, type Page} from '@playwright/test';
import {test, expect, holdScriptsContaining, hydrated} from './fixtures';

// A textbox until the search bar sets itself up on first focus, then a combobox.
const searchBox = (page: Page) => page.locator('nav.navbar input.navbar__search-input');
const suggestions = (page: Page) => page.getByRole('listbox').getByRole('option');

/** Waits until the search box is live: hydrated, its shortcut hint shown (the box's code loads on first use). */
async function searchReady(page: Page): Promise<void> {
  await hydrated(page);
  await expect(page.locator('nav.navbar kbd[class*="searchHint"]').first()).toBeVisible();
}

/**
 * Holds back the search box's code (website/src/theme/SearchBar loads it on first use), as a slow
 * connection would; the function returned lets it through.
 */
async function holdSearchCode(page: Page): Promise<() => void> {
  return holdScriptsContaining(page, 'autocomplete:selected');
}

async function typeQuery(page: Page, query: string): Promise<void> {
  await searchReady(page);
  // The box sets itself up (and starts loading the index) on first focus.
  await searchBox(page).focus();
  await expect(page.locator('nav.navbar input[role="combobox"]')).toBeAttached();
  await searchBox(page).fill(query);
  await expect(page.getByRole('listbox')).toBeVisible({timeout: 15_000});
}

/**
 * mod+k (website/config/search.ts): Control+k, shown "ctrl K", except on a Mac, where it is Meta+k
 * (command), shown "⌘ K"; the platform is the one the browser reports (its user agent). Pressed
 * before the box's code has loaded (the first press loads it) and again once the real box is in place.
 */
const shortcuts = [
  {platform: 'Windows', userAgent: devices['Desktop Chrome'].userAgent, keys: 'Control+k', hint: ['ctrl', 'K']},
  {
    platform: 'a Mac',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    keys: 'Meta+k',
    hint: ['⌘', 'K'],
  },
];
for (const {platform, userAgent, keys, hint} of shortcuts) {
  test.describe(`search shortcut on ${platform}`, () => {
    test.use({userAgent});

    test(`mod+k (${keys} here) focuses the search box, before and after its code has loaded`, async ({page}) => {
      await page.goto('/docs/intro');
      await searchReady(page);
      await expect(page.locator('nav.navbar kbd[class*="searchHint"]')).toHaveText(hint);
      await expect(searchBox(page)).not.toBeFocused();
      await page.keyboard.press(keys);
      await expect(searchBox(page)).toBeFocused();
      // The press loaded the real box, which takes over the focus and shows the same hint.
      await expect(page.locator('nav.navbar input[role="combobox"]')).toBeFocused({timeout: 15_000});
      await expect(page.locator('nav.navbar kbd[class*="searchHint"]')).toHaveText(hint);
      await searchBox(page).blur();
      await expect(searchBox(page)).not.toBeFocused();
      await page.keyboard.press(keys);
      await expect(page.locator('nav.navbar input[role="combobox"]')).toBeFocused();
    });
  });
}

test.describe('guide search', () => {
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

  test('the results page is limited to 50 results when more match', async ({page, request}) => {
    const query = 'price';
    // First, more than 50 documents of the index the page searches hold the word: the sections of the
    // guides, blog and reference (its content documents, each with a url and an anchor) whose text
    // has "price" as a whole word. The search also matches other forms (prices, priced), so at least
    // this many match.
    const index = (await (await request.get('/search-index.json')).json()) as {
      documents: {t: string; u: string; h?: string}[];
    }[];
    const holding = new Set(
      index
        .flatMap((part) => part.documents)
        .filter((document) => new RegExp(`\\b${query}\\b`, 'i').test(document.t))
        .map((document) => `${document.u}${document.h ?? ''}`),
    );
    expect(holding.size).toBeGreaterThan(50);
    await page.goto(`/search?q=${query}`);
    await hydrated(page);
    await expect(page.getByText('50 documents found')).toBeVisible({timeout: 15_000});
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

  test('what is typed before the search box has loaded its code is kept and searched', async ({page}) => {
    // The box's code is held back until the reader has typed.
    const release = await holdSearchCode(page);
    await page.goto('/docs/intro');
    await hydrated(page);
    await searchBox(page).click();
    await page.keyboard.type('rate limits');
    await expect(searchBox(page)).toHaveValue('rate limits');
    await expect(page.locator('nav.navbar input[role="combobox"]')).toHaveCount(0);
    release();
    await expect(page.locator('nav.navbar input[role="combobox"]')).toBeFocused({timeout: 15_000});
    await expect(searchBox(page)).toHaveValue('rate limits');
    await expect(suggestions(page).filter({hasText: 'Rate limits'}).first()).toBeVisible({timeout: 15_000});
  });

  test("keys typed while the search box's code arrives are all kept, in order", async ({page}) => {
    // The box's code is held back until the reader has typed part of a query, then released while
    // the reader goes on typing: every key lands in one box or the other (website/src/theme/SearchBar).
    const release = await holdSearchCode(page);
    await page.goto('/docs/intro');
    await searchReady(page);
    await searchBox(page).click();
    await page.keyboard.type('rate');
    release();
    await page.keyboard.type(' limits');
    await expect(page.locator('nav.navbar input[role="combobox"]')).toBeFocused({timeout: 15_000});
    await expect(searchBox(page)).toHaveValue('rate limits');
    await expect(suggestions(page).filter({hasText: 'Rate limits'}).first()).toBeVisible({timeout: 15_000});
  });

  test('a query with no hits shows "No results"', async ({page}) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    await typeQuery(page, 'xylophonequartz');
    await expect(page.getByRole('listbox')).toContainText('No results');
  });
});

test.describe('reference search', () => {
  /**
   * Each query with the operations it may land on, written out from the specifications: the
   * operations whose id or path holds the text, or that take or return a field or enum value of that
   * name. An operation's entry opens Redoc's anchor `#tag/<Tag>/operation/<id>`; its "fields and
   * values" entry opens Redoc's shorter anchor for the same operation, `#operation/<id>`.
   */
  const queries: Record<string, string[]> = {
    itineraryrefresh: [
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateItineraryRefresh',
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_PollItineraryRefresh',
    ],
    CreateSearch: [
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateSearch',
      '/api/carhire-live-pricing/#tag/CarHireService/operation/CarHireService_CreateSearch',
      '/api/hotels-live/#tag/HotelsService/operation/HotelsService_CreateSearch',
    ],
    driverAge: ['/api/carhire-live-pricing/#tag/CarHireService/operation/CarHireService_CreateSearch'],
    initialPageSize: ['/api/hotels-live/#tag/HotelsService/operation/HotelsService_CreateSearch'],
    childrenAges: [
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateSearch',
      '/api/hotels-live/#tag/HotelsService/operation/HotelsService_CreateSearch',
    ],
    CABIN_CLASS_PREMIUM_ECONOMY: [
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateSearch',
    ],
    PRICE_UNIT_MILLI: [
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateSearch',
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_PollSearch',
      '/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_PollItineraryRefresh',
      '/api/flights-indicative/#tag/FlightsIndicativeService/operation/FlightsIndicativeService_SearchFlights',
      '/api/carhire-live-pricing/#tag/CarHireService/operation/CarHireService_CreateSearch',
      '/api/carhire-live-pricing/#tag/CarHireService/operation/CarHireService_PollSearch',
      '/api/carhire-indicative/#tag/CarHireIndicativeService/operation/CarHireIndicativeService_Search',
      '/api/hotels-live/#tag/HotelsService/operation/HotelsService_CreateSearch',
      '/api/hotels-live/#tag/HotelsService/operation/HotelsService_PollSearch',
      '/api/hotels-indicative/#tag/HotelsIndicativeService/operation/HotelsIndicativeService_Search',
    ],
  };

  test('"itineraryrefresh" suggests each refresh call once, and not their tag beside them', async ({page}) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    await typeQuery(page, 'itineraryrefresh');
    // A tag's entry holds its description only (src/plugins/apiReference/theme/ApiReference/Outline.tsx)
    const reference = suggestions(page).filter({hasText: / v\d+ ›/});
    await expect(reference).toHaveCount(2);
    await expect(reference.filter({hasText: 'CreateItineraryRefresh'})).toHaveCount(1);
    await expect(reference.filter({hasText: 'PollItineraryRefresh'})).toHaveCount(1);
  });

  for (const [query, expected] of Object.entries(queries)) {
    test(`"${query}" suggests a reference entry that lands on its operation`, async ({page}) => {
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
      const operation = expected.find(
        (anchor) => anchor === landed || anchor.replace(/#tag\/[^/]+\/operation\//, '#operation/') === landed,
      );
      expect(operation, `${landed} is not one of the expected operations`).toBeDefined();
      await expect(page.locator('.redoc-wrap')).toBeVisible({timeout: 30_000});
      // Redoc has scrolled to that operation's section.
      const section = (operation ?? '').split('#')[1];
      await expect(page.locator(`[data-section-id="${section}"]`).first()).toBeInViewport({timeout: 15_000});
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
    // The search has answered (suggestions or "No results"), so the query has been rendered.
    await expect(page.getByRole('listbox').getByRole('option').or(page.getByText('No results')).first()).toBeVisible();
    await expect(searchBox(page)).toHaveValue(attack);
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
    // The search has answered, so the results (with the query's words in them) have been rendered.
    await expect(page.getByText(/\d+ documents? found|No documents were found/)).toBeVisible({timeout: 15_000});
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});
