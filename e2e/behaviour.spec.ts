import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {announcement} from '../website/config/site';
import {test, expect, hydrated} from './fixtures';

/** Makes the page report a 2g connection and/or data saving, as `navigator.connection` would. */
async function emulateConnection(page: Page, connection: {effectiveType: string; saveData: boolean}): Promise<void> {
  await page.addInitScript((value) => {
    Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => value});
  }, connection);
}

/** Counts the script requests a page makes from now on. */
function countScripts(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().includes('/assets/js/')) count += 1;
  });
  return () => count;
}

test.describe('route changes', () => {
  test('scroll to the top of the new page', async ({page}) => {
    await page.goto('/docs/getting-started/authentication');
    await hydrated(page);
    const next = page.locator('.pagination-nav__link--next');
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await next.click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/requests-and-responses$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('scroll to the hash anchor when the link has one', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    const link = page.getByRole('link', {name: 'price units'});
    const href = (await link.getAttribute('href')) ?? '';
    const anchor = href.split('#')[1];
    expect(anchor).toBeTruthy();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
    const heading = page.locator(`[id="${anchor}"]`);
    await expect(heading).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });
});

test.describe('route loading', () => {
  test('shows a thin progress bar with the seed defaults and a spinner while the next page loads', async ({page}) => {
    await emulateConnection(page, {effectiveType: '2g', saveData: false});
    await page.goto('/docs/intro');
    await hydrated(page);
    await page.route('**/assets/js/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'FAQs', exact: true}).click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeAttached();
    await expect(page.locator('#nprogress .spinner')).toBeVisible();
    const style = await bar.getAttribute('style');
    // nprogress starts at `minimum` (0.08: 92% off-screen) and animates with `speed` (200 ms).
    expect(style).toMatch(/transition: (all )?200ms/);
    expect(await bar.evaluate((node) => node.getBoundingClientRect().height)).toBeLessThanOrEqual(3);
    await expect(page.locator('h1')).toHaveText('FAQs', {timeout: 15_000});
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('a failed route load reloads the page once, never in a loop', async ({page}) => {
    await emulateConnection(page, {effectiveType: '2g', saveData: false});
    await page.goto('/docs/intro');
    await hydrated(page);
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    await page.route('**/assets/js/**', (route) => route.abort());
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'FAQs', exact: true}).click();
    await expect.poll(() => documentLoads).toBe(1);
    await expect(page).toHaveURL(/\/docs\/faqs$/);
    // The reloaded page is served whole from the server, so it is still readable.
    await expect(page.locator('h1')).toHaveText('FAQs');
    await page.waitForTimeout(4000);
    expect(documentLoads).toBe(1);
  });

  for (const connection of [
    {name: 'a 2g connection', effectiveType: '2g', saveData: false},
    {name: 'data saving', effectiveType: '4g', saveData: true},
  ]) {
    test(`pages are not preloaded on ${connection.name}`, async ({page}) => {
      await emulateConnection(page, connection);
      await page.goto('/docs/intro');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const scripts = countScripts(page);
      await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'FAQs', exact: true}).hover();
      await page.locator('footer').scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      expect(scripts()).toBe(0);
    });
  }

  test('pages are preloaded on a fast connection', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: false});
    await page.goto('/docs/intro');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const scripts = countScripts(page);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'FAQs', exact: true}).hover();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(scripts).toBeGreaterThan(0);
  });
});

test.describe('crash fallback', () => {
  test('shows "This page crashed." with the error chain, and "Try again" returns to the page', async ({page}) => {
    // Break date formatting, which a blog post needs to render its date.
    await page.addInitScript(() => {
      const original = Intl.DateTimeFormat;
      Object.assign(window, {restoreDateTimeFormat: () => (Intl.DateTimeFormat = original)});
      Intl.DateTimeFormat = function () {
        throw new Error('Dates cannot be formatted', {cause: new Error('The locale data is missing')});
      } as unknown as typeof Intl.DateTimeFormat;
    });
    await page.goto('/blog');
    await hydrated(page);
    await expect(page.locator('h1')).toHaveText('This page crashed.');
    const details = page.locator('main');
    await expect(details).toContainText('Dates cannot be formatted');
    await expect(details).toContainText('The locale data is missing');
    await page.evaluate(() => (window as unknown as {restoreDateTimeFormat: () => void}).restoreDateTimeFormat());
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect(page.locator('h1')).toHaveText('Blog');
    await expect(page.locator('article').first()).toContainText(/min read/);
  });
});

test.describe('wrong base URL', () => {
  let server: ChildProcess;
  const port = 4199;

  test.beforeAll(async () => {
    // Serve the website folder, so the build answers at /build/ instead of the configured base URL /.
    server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], {
      cwd: path.resolve(__dirname, '..', 'website'),
      stdio: 'ignore',
    });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        await fetch(`http://127.0.0.1:${port}/build/`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error('the static server for the wrong-base-URL test did not start');
  });

  test.afterAll(() => {
    server.kill();
  });

  test('shows a warning banner', async ({page}) => {
    await page.goto(`http://127.0.0.1:${port}/build/`);
    const banner = page.locator('#__docusaurus-base-url-issue-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Your Docusaurus site did not load properly');
    await expect(banner).toContainText('Current configured baseUrl = / (default value)');
  });
});

test.describe('layouts', () => {
  test('desktop above 996 px shows the sidebar; 996 px and below shows the menu button', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await page.goto('/docs/intro');
    await hydrated(page);
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
    await page.setViewportSize({width: 996, height: 800});
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeHidden();
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
  });

  test('on mobile the sidebar opens as a menu and closes on back navigation', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/intro');
    await hydrated(page);
    // A client-side navigation, so that "back" stays inside the app.
    await page.locator('.pagination-nav__link--next').click();
    await expect(page).toHaveURL(/\/docs\/category\/getting-started$/);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', {name: 'Getting started'}).first()).toBeVisible();
    await page.goBack();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/docs\/category\/getting-started$/);
  });
});

test.describe('announcement bar', () => {
  test('can be dismissed, stays dismissed, and returns when its id changes', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toContainText('New: the API Developer Documentation portal');
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(announcement.id);
    // A reader who dismissed an earlier announcement sees the current one.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-earlier-announcement'));
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  });
});

test.describe('colour mode', () => {
  test('is light by default, even when the operating system prefers dark', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the switch toggles dark and light and the choice is kept in localStorage', async ({page}) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await hydrated(page);
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});
