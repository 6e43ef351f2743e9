import AxeBuilder from '@axe-core/playwright';
import type {Response} from '@playwright/test';
import {loadBundle, operations} from '@portal/specs/node';
import {apis} from '../website/config/apis';
import {seedApis} from '../test-utils/seed';
import {test, expect, hydrated, redocReady} from './fixtures';

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
  await expect(page.getByRole('button', {name: 'Try it: GeoService_ListPlaces'})).toBeVisible();
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
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.goto('/api/flights-live-pricing/#operation/FlightsService_CreateSearch');
    await redocReady(page);
    const section = page.locator('[data-section-id="operation/FlightsService_CreateSearch"]');
    for (const sample of samples) {
      await section.getByRole('tab', {name: sample.label, exact: true}).click();
      const code = section.getByRole('tabpanel').locator('pre').first();
      await expect(code).toHaveAttribute('tabindex', '0');
      const results = await new AxeBuilder({page})
        .include('[data-section-id="operation/FlightsService_CreateSearch"] [role=tabpanel]')
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${sample.label} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(serious).toEqual([]);
    }
  });

  for (const seed of seedApis) {
    test(`${seed.route} has no serious or critical axe violations (${mode})`, async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto(seed.route);
      await redocReady(page);
      const results = await new AxeBuilder({page}).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes
              .slice(0, 5)
              .map((node) => node.target.join(' '))
              .join(', ')}`,
        );
      expect(serious).toEqual([]);
    });
  }
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
