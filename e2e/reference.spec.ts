import type {APIRequestContext, Page, Response} from '@playwright/test';
import {httpMethods, loadBundle, operations} from '@portal/specs/node';
import {apis, checkApi, referencePath} from '@portal/website/config/apis';
import {seedApis} from '@portal/test-utils/seed';
import {
  test,
  expect,
  axeViolations,
  checkedWidths,
  hydrated,
  openedConsole,
  operationSummary,
  redocReady,
} from './fixtures';

/** Each operation of an API (its operationId and first tag), from the specification the site serves. */
async function servedOperations(request: APIRequestContext, slug: string): Promise<{id: string; tag: string}[]> {
  const response = await request.get(`/openapi/${slug}.json`);
  expect(response.status()).toBe(200);
  const spec = (await response.json()) as {
    paths: Record<string, Record<string, {operationId?: string; tags?: string[]}>>;
  };
  return Object.values(spec.paths).flatMap((item) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      return operation?.operationId ? [{id: operation.operationId, tag: operation.tags?.[0] ?? ''}] : [];
    }),
  );
}

test('every reference page shows one Try it button per operation from the first paint, before Redoc loads', async ({
  page,
  request,
}) => {
  for (const seed of seedApis) {
    const operations = await servedOperations(request, seed.slug);
    expect(operations.length, seed.slug).toBeGreaterThan(0);
    await page.goto(seed.route);
    await hydrated(page);
    const slot = page.getByTestId('redoc-container');
    await expect(slot.getByRole('button', {name: /^Try it: /})).toHaveCount(operations.length);
    for (const operation of operations) {
      // Under the operation's own heading, in its section.
      const section = slot.locator(`[data-section-id$="/operation/${operation.id}"]`);
      await expect(
        section.getByRole('button', {name: `Try it: ${operationSummary(operation.id)}`, exact: true}),
      ).toHaveCount(1);
    }
    // No interaction yet: this is the build's markup, not Redoc's script.
    await expect(slot).toHaveAttribute('data-state', 'static');
  }
});

test('the first click on a Try it button opens the console for its operation, before Redoc has loaded', async ({
  page,
  request,
  consoleErrors,
}) => {
  const operations = await servedOperations(request, 'culture');
  const operation = operations[operations.length - 1].id;
  await page.goto('/api/culture/');
  await hydrated(page);
  const slot = page.getByTestId('redoc-container');
  await expect(slot).toHaveAttribute('data-state', 'static');
  await page.getByRole('button', {name: `Try it: ${operationSummary(operation)}`, exact: true}).click();
  const dialog = await openedConsole(page, operation);
  await expect(page).toHaveURL((url) => url.searchParams.get('try') === operation);
  // Redoc, which the click woke, hydrated the same buttons: still one per operation.
  await expect(slot).toHaveAttribute('data-state', 'interactive', {timeout: 30_000});
  await expect(dialog).toBeVisible();
  await expect(slot.getByRole('button', {name: /^Try it: /})).toHaveCount(operations.length);
  expect(consoleErrors).toEqual([]);
});

test('before Redoc has loaded, Tab reaches an operation’s Try it button and Enter opens the console', async ({
  page,
  request,
}) => {
  const [operation] = await servedOperations(request, 'culture');
  await page.goto('/api/culture/');
  await hydrated(page);
  await expect(page.getByTestId('redoc-container')).toHaveAttribute('data-state', 'static');
  // From the operation's heading link, the next Tab stop is its Try it button.
  await page.locator(`[data-section-id$="/operation/${operation.id}"] h2 a`).first().focus();
  await page.keyboard.press('Tab');
  const tryIt = page.getByRole('button', {name: `Try it: ${operationSummary(operation.id)}`, exact: true});
  await expect(tryIt).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = await openedConsole(page, operation.id);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tryIt).toBeFocused();
});

test('nothing in view moves when Redoc hydrates the reference: no layout shift', async ({page, request}) => {
  // Every layout shift of the page, with its time; `takeRecords` hands over those not yet reported.
  await page.addInitScript(() => {
    const shifts: {value: number; time: number}[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {value: number; hadRecentInput: boolean})[]) {
        if (!entry.hadRecentInput) shifts.push({value: entry.value, time: entry.startTime});
      }
    });
    observer.observe({type: 'layout-shift', buffered: true});
    Object.assign(window, {layoutShifts: () => (observer.takeRecords(), shifts)});
  });
  const layoutShiftsSince = (since: number) =>
    page.evaluate(
      (time) =>
        (window as unknown as {layoutShifts: () => {value: number; time: number}[]})
          .layoutShifts()
          .filter((shift) => shift.time >= time),
      since,
    );
  // An operation in view: the page opened at its anchor, as a partner's deep link does.
  const operations = await servedOperations(request, 'culture');
  const operation = operations[Math.min(1, operations.length - 1)];
  await page.goto(`/api/culture/#tag/${operation.tag}/operation/${operation.id}`);
  await hydrated(page);
  const slot = page.getByTestId('redoc-container');
  await expect(slot).toHaveAttribute('data-state', 'static');
  const tryIt = page.getByRole('button', {name: `Try it: ${operationSummary(operation.id)}`, exact: true});
  await expect(tryIt).toBeInViewport();
  const place = () =>
    tryIt.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {top: box.top + window.scrollY, left: box.left, width: box.width, height: box.height};
    });
  const before = await place();
  const start = await page.evaluate(() => performance.now());
  // The reader's first intent: Redoc's script and the specification load, and Redoc hydrates.
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  await expect(slot).toHaveAttribute('data-state', 'interactive', {timeout: 30_000});
  // Two frames drawn after hydration, so any shift it caused has been laid out and recorded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await layoutShiftsSince(start)).toEqual([]);
  await expect(slot.getByRole('button', {name: /^Try it: /})).toHaveCount(operations.length);
  expect(await place()).toEqual(before);
});

for (const seed of seedApis) {
  const api = apis.find((entry) => entry.slug === seed.slug)!;
  test(`${seed.route} renders the ${api.title} reference with the seed's Redoc options`, async ({
    page,
    consoleErrors,
  }) => {
    const outsideRequests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://127.0.0.1')) outsideRequests.push(request.url());
    });
    await page.goto(seed.route);
    await redocReady(page);
    const spec = loadBundle(seed.slug);
    await expect(page.locator('.redoc-wrap h1').first()).toContainText(spec.info.title);
    // Every call of the seed is an operation of the spec, in the menu and with its section.
    const specOperations = operations(seed.slug, spec);
    expect(specOperations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(
      [...seed.calls].sort(),
    );
    for (const operation of specOperations) {
      await expect(page.locator(`[data-section-id$="/operation/${operation.operationId}"]`)).toHaveCount(1);
    }
    // Search box disabled, download button hidden, host name hidden.
    await expect(page.locator('.redoc-wrap [role="search"], .redoc-wrap input[placeholder="Search..."]')).toHaveCount(
      0,
    );
    await expect(page.locator('.redoc-wrap').getByText('Download', {exact: true})).toHaveCount(0);
    await expect(page.locator('.redoc-wrap')).not.toContainText('your-api-host');
    expect(outsideRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test("the check's own API has its reference page, with every operation and no Try it", async ({
  page,
  consoleErrors,
}) => {
  const spec = loadBundle(checkApi.slug);
  await page.goto(referencePath(checkApi));
  await expect(page.getByRole('heading', {level: 1, name: 'Integration check API (v1)'})).toBeVisible();
  const slot = page.getByTestId('redoc-container');
  for (const operation of operations(checkApi.slug, spec))
    await expect(slot.locator(`[data-section-id$="/operation/${operation.operationId}"]`)).toHaveCount(1);
  await expect(slot.locator('[data-tryit]')).toHaveCount(0);
  await redocReady(page);
  await expect(slot.locator('[data-tryit]')).toHaveCount(0);
  // Its specification is served beside the others'
  expect((await page.request.get('/openapi/check-api.json')).ok()).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('without JavaScript, the page shows the whole reference: every operation, its fields and samples', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/api/flights-live-pricing/');
  const spec = loadBundle('flights-live-pricing');
  await expect(page.locator('h1').first()).toContainText(spec.info.title);
  for (const operation of operations('flights-live-pricing', spec)) {
    const section = page.locator(`[id="tag/FlightsService/operation/${operation.operationId}"]`);
    await expect(section).toContainText(operation.summary!);
  }
  const create = page.locator('[id="tag/FlightsService/operation/FlightsService_CreateSearch"]');
  await expect(create).toContainText('/apiservices/v3/flights/live/search/create');
  await expect(create).toContainText('Request samples');
  await expect(create.getByText('query', {exact: true}).first()).toBeVisible();
  // The Try it buttons are in the markup, but hidden: without JavaScript they could not open the console.
  await expect(page.locator('[data-tryit]')).toHaveCount(operations('flights-live-pricing', spec).length);
  await expect(page.getByRole('button', {name: /^Try it/})).toHaveCount(0);
  await context.close();
});

test("Redoc's script and the specification load only when the reader reaches for the reference", async ({page}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/api/geo/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('redoc-container')).toHaveAttribute('data-state', 'static');
  expect(requests.filter((path) => path.startsWith('/openapi/'))).toEqual([]);
  const before = requests.length;
  await page.mouse.move(600, 400);
  await expect(page.getByTestId('redoc-container')).toHaveAttribute('data-state', 'interactive');
  expect(requests.slice(before)).toContain('/openapi/geo.json');
  // Hydrated in place: the operations are the same elements, now interactive (Try it buttons added).
  await expect(
    page.getByRole('button', {name: `Try it: ${operationSummary('GeoService_ListPlaces')}`, exact: true}),
  ).toBeVisible();
});

test('reached by a link inside the site, the reference renders in the browser at once', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/docs/intro');
  await hydrated(page);
  // A link the site renders, so the router handles it: the navbar's API reference menu.
  const menu = page.locator('.navbar__item.dropdown').filter({hasText: 'API reference'});
  await menu.hover();
  await menu.getByRole('link', {name: 'Carriers', exact: true}).click();
  await expect(page).toHaveURL(/\/api\/carriers\/$/);
  await expect(page.getByTestId('redoc-container')).toHaveAttribute('data-state', 'interactive', {timeout: 30_000});
  await expect(page.locator('.redoc-wrap h1').first()).toContainText('Carriers');
  expect(consoleErrors).toEqual([]);
});

test('the specification is served as /openapi/<slug>.json', async ({request}) => {
  for (const seed of seedApis) {
    const response = await request.get(`/openapi/${seed.slug}.json`);
    expect(response.status()).toBe(200);
    expect((await response.json()).openapi).toBe('3.1.0');
  }
});

test('a deep link to an operation opens the page at that operation on first load', async ({page, consoleErrors}) => {
  const anchor = 'tag/FlightsService/operation/FlightsService_PollItineraryRefresh';
  await page.goto(`/api/flights-live-pricing/#${anchor}`);
  await redocReady(page);
  const section = page.locator(`[data-section-id="${anchor}"]`);
  await expect(section).toBeInViewport({timeout: 15_000});
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  expect(consoleErrors).toEqual([]);
});

test('the static page renders only the operations near the screen; once live, the menu lands on the operation chosen', async ({
  page,
}) => {
  const anchor = 'tag/FlightsService/operation/FlightsService_CreateItineraryRefresh';
  const section = page.locator(`[data-section-id="${anchor}"]`);
  const visibility = () => section.evaluate((element) => getComputedStyle(element).contentVisibility);
  // At the first operation, so that the menu shows its tag's operations.
  await page.goto('/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateSearch');
  await hydrated(page);
  // Before Redoc: an operation far below the first screen is skipped until it nears the viewport.
  await expect(page.getByTestId('redoc-container')).toHaveAttribute('data-state', 'static');
  expect(await visibility()).toBe('auto');
  await redocReady(page);
  expect(await visibility()).toBe('visible');
  // Redoc's menu scrolls by computed positions: every operation above the target has its real height.
  await page
    .locator('.menu-content label')
    .filter({hasText: /Refresh an itinerary/})
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
  await expect
    .poll(async () => Math.round((await section.boundingBox())?.y ?? -1), {timeout: 10_000})
    .toBeGreaterThanOrEqual(0);
  await expect.poll(async () => Math.round((await section.boundingBox())?.y ?? -1)).toBeLessThan(120);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the reference is readable in ${mode} mode, from the first paint`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.route('**/openapi/*.json', () => new Promise(() => undefined));
    await page.goto('/api/flights-indicative/');
    const heading = page.locator('h1').first();
    // The colour behind the heading: the first ancestor with an opaque background (else the white canvas).
    const background = await heading.evaluate((node) => {
      for (let element: Element | null = node; element; element = element.parentElement) {
        const colour = getComputedStyle(element).backgroundColor;
        if (!/rgba\(.*, 0\)$|transparent/.test(colour)) return colour;
      }
      return 'rgb(255, 255, 255)';
    });
    const text = await heading.evaluate((node) => getComputedStyle(node).color);
    expect(await page.locator('html').getAttribute('data-theme')).toBe(mode);
    // Dark text on a light page, light text on a dark page.
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    if (mode === 'dark') expect(luminance(text)).toBeGreaterThan(luminance(background) + 100);
    else expect(luminance(background)).toBeGreaterThan(luminance(text) + 100);
    await page.unroute('**/openapi/*.json');
  });

  test(`every code sample language of an operation reads and scrolls from the keyboard (${mode})`, async ({page}) => {
    // The languages come from the bundle's x-codeSamples (specs/lib/codeSamples.ts writes ten).
    const doc = loadBundle('flights-live-pricing');
    const create = operations('flights-live-pricing', doc).find(
      (operation) => operation.operationId === 'FlightsService_CreateSearch',
    )!;
    const samples = (create as unknown as {'x-codeSamples': {label: string}[]})['x-codeSamples'];
    expect(samples).toHaveLength(10);
    // Ten axe checks on the biggest reference: over a minute on a busy 2-core machine.
    test.setTimeout(120_000);
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.goto('/api/flights-live-pricing/#operation/FlightsService_CreateSearch');
    await redocReady(page);
    const section = page.locator('[data-section-id="operation/FlightsService_CreateSearch"]');
    for (const sample of samples) {
      await section.getByRole('tab', {name: sample.label, exact: true}).click();
      const code = section.getByRole('tabpanel').locator('pre').first();
      await expect(code).toHaveAttribute('tabindex', '0');
      expect(
        await axeViolations(page, {
          include: '[data-section-id="operation/FlightsService_CreateSearch"] [role=tabpanel]',
        }),
        sample.label,
      ).toEqual([]);
    }
  });
}

/**
 * Opens every response of the reference (Redoc opens only the 200s) and expands every schema tree two
 * levels deep, as a reader clicks them: so the nested properties show on both of Redoc's nested
 * backgrounds, which alternate level by level. Each round clicks what the last one revealed and waits
 * until Redoc has drawn it. Returns how many responses and fields it opened.
 */
async function expandSections(page: Page): Promise<{responses: number; fields: number}> {
  return page.getByTestId('redoc-container').evaluate(async (slot) => {
    const drawn = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const responses = Array.from(slot.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]'));
    for (const button of responses) button.click();
    await drawn();
    let fields = 0;
    for (let level = 0; level < 2; level++) {
      // A field's expand button; an expanded field's row is followed by the row of its properties.
      const collapsed = Array.from(slot.querySelectorAll<HTMLButtonElement>('button[aria-label^="expand "]')).filter(
        (button) => !button.closest('tr')?.nextElementSibling?.querySelector(':scope > td[colspan]'),
      );
      for (const button of collapsed) button.click();
      fields += collapsed.length;
      await drawn();
    }
    return {responses: responses.length, fields};
  });
}

for (const mode of ['light', 'dark'] as const) {
  for (const {name: width, viewport} of checkedWidths) {
    test.describe(`at ${width} (${mode})`, () => {
      test.use({viewport});

      // Every reference page: the thirteen APIs' and the portal's own (the check's API)
      for (const route of [...seedApis.map((seed) => seed.route), referencePath(checkApi)]) {
        test(`${route}, its sections expanded, has no serious or critical axe violations`, async ({page}) => {
          // axe on the biggest reference, expanded, takes most of a minute on a busy 2-core machine.
          test.setTimeout(120_000);
          await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
          await page.goto(route);
          await redocReady(page);
          const opened = await expandSections(page);
          const slot = page.getByTestId('redoc-container');
          // Every response open, and nested properties showing.
          expect(opened.responses + opened.fields).toBeGreaterThan(0);
          await expect(slot.locator('button[aria-expanded="false"]')).toHaveCount(0);
          await expect(slot.locator('td[colspan] > div').first()).toBeVisible();
          expect(await axeViolations(page, {always: ['heading-order']})).toEqual([]);
        });
      }
    });
  }
}

/**
 * Every nested schema level of the deepest schema, expanded all the way: in dark mode each sits on one of
 * the mode's two backgrounds, the nested one and the page's, alternating level by level (Redoc's white
 * replaced: redocOverrides.css). The axe checks above see the first two levels of every reference; this
 * reaches below the six levels Redoc styles.
 */
test('in dark mode, nested schemas alternate the dark backgrounds at every depth, ten levels down', async ({page}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/api/flights-live-pricing/');
  await redocReady(page);
  const [nested, background] = await page.evaluate(() =>
    ['--site-nested', '--site-background'].map((token) => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = `var(${token})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    }),
  );
  expect(nested).not.toBe(background);
  const section = page.locator('[data-section-id$="/operation/FlightsService_CreateSearch"]');
  const levels = await section.evaluate(async (root) => {
    const drawn = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    root.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]').forEach((button) => button.click());
    for (let round = 0; round < 20; round++) {
      const collapsed = Array.from(root.querySelectorAll<HTMLButtonElement>('button[aria-label^="expand "]')).filter(
        (button) => !button.closest('tr')?.nextElementSibling?.querySelector(':scope > td[colspan]'),
      );
      if (!collapsed.length) break;
      for (const button of collapsed) button.click();
      await drawn();
    }
    // Each nested schema's box (the cell spanning the row's two columns holds it), with its depth.
    return Array.from(root.querySelectorAll<HTMLElement>('td[colspan] > div')).map((box) => {
      let depth = 0;
      for (let element: Element | null = box; element; element = element.parentElement) {
        if (element.matches('td[colspan] > div')) depth++;
      }
      return {depth, background: getComputedStyle(box).backgroundColor};
    });
  });
  expect(Math.max(...levels.map((level) => level.depth))).toBeGreaterThanOrEqual(8);
  for (const {depth, background: colour} of levels) {
    // Redoc's own alternation to its sixth level, the page's background below it.
    expect(colour, `depth ${depth}`).toBe(depth % 2 === 1 && depth < 6 ? nested : background);
  }
});

/**
 * The reference as the build renders it, before Redoc's script loads: what a reader meets first, and all
 * Lighthouse sees. Its sub-headings' levels come from the build (prerender.ts), its code samples are
 * made focusable by the page's script, and its operations below the first screen are not laid out yet
 * (redocOverrides.css). On the biggest reference, the one with the most operations not laid out; its
 * styles are those every reference page has, which the tests above check once Redoc is live.
 */
const prerenderedChecks = checkedWidths.flatMap((width) =>
  (['light', 'dark'] as const).map((mode) => ({route: '/api/flights-live-pricing/', mode, width})),
);
for (const {route, mode, width} of prerenderedChecks) {
  test(`${route} as prerendered, before Redoc loads, has no serious or critical axe violations at ${width.name} (${mode})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(width.viewport);
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.goto(route);
    await hydrated(page);
    const slot = page.getByTestId('redoc-container');
    await expect(slot).toHaveAttribute('data-state', 'static');
    await expect(slot.locator('h5[aria-level]').first()).toBeAttached();
    expect(await axeViolations(page, {always: ['heading-order']})).toEqual([]);
    // Still the build's markup: nothing woke Redoc.
    await expect(slot).toHaveAttribute('data-state', 'static');
  });
}

test('guide pages load no specification: their JavaScript does not grow with the specs', async ({page}) => {
  // Bodies are read after the page has settled, so no read outlives the test.
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.url().endsWith('.js')) responses.push(response);
  };
  page.on('response', onResponse);
  await page.goto('/docs/getting-started/create-and-poll');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const scripts = await Promise.all(responses.map((response) => response.text()));
  expect(scripts.length).toBeGreaterThan(0);
  // Text that exists only in the specifications (descriptions of their schemas).
  const markers = [
    'Statistics of the itineraries with a number of stops',
    'One leg: an origin, a destination and exactly one date choice',
  ];
  for (const marker of markers) {
    expect(scripts.some((script) => script.includes(marker))).toBe(false);
  }
  const requested = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/openapi/')),
  );
  expect(requested).toEqual([]);
});
