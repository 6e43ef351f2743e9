/**
 * The try-it console (website/src/components/TryIt) and the entity-id finder
 * (website/src/components/EntityIdFinder), against the production build: every request goes to the
 * in-browser sandbox, so no server beyond the static one is involved.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {loadBundle, loadBundles, operations, parametersOf, SpecValidator} from '@portal/specs/node';
import {seedApis, seedApiCount} from '@portal/test-utils/seed';
import {
  test,
  expect,
  holdScriptsContaining,
  hydrated,
  openedConsole,
  operationSummary,
  redocReady,
  watchScripts,
} from './fixtures';

/** The operation each API is tried with: its first one whose path parameters all have an example. */
function tryableOperation(slug: string): string {
  const doc = loadBundle(slug);
  const operation = operations(slug, doc).find((candidate) =>
    parametersOf(doc, candidate).every((parameter) => parameter.in !== 'path' || parameter.example !== undefined),
  );
  if (!operation) throw new Error(`${slug}: no operation the console can send without a session token`);
  return operation.operationId;
}

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The specifications' validators: an answer the console shows is checked against its operation's 200 schema. */
const validator = new SpecValidator(loadBundles());

test('the console is offered for all thirteen APIs', () => {
  expect(seedApis).toHaveLength(seedApiCount);
});

for (const seed of seedApis) {
  const operationId = tryableOperation(seed.slug);
  test(`Try it on ${seed.route} sends ${operationId}'s example to the sandbox and shows 200 and a body`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(seed.route);
    await redocReady(page);
    await page.getByRole('button', {name: `Try it: ${operationSummary(operationId)}`, exact: true}).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('try') === operationId);
    const dialog = await openedConsole(page, operationId);
    await dialog.getByRole('button', {name: 'Send', exact: true}).click();
    await expect(dialog.getByTestId('tryit-status')).toHaveText(/^200\b/);
    await expect(dialog.getByTestId('tryit-time')).toHaveText(/^in \d+ ms$/);
    // The body is the operation's answer: valid against its 200 schema, and not empty
    const body = JSON.parse((await dialog.getByTestId('tryit-body').textContent()) ?? '') as object;
    expect(validator.response(operationId, body)).toEqual({valid: true, errors: []});
    expect(Object.keys(body).length).toBeGreaterThan(0);
    // The answer's headers, counted and listed: at least its JSON content type
    const headers = dialog.locator('details', {has: page.locator('summary', {hasText: /^Headers \(/})});
    const count = Number(/^Headers \((\d+)\)$/.exec((await headers.locator('summary').textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await headers.locator('summary').click();
    await expect(headers.locator('dt')).toHaveCount(count);
    await expect(
      headers.locator('div', {has: page.locator('dt', {hasText: /^content-type$/})}).locator('dd'),
    ).toHaveText(/^application\/json\b/);
    expect(consoleErrors).toEqual([]);
  });
}

test('the console code loads only when the console opens', async ({page}) => {
  // Each script is tagged when its response arrives: before or after the console opens.
  let opened = false;
  const scripts = watchScripts(page, () => opened);
  // Text only the console's editor and sandbox contain.
  const marker = (text: string) => text.includes('cm-lintRange') || text.includes('sandbox_scenario_');
  const markedScripts = async (afterOpen: boolean) => {
    const texts = await scripts.texts((tag) => tag === afterOpen);
    return texts.filter(marker).length;
  };
  await page.goto('/api/geo/');
  await redocReady(page);
  await page.waitForLoadState('networkidle');
  expect(await markedScripts(false)).toBe(0);
  opened = true;
  await page.getByRole('button', {name: `Try it: ${operationSummary('GeoService_ListPlaces')}`, exact: true}).click();
  await openedConsole(page, 'GeoService_ListPlaces');
  scripts.stop();
  expect(await markedScripts(true)).toBeGreaterThan(0);
});

test('the editor marks a body that breaks the schema before sending, and the sandbox answers 400', async ({page}) => {
  await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  await expect(dialog.getByTestId('tryit-problems')).toHaveText('');
  const editor = dialog.getByRole('textbox', {name: 'Request body (JSON)'});
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{"query": {"market": 42, "locale": "en-GB", "currency": "GBP"}}');
  await expect(dialog.getByTestId('tryit-problems')).toContainText(/\d+ problems? in the body/);
  await expect(dialog.locator('.cm-lintRange-error').first()).toBeVisible();
  // The code follows the edited body.
  await expect(dialog.locator('[role="tabpanel"]:not([hidden])')).toContainText('"market": 42');
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.getByTestId('tryit-status')).toHaveText(/^400\b/);
  await expect(dialog.getByTestId('tryit-body')).toContainText('market');
});

test('Redoc loading beside an open console leaves its code samples to React: editing the body after it does not crash the page', async ({
  page,
  consoleErrors,
}) => {
  // The script holding Prism (Redoc's) is held back until the console shows its code, the order in
  // which a slow network delivers them.
  const release = await holdScriptsContaining(page, 'highlightAutomaticallyCallback');
  await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  const sample = dialog.locator('[role="tabpanel"]:not([hidden]) pre code');
  await expect(sample.locator(':scope > .token-line').first()).toBeVisible();
  release();
  // Redoc (and the Prism it brings) has loaded; Prism's automatic highlighting, had it been left on,
  // runs in the next animation frame after its script (prismjs's highlightAutomaticallyCallback).
  await expect(page.getByTestId('redoc-container')).toHaveAttribute('data-state', 'interactive', {timeout: 30_000});
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // The sample's lines are still the ones React rendered, not markup Prism wrote over them.
  await expect(sample.locator(':scope > .token-line').first()).toBeVisible();
  await expect(sample.locator(':scope > .token')).toHaveCount(0);
  await dialog.getByRole('textbox', {name: 'Request body (JSON)'}).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{"query": {"market": "UK", "locale": "en-GB", "currency": "EUR"}}');
  await expect(sample).toContainText('"currency": "EUR"');
  await expect(page.getByRole('heading', {name: 'This page crashed.'})).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the console opened after Redoc has loaded highlights its shell code as bash, as Redoc does its own', async ({
  page,
}) => {
  // Redoc and the code block each add the bash grammar to their own Prism (src/theme/CodeBlock/Content/highlighted.tsx).
  await page.goto('/api/flights-live-pricing/');
  await redocReady(page);
  // Redoc's curl sample of the poll starts with a shell comment: bash's token.
  const redocSample = page.locator('[data-section-id="operation/FlightsService_PollSearch"] pre').first();
  await page.getByRole('button', {name: 'Try it: Create a live search', exact: true}).click();
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  const sample = dialog.locator('[role="tabpanel"]:not([hidden]) pre code');
  await expect(sample.locator('.token.function', {hasText: /^curl$/}).first()).toBeVisible();
  await expect(sample.locator('.token.string').first()).toBeVisible();
  await expect(redocSample.locator('.token.comment', {hasText: /^# /}).first()).toBeAttached();
});

test('Poll until complete follows the flights live session to RESULT_STATUS_COMPLETE', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  // The title and the help name the operations by their summaries in the spec, not their operationIds
  await expect(dialog.getByRole('heading', {level: 2})).toHaveText('Try it: Create a live search');
  const help = dialog.getByText(/^Poll until complete sends this create call/);
  await expect(help).toHaveText(
    'Poll until complete sends this create call, then “Poll a live search” with each answer’s sessionToken about ' +
      'once a second, until the status is no longer RESULT_STATUS_INCOMPLETE.',
  );
  await dialog.getByRole('button', {name: 'Poll until complete'}).click();
  const polls = dialog.getByTestId('tryit-polls');
  await expect(polls.locator('tbody tr').last()).toContainText('RESULT_STATUS_COMPLETE', {timeout: 30_000});
  await expect(polls.locator('tbody tr').first()).toContainText('create');
  await expect(polls.locator('tbody tr').first()).toContainText('RESULT_STATUS_INCOMPLETE');
  // Every poll says what to do with the results.
  for (const row of await polls.locator('tbody tr').all()) {
    await expect(row).toContainText(/RESULT_ACTION_(REPLACED|NOT_MODIFIED|OMITTED)/);
  }
  await expect(dialog.getByTestId('tryit-status')).toHaveText(/^200\b/);
  // The session's timeline, the integration check's own: a mark per call, and its table
  const timeline = dialog.frameLocator('[data-testid="tryit-timeline"]');
  await expect(timeline.getByRole('img', {name: /^Timeline of the .* run: \d+ calls/})).toBeVisible();
  await expect(timeline.locator('tbody tr')).toHaveCount(await polls.locator('tbody tr').count());
  await expect(timeline.locator('tbody tr').last()).toContainText('COMPLETE');
  // The frame is as tall as its document: nothing of the table is cut off, nothing scrolls inside it
  const frame = dialog.getByTestId('tryit-timeline');
  const heights = await frame.evaluate((element) => ({
    frame: (element as HTMLIFrameElement).clientHeight,
    document: (element as HTMLIFrameElement).contentDocument!.documentElement.scrollHeight,
  }));
  expect(heights.document).toBeGreaterThan(100);
  expect(heights.document).toBeLessThanOrEqual(heights.frame);
  expect(consoleErrors).toEqual([]);
});

test('the console works with the keyboard alone, and Escape returns to the Try it button', async ({page}) => {
  await page.goto('/api/geo/');
  await redocReady(page);
  const tryIt = page.getByRole('button', {name: `Try it: ${operationSummary('GeoService_ListPlaces')}`, exact: true});
  // From the operation's heading link, the next Tab stop is its Try it button.
  await page.locator('[data-section-id$="/operation/GeoService_ListPlaces"] h2 a').first().focus();
  await page.keyboard.press('Tab');
  await expect(tryIt).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = await openedConsole(page, 'GeoService_ListPlaces');
  const send = dialog.getByRole('button', {name: 'Send', exact: true});
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('tryit-status')).toHaveText(/^200\b/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => !url.searchParams.has('try'));
  await expect(tryIt).toBeFocused();
});

test('a guide opens the console with <TryIt> and sends to the sandbox', async ({page}) => {
  await page.goto('/docs/flights-live-prices/quick-start');
  await hydrated(page);
  // Named with the operation's summary in the spec, as the console's title
  await page.getByRole('button', {name: 'Try it: Create a live search', exact: true}).click();
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  await dialog.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(dialog.getByTestId('tryit-status')).toHaveText(/^200\b/);
  await dialog.getByRole('button', {name: 'Close'}).click();
  await expect(dialog).toBeHidden();
});

test('the host and key a reader types stay in sessionStorage, with the CORS warning shown', async ({page}) => {
  await page.goto('/api/geo/?try=GeoService_ListPlaces');
  const dialog = await openedConsole(page, 'GeoService_ListPlaces');
  await dialog.getByRole('radio', {name: 'Your host and key'}).check();
  await expect(dialog).toContainText('The real API sends no CORS headers');
  await dialog.getByRole('textbox', {name: 'Host'}).fill('https://proxy.example.test');
  await dialog.getByLabel('API key').fill('my-key');
  expect(
    await page.evaluate(() => [sessionStorage.getItem('tryit.host'), sessionStorage.getItem('tryit.key')]),
  ).toEqual(['https://proxy.example.test', 'my-key']);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('my-key');
  // The code shows the key as an environment variable, never the key itself.
  await expect(dialog.locator('[role="tabpanel"]:not([hidden])')).toContainText('API_KEY');
  await expect(dialog.locator('[role="tabpanel"]:not([hidden])')).not.toContainText('my-key');
});

for (const mode of ['light', 'dark'] as const) {
  test(`the open console has no serious or critical axe violations (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
    const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
    await dialog.getByRole('button', {name: 'Poll until complete'}).click();
    await expect(dialog.getByTestId('tryit-polls').locator('tbody tr').last()).toContainText('RESULT_STATUS_COMPLETE', {
      timeout: 30_000,
    });
    // The session's timeline is a document in a frame that runs no script, so axe cannot enter it: it is
    // checked on its own, as a page of its own, below
    const timeline = dialog.getByTestId('tryit-timeline');
    await expect(timeline).toBeVisible();
    // It follows the site's colour mode, not the system's (light, as Playwright emulates it)
    const background = await dialog
      .frameLocator('[data-testid="tryit-timeline"]')
      .locator('body')
      .evaluate((body) => getComputedStyle(body).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number));
    const lightness = (Math.max(...background) + Math.min(...background)) / 2 / 255;
    expect(mode === 'dark' ? lightness < 0.2 : lightness > 0.8).toBe(true);
    const results = await new AxeBuilder({page}).include('dialog').exclude('[data-testid="tryit-timeline"]').analyze();
    const serious = (found: typeof results) =>
      found.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious(results)).toEqual([]);
    const alone = await page.context().newPage();
    await alone.setContent((await timeline.getAttribute('srcdoc')) ?? '');
    expect(serious(await new AxeBuilder({page: alone}).analyze())).toEqual([]);
    await alone.close();
  });

  test(`the entity-id finder has no serious or critical axe violations (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.goto('/docs/getting-started/find-entity-ids');
    await hydrated(page);
    await page.getByLabel('Place name or IATA code').fill('London');
    await expect(page.getByRole('region', {name: 'Matching places'})).toBeVisible();
    const results = await new AxeBuilder({page}).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}

test('the entity-id finder finds places by name and IATA code, with parents, and copies an id', async ({
  page,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/getting-started/find-entity-ids');
  await hydrated(page);
  await expect(page.getByText('Production entity ids come from the APIs')).toBeVisible();
  const box = page.getByLabel('Place name or IATA code');
  await box.fill('Heathrow');
  const heathrow = page.getByRole('row', {name: /Heathrow/});
  await expect(heathrow).toContainText('95565050');
  await expect(heathrow).toContainText('LHR');
  await expect(heathrow).toContainText('Airport');
  await expect(heathrow).toContainText('London (27544008) › United Kingdom (29475375) › Europe (27563221)');
  await heathrow.getByRole('button', {name: /Copy the entity id/}).click();
  await expect(heathrow.getByRole('button', {name: /Copy the entity id/})).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('95565050');

  // An IATA code finds the city and the airport that carry it.
  await box.fill('EDI');
  await expect(page.getByRole('row', {name: /^Edinburgh City 27540851/})).toContainText('EDI');
  await expect(page.getByRole('row', {name: /95673668/})).toContainText('Airport');
  await expect(page.getByRole('row', {name: /95673668/})).toContainText('EDI');
  await box.fill('zzzzqqq');
  await expect(page.getByRole('status').filter({hasText: 'No place matches'})).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a build that names no hosted sandbox offers none, and the Sandbox page says so', async ({page}) => {
  // The e2e build is made without HOSTED_SANDBOX_URL (website/config/site.ts)
  await page.goto('/api/culture/?try=CultureService_ListCurrencies');
  const dialog = await openedConsole(page, 'CultureService_ListCurrencies');
  const targets = dialog.getByRole('group', {name: 'Send to'}).getByRole('radio');
  await expect(targets).toHaveCount(3);
  await expect(dialog.getByRole('radio', {name: /Hosted sandbox|Sandbox on this site/})).toHaveCount(0);
  await page.goto('/docs/getting-started/sandbox');
  await expect(page.getByTestId('hosted-sandbox')).toHaveText(
    /This portal offers no hosted sandbox for your own calls: run the one file/,
  );
  // It hosts the integration check, whose runs call the sandbox: the page says so, and never that it has none
  await expect(page.getByText(/The integration check is hosted on this portal/)).toBeVisible();
  await expect(page.locator('article')).not.toContainText('has no hosted sandbox');
});
