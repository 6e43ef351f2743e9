import AxeBuilder from '@axe-core/playwright';
import {test as base, expect, type Locator, type Page, type Request, type Response} from '@playwright/test';
import {listedSlugs, loadBundle, operations} from '@portal/specs/node';
import {baseURL} from './playwright.config';

/**
 * `test` with a `consoleErrors` list: every console error and uncaught page error of the test's page.
 * Tests that must stay error-free assert it is empty; tests that provoke errors simply ignore it.
 */
export const test = base.extend<{consoleErrors: string[]}>({
  consoleErrors: async ({page}, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export {expect};

/**
 * Waits until the page answers the reader: React has hydrated it, run its effects and attached its
 * event handlers.
 *
 * `window.docusaurusRoot` is not that signal: Docusaurus assigns it synchronously when it calls
 * `hydrateRoot` inside `startTransition`, and React 19 then hydrates concurrently, so a click made
 * right after it can reach server-rendered HTML with no handlers (a link then does a full page load
 * instead of a client-side navigation, a button does nothing).
 *
 * The colour-mode switch is: the server renders it `disabled`, and it becomes enabled only when
 * `useIsBrowser()` turns true, which Docusaurus sets from an effect of its root provider. Effects run
 * after the whole tree has hydrated and committed (the route's code is loaded before hydration
 * starts, so there is no later Suspense boundary), so an enabled switch means every control of the
 * page is live. Every page has the switch in its navbar (also the not-found, crash and reference
 * pages); at mobile widths it is hidden with CSS but still in the document, hence a CSS locator.
 * It stays enabled across client-side navigations, so after a click that navigates, wait for the new
 * page's URL and heading instead.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(
    page.locator('nav.navbar button[aria-label^="Switch between dark and light mode"]').first(),
  ).toBeEnabled();
}

/**
 * Waits until Redoc is interactive, on a reference page (e2e/reference.spec.ts, e2e/console.spec.ts).
 * The page holds Redoc's prerendered reference; Redoc's script hydrates it on the reader's first
 * intent, here the pointer moving over it where the page stands.
 */
export async function redocReady(page: Page): Promise<void> {
  await hydrated(page);
  const slot = page.getByTestId('redoc-container');
  await expect(slot.locator('.redoc-wrap')).toBeVisible();
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  await expect(slot).toHaveAttribute('data-state', 'interactive', {timeout: 30_000});
}

/**
 * The widths the accessibility checks run at: Playwright's desktop (its Desktop Chrome device, the
 * project's default) and a 390 px phone.
 */
export const checkedWidths = [
  {name: 'desktop', viewport: {width: 1280, height: 720}},
  {name: '390 px', viewport: {width: 390, height: 844}},
] as const;

/**
 * The rules of axe-core the accessibility checks hold the site to, beyond those it runs by default:
 * WCAG 2.2's target size (2.5.8, `target-size`, tag `wcag22aa`: a control at least 24 x 24 px, or
 * spaced as if it were), which axe leaves off by default.
 */
export const extraAxeRules = ['target-size'] as const;

/**
 * The axe-core violations that count on the page as it stands (or in `include`, a CSS selector): every
 * serious or critical one, of the rules axe runs by default and of `extraAxeRules`, and every one of the
 * rules in `always`, whatever axe's impact (the reference pages hold their headings in order:
 * `heading-order`, which axe calls moderate and Lighthouse's accessibility score counts). One line each,
 * `rule: target, target, ...` (the first five), so a failure says where to look.
 */
export async function axeViolations(
  page: Page,
  {include, always = []}: {include?: string; always?: readonly string[]} = {},
): Promise<string[]> {
  const builder = new AxeBuilder({page}).options({
    rules: Object.fromEntries(extraAxeRules.map((rule) => [rule, {enabled: true}])),
    // Passes and incomplete results unlisted: on a reference page their selectors cost most of the run.
    resultTypes: ['violations'],
  });
  if (include) builder.include(include);
  // A code block far from the screen is left undrawn until the reader nears it (content-visibility,
  // website/src/css/custom.css). axe's colour-contrast rule takes the colour behind a text from what is
  // drawn there, so it judged such a block's text against the page behind it. The blocks are checked
  // drawn, as a reader sees them. (Set through each element's style: the site's CSP refuses a <style>.)
  await page.evaluate(() => {
    for (const pre of Array.from(document.querySelectorAll<HTMLElement>('.theme-code-block pre')))
      pre.style.contentVisibility = 'visible';
  });
  const {violations} = await builder.analyze();
  return violations
    .filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical' || always.includes(violation.id),
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** The site's name, the end of every page's title: "<page> | API Developer Documentation". */
export const siteTitle = 'API Developer Documentation';

/** An operation's summary in its specification (the try-it console's title is `Try it: <summary>`). */
export function operationSummary(operationId: string): string {
  for (const slug of listedSlugs()) {
    const found = operations(slug, loadBundle(slug)).find((operation) => operation.operationId === operationId);
    if (found?.summary) return found.summary;
  }
  throw new Error(`no specification gives a summary of ${operationId}`);
}

/**
 * The try-it console's dialog for an operation, once its form has loaded (its Send button shows): titled
 * with the operation's summary, never its operationId.
 */
export async function openedConsole(page: Page, operationId: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', {name: `Try it: ${operationSummary(operationId)}`, exact: true});
  await expect(dialog.getByRole('button', {name: 'Send', exact: true})).toBeVisible({timeout: 30_000});
  return dialog;
}

/**
 * Holds back every script of the build whose text contains `marker` (until the function returned is
 * called), as a slow connection would deliver it late; the other scripts pass at once.
 */
export async function holdScriptsContaining(page: Page, marker: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) await released;
    await route.fulfill({response, body});
  });
  return release;
}

/**
 * The scripts the page loads from now on, each tagged (`tag()`) when its response arrives, and their
 * texts, by tag. A text is fetched again from the site, whose build is static, rather than read back from
 * the browser: the browser keeps a body only for a while, and a script that arrives late (a link's route
 * prefetched when the page is idle) would leave a read still pending when the test ends.
 */
export function watchScripts<T>(page: Page, tag: () => T) {
  const scripts: {url: string; tag: T}[] = [];
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push({url: response.url(), tag: tag()});
  };
  page.on('response', onResponse);
  return {
    /** Stops watching. */
    stop: () => page.off('response', onResponse),
    /** The texts of the scripts seen so far whose tag `which` accepts. */
    texts: (which: (tag: T) => boolean): Promise<string[]> =>
      Promise.all(
        scripts.filter((script) => which(script.tag)).map(async ({url}) => (await page.request.get(url)).text()),
      ),
  };
}

/** The requests the page makes from now on, with every request off the site's origin refused. */
export async function watchRequests(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.route(
    (url) => url.origin !== baseURL,
    (blocked) => blocked.abort(),
  );
  return requests;
}

/** Requests that leave the site: another origin, or anything but a GET (a file sent somewhere). */
export const leaving = (requests: Request[]): string[] =>
  requests
    .filter((request) => {
      const url = request.url();
      if (url.startsWith('blob:') || url.startsWith('data:') || url.startsWith('about:')) return false;
      return new URL(url).origin !== baseURL || request.method() !== 'GET';
    })
    .map((request) => `${request.method()} ${request.url()}`);
