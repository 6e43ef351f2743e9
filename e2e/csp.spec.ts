/**
 * The security headers of `_headers` (website/src/plugins/securityHeaders), enforced by the browser on
 * the production build. `docusaurus serve` does not read `_headers`, so every response of the site is
 * fulfilled from the server's own answer with the headers `_headers` gives its path, read and matched
 * by the plugin's own code (`parseHeaders`, `headersFor`, as Cloudflare and Netlify match them): the
 * browser applies exactly the file's policy. An init script records every `securitypolicyviolation`
 * event, and the console every "Refused to ..." message (also the workers'). The policy has no
 * 'unsafe-eval': every kind of page loads, the try-it console sends to the in-page sandbox and runs a live
 * search to its end with its timeline, the HAR check checks a HAR and the verifier verifies an attestation and
 * judges its HAR again, with no violation (their validators are
 * compiled at build time: website/src/plugins/precompiledValidators). Controls show that the recorder catches
 * a violation (an inline script without its hash, an `eval`), and that the console validates where code from
 * strings is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {BrowserContext, ConsoleMessage, Page} from '@playwright/test';
import {headersFor, parseHeaders, scriptHash} from '@portal/website/plugins/headersFile';
import {baseURL, buildDir} from './playwright.config';
import {makeAttestation} from './attestations';
import {test, expect, hydrated, openedConsole, redocReady} from './fixtures';

const build = path.join(__dirname, '..', 'website', buildDir);
const rules = parseHeaders(fs.readFileSync(path.join(build, '_headers'), 'utf8'));

/** A change to the headers of a response before the browser sees them (the controls). */
type Rewrite = (headers: Record<string, string>) => Record<string, string>;

/** The violations a page has reported, as `directive blocked-uri (source)`. */
interface Recorder {
  /** Violations of the page's documents (securitypolicyviolation events) and the console's refusals. */
  violations: () => Promise<string[]>;
}

/** Serves every response of the site with the headers `_headers` gives its path. */
async function withSiteHeaders(context: BrowserContext, rewrite: Rewrite = (headers) => headers): Promise<void> {
  await context.route(
    (url) => url.origin === baseURL,
    async (route) => {
      const {pathname} = new URL(route.request().url());
      try {
        const response = await route.fetch({maxRedirects: 0});
        await route.fulfill({response, headers: {...response.headers(), ...rewrite(headersFor(rules, pathname))}});
      } catch (error) {
        // A request still under way when the test closes its page; anything else is a failure.
        if (!/disposed|closed|test ended/i.test(String(error))) throw error;
      }
    },
  );
}

/** Records the CSP violations of `page`: its documents' events and the console's refusals. */
async function record(page: Page): Promise<Recorder> {
  await page.addInitScript(() => {
    const recorded: string[] = [];
    Object.defineProperty(window, '__cspViolations', {value: recorded});
    document.addEventListener('securitypolicyviolation', (event) => {
      recorded.push(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const refusals: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    // "Refused to load ...", "Executing inline script violates the following Content Security Policy ..."
    if (/Content Security Policy|Refused to/.test(message.text())) refusals.push(`console: ${message.text()}`);
  };
  page.on('console', onConsole);
  page.on('worker', (worker) => worker.on('console', onConsole));
  return {
    violations: async () => {
      const events = await page.evaluate(
        () => (window as unknown as {__cspViolations?: string[]}).__cspViolations ?? [],
      );
      return [...events, ...refusals];
    },
  };
}

/** The first blog post of the build (`/blog/<yyyy>/<mm>/<dd>/<slug>`). */
function firstBlogPost(): string {
  const post = fs
    .readdirSync(path.join(build, 'blog'), {recursive: true, encoding: 'utf8'})
    .map((file) => file.split(path.sep).join('/'))
    .find((file) => /^\d{4}\/\d{2}\/\d{2}\/[^/]+\/index\.html$/.test(file));
  if (!post) throw new Error(`no blog post in ${build}/blog`);
  return `/blog/${post.slice(0, -'/index.html'.length)}`;
}

const integrationCheck = '/docs/getting-started/integration-check';
const harFixture = path.join(__dirname, 'fixtures', 'integration-check', 'passing.har');

/** Each kind of page, and what shows it has done its work. */
const pages: {name: string; path: string; ready: (page: Page) => Promise<void>}[] = [
  {name: 'home', path: '/', ready: hydrated},
  {name: 'a doc page', path: '/docs/intro', ready: hydrated},
  {
    name: 'a guide with a Mermaid diagram and Try it',
    path: '/docs/getting-started/create-and-poll',
    ready: async (page) => {
      await hydrated(page);
      await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible({timeout: 15_000});
    },
  },
  {
    name: 'the entity-id finder',
    path: '/docs/getting-started/find-entity-ids',
    ready: hydrated,
  },
  {name: 'the blog index', path: '/blog', ready: hydrated},
  {name: 'the blog archive', path: '/blog/archive', ready: hydrated},
  {name: 'a category index', path: '/docs/category/getting-started', ready: hydrated},
  {name: 'a blog post (JSON-LD, not hashed)', path: firstBlogPost(), ready: hydrated},
  {name: 'a reference page', path: '/api/flights-live-pricing/', ready: redocReady},
  {name: 'the change log', path: '/docs/change-log', ready: hydrated},
  {
    name: 'the search page (its worker)',
    path: '/search?q=polling',
    ready: async (page) => {
      await hydrated(page);
      await expect(page.getByText(/\d+ documents? found/)).toBeVisible({timeout: 15_000});
    },
  },
  {
    name: 'the not-found page',
    path: '/no/such/page',
    ready: async (page) => {
      await hydrated(page);
      await expect(page.locator('h1')).toHaveText('Page Not Found');
    },
  },
  {
    name: 'a redirect page (its inline script)',
    path: '/docs',
    ready: async (page) => {
      await expect(page).toHaveURL(/\/docs\/intro$/);
      await hydrated(page);
    },
  },
];

test.describe('every page under the policy of _headers', () => {
  test.beforeEach(async ({context}) => withSiteHeaders(context));

  test('the policy is served: the headers of _headers reach the browser, which reads them without complaint', async ({
    page,
  }) => {
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (/Permissions.Policy|Content.Security.Policy|Strict-Transport|Referrer/i.test(message.text())) {
        complaints.push(message.text());
      }
    });
    const mainScript = page.waitForResponse((answer) => /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(answer.url()));
    const response = await page.goto('/docs/intro');
    await hydrated(page);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toBe(headersFor(rules, '/docs/intro')['content-security-policy']);
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['content-security-policy']).not.toContain("'unsafe-eval'");
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['permissions-policy']).toContain('camera=()');
    // Immutable caching for the hashed bundle, not for the page.
    expect(headers['cache-control'] ?? '').not.toContain('immutable');
    expect((await mainScript).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(complaints).toEqual([]);
  });

  for (const {name, path: route, ready} of pages) {
    test(`${name} (${route}) loads with no CSP violation`, async ({page, consoleErrors}) => {
      const recorder = await record(page);
      await page.goto(route);
      await ready(page);
      await page.waitForLoadState('networkidle');
      expect(await recorder.violations()).toEqual([]);
      // The not-found page's own 404 is a console error; nothing else (e.g. a refused Permissions-Policy feature).
      expect(consoleErrors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    });
  }

  test('the try-it console sends, and runs a live search to its end with its timeline, with no CSP violation', async ({
    page,
    consoleErrors,
  }) => {
    const recorder = await record(page);
    await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
    const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
    await dialog.getByRole('button', {name: 'Send', exact: true}).click();
    await expect(dialog.getByTestId('tryit-status')).toHaveText(/^200\b/);
    expect(
      Object.keys(JSON.parse((await dialog.getByTestId('tryit-body').textContent()) ?? '{}')).length,
    ).toBeGreaterThan(0);
    // The live search: created, polled to its end (every call validated by the in-page sandbox), its results
    // shown, and its timeline judged by the integration check's rules in the page
    await dialog.getByRole('button', {name: 'Poll until complete'}).click();
    const polls = dialog.getByTestId('tryit-polls');
    await expect(polls.locator('tbody tr').last()).toContainText('RESULT_STATUS_COMPLETE', {timeout: 30_000});
    await expect(dialog.getByTestId('tryit-status')).toHaveText(/^200\b/);
    const timeline = dialog.frameLocator('[data-testid="tryit-timeline"]');
    await expect(timeline.getByRole('img', {name: /^Timeline of the .* run: \d+ calls/})).toBeVisible();
    await expect(timeline.locator('tbody tr')).toHaveCount(await polls.locator('tbody tr').count());
    // Its prices formatted with the currencies the culture API answers, asked of the in-page sandbox too
    await expect(dialog.getByTestId('tryit-results-cheapest')).toHaveText(/^£\d/);
    expect(await recorder.violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the Integration check shows its report in a srcdoc frame with no CSP violation', async ({
    page,
    consoleErrors,
  }) => {
    const recorder = await record(page);
    await page.goto(integrationCheck);
    await hydrated(page);
    await page.getByLabel('HAR file to check').setInputFiles(harFixture);
    await expect(page.getByTestId('har-check-verdict')).toContainText('Passed', {timeout: 30_000});
    const report = page.frameLocator('iframe[title^="Integration check report for"]');
    await expect(report.locator('h1')).toHaveText('Integration check: PASSED');
    // The report's own stylesheet applies in the frame (style-src 'unsafe-inline', inherited by about:srcdoc).
    await expect(report.locator('body')).toHaveCSS('max-width', '1152px');
    expect(await recorder.violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the Integration check verifies an attestation and judges its HAR again with no CSP violation', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    const files = await makeAttestation(testInfo.outputPath('attestation'));
    const recorder = await record(page);
    await page.goto(integrationCheck);
    await hydrated(page);
    await page.getByLabel('Attestation (attestation.json)').setInputFiles(files.attestation);
    await page.getByLabel("The run's HAR (session.har), optional").setInputFiles(files.har);
    await page.getByLabel('Key set file, optional').setInputFiles(files.keys);
    await page.getByRole('button', {name: 'Verify', exact: true}).click();
    // Verified means the HAR was judged again in the page, with the validators compiled at build time
    await expect(page.getByTestId('attestation-check-verdict')).toHaveText('✓ Authentic and accepted', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('attestation-check-lines').locator('li').last()).toContainText(
      'judging it again gives PASSED',
    );
    expect(await recorder.violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the recorder catches a violation', () => {
  test('an inline script without its hash is refused, once', async ({context, page}) => {
    await withSiteHeaders(context);
    const recorder = await record(page);
    await page.goto('/docs/intro');
    await hydrated(page);
    const injected = 'window.__notAllowed = true;';
    await page.addScriptTag({content: injected}).catch(() => undefined);
    await expect.poll(recorder.violations).toHaveLength(2);
    const violations = await recorder.violations();
    // One violation: its event, and Chromium's console message of it.
    expect(violations.filter((violation) => !violation.startsWith('console: '))).toHaveLength(1);
    expect(violations[0]).toMatch(/^script-src-elem inline /);
    // Chromium names the hash that would have allowed it: the plugin's hash of the same text.
    const refusal = violations.find((violation) => violation.startsWith('console: '));
    expect(refusal).toMatch(/inline script violates the following Content Security Policy directive/);
    expect(refusal).toContain(scriptHash(injected));
    expect(await page.evaluate(() => (window as unknown as {__notAllowed?: boolean}).__notAllowed)).toBeUndefined();
  });

  test('an eval in the page is refused, and recorded', async ({context, page}) => {
    await withSiteHeaders(context);
    const recorder = await record(page);
    await page.goto('/docs/intro');
    await hydrated(page);
    expect(await recorder.violations()).toEqual([]);
    // Code made from a string, as Ajv's compiler makes it, in a task of the page's own (code Playwright evaluates
    // is let through by the DevTools protocol): refused, and reported
    await page.evaluate(() =>
      setTimeout(() => {
        const outcome = window as unknown as {__evalOutcome?: string};
        try {
          outcome.__evalOutcome = String(new Function('return "ran"')());
        } catch (error) {
          outcome.__evalOutcome = (error as Error).name;
        }
      }),
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as {__evalOutcome?: string}).__evalOutcome))
      .toBe('EvalError');
    await expect.poll(recorder.violations).toContainEqual(expect.stringMatching(/^script-src eval /));
  });
});

test.describe('where code from strings is refused', () => {
  test("the console's in-page sandbox validates: a valid search answers 200 and an invalid one 400", async ({
    context,
    page,
    consoleErrors,
  }) => {
    // The site's policy, and no 'unsafe-eval' even if it allowed one: the console must not need it
    await withSiteHeaders(context, (headers) => ({
      ...headers,
      'content-security-policy': headers['content-security-policy'].replace(/ 'unsafe-eval'/g, ''),
    }));
    const recorder = await record(page);
    await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
    const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
    await dialog.getByRole('button', {name: 'Send', exact: true}).click();
    await expect(dialog.getByTestId('tryit-status')).toHaveText(/^200\b/);
    await expect(dialog.getByTestId('tryit-body')).toContainText('sessionToken');

    const editor = dialog.getByRole('textbox', {name: 'Request body (JSON)'});
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('{"query": {"market": 42, "locale": "en-GB", "currency": "GBP"}}');
    await dialog.getByRole('button', {name: 'Send', exact: true}).click();
    await expect(dialog.getByTestId('tryit-status')).toHaveText(/^400\b/);
    await expect(dialog.getByTestId('tryit-body')).toContainText('query.market');
    expect(await recorder.violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
