/**
 * How the site behaves as a reader moves through it, against the production build: route changes (scroll
 * to the top or to the anchor), route loading (the progress bar on a slow load, one reload after a failed
 * load, preloading on a fast connection), the crash fallback, the banner of a wrong base URL, and the
 * desktop and mobile layouts. How pages look (the announcement bar, colour modes, inline code, code blocks
 * and language tabs) is in appearance.spec.ts.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import type {Page} from '@playwright/test';
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

/**
 * Records the route code the page asks for from now on. Docusaurus preloads a route by adding
 * `<script>` elements for its chunks and prefetches one by adding `<link rel="prefetch">` elements,
 * synchronously in the handlers that decide to, so the additions say whether a preload or prefetch
 * was started, with no waiting for the network. (A mutation observer, because the bundler removes a
 * chunk's `<script>` again once it has loaded.)
 */
async function watchRouteCode(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const requested: string[] = [];
    Object.assign(window, {routeCodeRequested: requested});
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => Array.from(record.addedNodes))) {
        if (node instanceof HTMLScriptElement && node.src.includes('/assets/js/')) requested.push(node.src);
        if (node instanceof HTMLLinkElement && node.rel === 'prefetch') requested.push(node.href);
      }
    }).observe(document.documentElement, {childList: true, subtree: true});
  });
  return () => page.evaluate(() => [...(window as unknown as {routeCodeRequested: string[]}).routeCodeRequested]);
}

/**
 * Waits until the footer's links, on screen, have prefetched the routes they link to. The browser
 * notifies every observer of a page in the same task, and this observer is created last, so when it
 * has been called, the callbacks of the site's links have run too; each asked for its prefetch when
 * the page is next idle (src/plugins/dependencyPatches), and idle callbacks run in the order they were
 * asked for, so once this one's own idle callback has run, theirs have.
 */
async function footerLinksSeen(page: Page): Promise<void> {
  await page.locator('footer').scrollIntoViewIfNeeded();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const link = document.querySelector('footer a[href^="/"]');
        if (!link) throw new Error('the footer has no link inside the site');
        const observer = new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            requestIdleCallback(() => resolve());
          }
        });
        observer.observe(link);
      }),
  );
}

/** Holds every request for route code until `release` is called (a route that loads as slowly as the test wants). */
async function holdRouteCode(page: Page): Promise<{release: () => void; held: () => number}> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route('**/assets/js/**', async (route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  return {release, held: () => held};
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
    await expect(page.locator('h1')).toHaveText('Requests and responses');
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

test.describe('markdown kept from the server (website/src/plugins/staticMarkdown)', () => {
  /** Whether React attached itself to the element: hydration does, to every element it builds. */
  const hydratedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));

  test("a guide's paragraphs keep the server's HTML: React holds the paragraph, not the words in it", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/docs/getting-started/authentication');
    await hydrated(page);
    const paragraph = page.locator('article .markdown > p', {has: page.locator('code')}).first();
    await expect(paragraph).not.toBeEmpty();
    expect(await paragraph.evaluate(hydratedByReact)).toBe(true);
    expect(await paragraph.locator('code').first().evaluate(hydratedByReact)).toBe(false);
    // A code block's buttons are React's (its `pre` is kept too: src/theme/CodeBlock/Content)
    expect(await page.locator('article .theme-code-block button').first().evaluate(hydratedByReact)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('a link in kept markdown opens its page through the router, and the page it opens has live markdown', async ({
    page,
  }) => {
    await page.goto('/docs/getting-started/authentication');
    await hydrated(page);
    const routeCode = await watchRouteCode(page);
    const link = page.locator('article .markdown > p a[href^="/docs/"]:not([target])').first();
    const target = new URL((await link.getAttribute('href'))!, 'http://x').pathname;
    expect(await link.evaluate(hydratedByReact)).toBe(false);
    // Pointing at it loads its page's code, as the theme's links do
    await link.hover();
    await expect.poll(async () => (await routeCode()).length).toBeGreaterThan(0);
    await page.evaluate(() => Object.assign(window, {sameDocument: true}));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target}(#.*)?$`));
    await expect(page.locator('h1')).not.toHaveText('Authentication');
    expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
    // Drawn by React in the browser: its words are React's
    const drawn = page.locator('article .markdown > p', {has: page.locator('a, code, strong')}).first();
    await expect(drawn).not.toBeEmpty();
    expect(await drawn.locator('a, code, strong').first().evaluate(hydratedByReact)).toBe(true);
  });

  test('a link to an anchor of the page, or with a modifier key, is left to the browser', async ({page, context}) => {
    await page.goto('/docs/getting-started/errors');
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, {sameDocument: true}));
    const anchor = page.locator('article .markdown > table a[href^="#"]').first();
    const hash = (await anchor.getAttribute('href'))!;
    await anchor.click();
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(page.locator(`[id="${hash.slice(1)}"]`)).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
    // A modified click opens the browser's way (a new tab here), and this page stays where it is
    const link = page.locator('article .markdown > p a[href^="/docs/"]:not([target])').first();
    const opened = context.waitForEvent('page');
    await link.click({modifiers: ['Control']});
    const tab = await opened;
    await expect(tab).toHaveURL(new RegExp((await link.getAttribute('href'))!.split('#')[0]));
    await tab.close();
    await expect(page).toHaveURL(new RegExp(`/docs/getting-started/errors${hash}$`));
  });
});

test.describe('route loading', () => {
  test('a slow route load shows the thin progress bar and its spinner until the page has loaded', async ({page}) => {
    // No preloading on 2g, so the click below is the first request for the FAQ page's code.
    await emulateConnection(page, {effectiveType: '2g', saveData: false});
    // The page's timers run on a clock the test moves (Playwright's page.clock): the bar starts
    // 200 ms after the click and trickles every 800 ms, so it is measured between the two.
    await page.clock.install();
    await page.goto('/docs/intro');
    await hydrated(page);
    const width = page.viewportSize()!.width;
    expect(width).toBeGreaterThan(0);
    const routeCode = await holdRouteCode(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'FAQs', exact: true}).click();
    await expect.poll(routeCode.held).toBeGreaterThan(0);
    const bar = page.locator('#nprogress .bar');
    await page.clock.runFor(200);
    await expect(bar).toBeVisible();
    // The spinner is on (Docusaurus turns it off; website/src/clientModules/progressBar.ts turns it on).
    await expect(page.locator('#nprogress .spinner .spinner-icon')).toBeVisible();
    // Neither has a role ARIA lacks (nprogress's own markup gives them role="bar" and role="spinner")
    await expect(page.locator('#nprogress [role]')).toHaveCount(0);
    // A thin bar across the top, its right edge (the bar is the page's width, moved left) at the
    // share of the width done: once its move has ended, exactly `minimum` (0.08) of the width.
    const edge = async () => {
      // The bar moves to its share with a CSS transition (`speed` 200 ms): wait for it to end.
      await bar.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      const box = (await bar.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(3);
      expect(box.y).toBe(0);
      return box.x + box.width;
    };
    expect(Math.abs((await edge()) - 0.08 * width)).toBeLessThanOrEqual(1);
    // While the page is still loading, it creeps on slowly: at most `trickleRate` 0.02 of the width
    // each `trickleSpeed` 800 ms.
    await page.clock.runFor(800);
    const crept = await edge();
    expect(crept).toBeGreaterThanOrEqual(0.08 * width - 1);
    expect(crept).toBeLessThanOrEqual(0.1 * width + 1);
    // The old page stays on screen until the new one has loaded.
    await expect(page.locator('h1')).toHaveText('Introduction');
    routeCode.release();
    await page.clock.resume();
    await expect(page).toHaveURL(/\/docs\/faqs$/);
    await expect(page.locator('h1')).toHaveText('FAQs');
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
    // The reloaded page is served whole from the server, so it is still readable (the old page kept
    // "Introduction" while it tried to load the new route).
    await expect(page.locator('h1')).toHaveText('FAQs');
    await expect(page).toHaveURL(/\/docs\/faqs$/);
    // Once the reloaded page has loaded, every script it asked for has been answered (here: refused),
    // so no code is left that could reload it again.
    await page.waitForLoadState('load');
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
      const routeCode = await watchRouteCode(page);
      // Hovering a link preloads its route, synchronously in the hover's event handler.
      await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'FAQs', exact: true}).hover();
      // Links scrolled into view prefetch their routes, from their intersection observers.
      await footerLinksSeen(page);
      expect(await routeCode()).toEqual([]);
      expect(scripts()).toBe(0);
    });
  }

  test('pages are preloaded on a fast connection', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: false});
    await page.goto('/docs/intro');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const scripts = countScripts(page);
    const routeCode = await watchRouteCode(page);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'FAQs', exact: true}).hover();
    await footerLinksSeen(page);
    // The same signals as the tests above, so their "nothing was requested" is not a blind spot.
    expect((await routeCode()).length).toBeGreaterThan(0);
    await expect.poll(scripts).toBeGreaterThan(0);
  });

  // A page's HTML lists its route's scripts after main.js (src/plugins/dependencyPatches, the
  // ComponentCreator patch): the browser fetches them as it parses, and the client adds none of its own.
  test("a guide's HTML lists every script its code needs: none is added to load it", async ({page}) => {
    const path = '/docs/flights-live-prices/quick-start';
    const html = await (await page.request.get(path)).text();
    // The scripts as served (paths from the site's root), in their order
    const listed = Array.from(html.matchAll(/<script src="?([^" >]+)"? defer>/g), (match) => match[1]);
    await page.goto(path);
    await hydrated(page);
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => new URL(entry.name).pathname),
    );
    // The bundler's runtime, main.js and the route's chunks: the page's own (its markdown) among them
    expect(listed.length).toBeGreaterThan(4);
    expect(listed.slice(0, 2)).toEqual([expect.stringMatching(/\/runtime~main\./), expect.stringMatching(/\/main\./)]);
    expect(loaded.length).toBeGreaterThan(4);
    expect(loaded.filter((script) => !listed.includes(script))).toEqual([]);
  });

  // Every docs route shares the docs layout's chunks (src/plugins/dependencyPatches, the prefetch patch).
  test('links prefetch only code the page has not loaded or asked for yet', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: false});
    await page.goto('/docs/intro');
    await hydrated(page);
    await footerLinksSeen(page);
    const {loaded, prefetched} = await page.evaluate(() => ({
      // Scripts run (a prefetch is a `link` request)
      loaded: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => entry.name)
        .filter((name) => name.includes('/assets/js/')),
      prefetched: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => link.href),
    }));
    // The footer's links lead to other sections (the blog, the API reference): code of their own
    expect(prefetched.length).toBeGreaterThan(0);
    expect(new Set(prefetched).size).toBe(prefetched.length);
    // The docs layout's chunks, which the footer's docs links share with this page, are among the loaded
    expect(loaded.length).toBeGreaterThan(2);
    expect(prefetched.filter((url) => loaded.includes(url))).toEqual([]);
  });
});

// Docusaurus's `<Head>` (react-helmet-async) applies the head once its components are mounted
// (website/src/plugins/dependencyPatches, the react-helmet-async patch).
test.describe("the page's head", () => {
  test('hydration leaves the head and <html> as the server wrote them; a page reached by a link gets its own', async ({
    page,
  }) => {
    // What changes in <head> and on <html> from the first byte: tags taken out, attributes the server wrote
    // changed (those the theme's inline scripts add before the first paint, the colour mode's, are new)
    await page.addInitScript(() => {
      const changes: string[] = [];
      Object.assign(window, {headChanges: changes});
      new MutationObserver((records) => {
        for (const record of records) {
          const html = document.documentElement;
          if (record.target === html && record.type === 'attributes' && record.oldValue !== null)
            changes.push(
              `<html> ${record.attributeName}: ${record.oldValue} -> ${html.getAttribute(record.attributeName!)}`,
            );
          if (record.target !== document.head) continue;
          // Not counted: a chunk's script, which the bundler takes out once loaded, and the breadcrumbs' data
          // for search engines, whose keys the build's minifier puts in another order (rewritten, it
          // restyles nothing)
          for (const node of Array.from(record.removedNodes))
            if (!(node instanceof HTMLScriptElement && (node.src || node.type === 'application/ld+json')))
              changes.push(`removed ${(node as Element).outerHTML}`);
        }
      }).observe(document, {subtree: true, childList: true, attributes: true, attributeOldValue: true});
    });
    await page.goto('/docs/change-log');
    const served = await page.evaluate(() => ({className: document.documentElement.className, title: document.title}));
    // Hydrated, and the head applied since (it marks <html> hydrated), and a frame after that
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const changes = await page.evaluate(() => (window as unknown as {headChanges: string[]}).headChanges);
    // Only the mark of hydration
    expect(changes.filter((change) => !change.startsWith('<html> data-has-hydrated:'))).toEqual([]);
    expect(changes[0]).toMatch(/^<html> data-has-hydrated: false -> /);
    expect(served.className).toContain('docs-doc-id-change-log');
    expect(await page.evaluate(() => document.documentElement.className)).toBe(served.className);
    expect(await page.title()).toBe(served.title);

    await page.locator('.theme-doc-sidebar-container a[href="/docs/intro"]').click();
    await expect(page.locator('h1')).toHaveText(
      (await (await page.request.get('/docs/intro')).text()).match(/<h1>([^<]+)<\/h1>/)![1],
    );
    await expect(page.locator('html')).toHaveClass(/\bdocs-doc-id-intro\b/);
    await expect(page.locator('html')).not.toHaveClass(/\bdocs-doc-id-change-log\b/);
    await expect(page).not.toHaveTitle(served.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/docs\/intro$/);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
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
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/build/`).then(
            (response) => response.status,
            () => 0,
          ),
        {message: 'the static server for the wrong-base-URL test answers'},
      )
      .toBe(200);
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
    await expect(page.locator('h1')).toHaveText('Getting started');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', {name: 'Getting started'}).first()).toBeVisible();
    await page.goBack();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/docs\/category\/getting-started$/);
  });

  // The window size is set as a transition once hydrated (src/plugins/dependencyPatches): a reader who
  // opens the menu before that update has rendered still gets the docs sidebar in it.
  test('on mobile the menu opened as soon as the page is hydrated holds the docs sidebar', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/flights-live-prices/quick-start');
    await hydrated(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', {name: 'Quick start', exact: true}).first()).toBeVisible();
    // The desktop sidebar and table of contents are gone; the mobile table of contents is shown
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toHaveCount(0);
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
    await expect(page.locator('.theme-doc-toc-mobile')).toBeVisible();
  });

  // The phone menu's lists are drawn when it is first opened (src/theme/Navbar/MobileSidebar/Layout):
  // its frame is there once the page knows it is on a phone, empty until then, and keeps them once drawn.
  test('on mobile the menu draws its links when first opened, and keeps them', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/flights-live-prices/quick-start');
    await hydrated(page);
    const menu = page.locator('.navbar-sidebar');
    const panels = menu.locator('.navbar-sidebar__items > .menu');
    // The frame, drawn in the same render as its lists would be
    await expect(panels).toHaveCount(2);
    await expect(panels.locator('a')).toHaveCount(0);
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await toggle.click();
    await expect(menu).toBeVisible();
    // The docs sidebar (the secondary menu, shown first on a docs page) and the navbar's links behind it
    const secondary = panels.nth(1);
    await expect(secondary.getByRole('link', {name: 'Quick start', exact: true}).first()).toBeVisible();
    await expect(panels.nth(0).locator('a', {hasText: /^Blog$/})).toHaveCount(1);
    const links = await panels.locator('a').count();
    await menu.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(menu).toBeHidden();
    await expect(panels.locator('a')).toHaveCount(links);
    await toggle.click();
    await expect(secondary.getByRole('link', {name: 'Quick start', exact: true}).first()).toBeVisible();
  });

  // On a phone the desktop sidebar and table of contents are kept as served, not hydrated, until the
  // theme removes them (src/theme/keptOnPhone.tsx): widened, the window gets the theme's own, live.
  test('a page opened on a phone and then widened has a live docs sidebar and table of contents', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/flights-live-prices/quick-start');
    await hydrated(page);
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as {samePage: boolean}).samePage = true));
    await page.setViewportSize({width: 1280, height: 800});
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await expect(sidebar).toBeVisible();
    const toc = page.locator('.theme-doc-toc-desktop');
    await expect(toc).toBeVisible();
    // The table of contents follows the reader: a heading's link is marked once the page is scrolled to it.
    const last = toc.locator('a.table-of-contents__link').last();
    await last.click();
    await expect(last).toHaveClass(/table-of-contents__link--active/);
    // A category closes and opens in place, and a link opens its page without reloading the window.
    const link = sidebar.getByRole('link', {name: 'Integration check', exact: true});
    await expect(link).toBeVisible();
    await sidebar.getByRole('button', {name: "Collapse sidebar category 'Getting started'"}).click();
    await expect(link).toBeHidden();
    await sidebar.getByRole('button', {name: "Expand sidebar category 'Getting started'"}).click();
    await link.click();
    await expect(page).toHaveURL(/\/docs\/getting-started\/integration-check$/);
    await expect(page.locator('h1')).toHaveText(/Integration check/);
    expect(await page.evaluate(() => (window as unknown as {samePage?: boolean}).samePage)).toBe(true);
  });

  test('on desktop the docs sidebar and table of contents stay, and no menu sidebar is rendered', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/docs/flights-live-prices/quick-start');
    await hydrated(page);
    // The layout the server rendered stays once the window size is known: no menu sidebar is rendered
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
    await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
    await expect(page.locator('.theme-doc-toc-mobile')).toBeHidden();
    await expect(page.locator('.navbar-sidebar__items')).toHaveCount(0);
  });
});

// Doc cards take a label's leading emoji as their icon, else a default one (src/plugins/dependencyPatches).
test('the category page shows each guide as a card with its title and the default icon', async ({page}) => {
  await page.goto('/docs/category/getting-started');
  await hydrated(page);
  const cards = page.locator('article a.card');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    const title = cards.nth(index).locator('h2');
    // The icon (a page's, 📄️) then the label whole: no letter taken for an emoji
    await expect(title.locator('span').first()).toHaveText('📄️');
    await expect(title.locator('span').nth(1)).toHaveText(/^[A-Z][\w ,'()-]+$/);
  }
});
