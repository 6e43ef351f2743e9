/**
 * The Integration check page (website/docs/getting-started/integration-check.mdx): the rules and the
 * scenarios rendered from the check itself (website/src/components/CheckRules), and the in-browser HAR
 * check (website/src/components/HarCheck) judging HAR files recorded by `npm run sandbox -- check`
 * (e2e/fixtures/integration-check/): a passing one, one that breaks `poll-interval`, and a file that is
 * not a HAR. Every request that is not for the site's own origin is refused, and the tests check that
 * the page makes none, and that the file is sent nowhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {rules, scenarioSummaries} from '@portal/check/contract';
import {checkScenarios} from '@portal/check/model';
import {apis} from '@portal/website/config/apis';
import {test, expect, hydrated, leaving, watchRequests, watchScripts} from './fixtures';

const route = '/docs/getting-started/integration-check';
const fixtures = path.join(__dirname, 'fixtures', 'integration-check');
const fixture = (name: string) => path.join(fixtures, name);

async function openPage(page: Page): Promise<void> {
  await page.goto(route);
  await hydrated(page);
  await expect(page.getByLabel('HAR file to check')).toBeEnabled();
}

const report = (page: Page) => page.frameLocator('iframe[title^="Integration check report for"]');

test('the page renders every rule and every scenario of the check, also without JavaScript', async ({
  browser,
  page,
  consoleErrors,
}) => {
  await openPage(page);
  await expect(page.getByRole('heading', {level: 1, name: 'Integration check'})).toBeVisible();
  const list = page.getByTestId('check-rules');
  await expect(list.locator(':scope > li')).toHaveCount(rules.length);
  for (const rule of rules) {
    const item = list.locator(`li#rule-${rule.id}`);
    await expect(item.locator('code').first()).toHaveText(rule.id);
    await expect(item).toContainText(rule.sentence);
    await expect(item).toContainText(rule.tolerance);
    if (rule.reason) await expect(item).toContainText(rule.reason);
    await expect(item.getByRole('link', {name: rule.guide.title})).toHaveAttribute('href', rule.guide.path);
  }
  const scenarios = page.getByTestId('check-scenarios');
  await expect(scenarios.locator('tbody tr')).toHaveCount(checkScenarios.length);
  for (const scenario of checkScenarios) {
    await expect(scenarios.getByRole('row', {name: new RegExp(`^${scenario} `)})).toContainText(
      scenarioSummaries[scenario],
    );
  }
  expect(consoleErrors).toEqual([]);

  // Rendered on the server: the same lists without JavaScript.
  const context = await browser.newContext({javaScriptEnabled: false});
  const bare = await context.newPage();
  await bare.goto(route);
  await expect(bare.getByTestId('check-rules').locator(':scope > li')).toHaveCount(rules.length);
  await expect(bare.getByTestId('check-scenarios').locator('tbody tr')).toHaveCount(checkScenarios.length);
  await expect(bare.getByLabel('HAR file to check')).toBeDisabled();
  await context.close();
});

test('a passing HAR shows "Passed", the report with every rule, and a download of it; nothing leaves the page', async ({
  page,
  consoleErrors,
}) => {
  const requests = await watchRequests(page);
  await openPage(page);
  // Listening for the download from the start: the event is not missed however soon the click lands.
  const downloaded = page.waitForEvent('download');
  await page.getByLabel('HAR file to check').setInputFiles(fixture('passing.har'));
  const verdict = page.getByTestId('har-check-verdict');
  await expect(verdict).toContainText('Passed', {timeout: 30_000});
  await expect(verdict).toContainText(/0 failed, \d+ passed/);
  await expect(page.getByTestId('har-check-status')).toHaveText(/^passing\.har: passed\. /);

  const frame = report(page);
  await expect(frame.locator('h1')).toHaveText('Integration check: PASSED');
  for (const rule of rules) await expect(frame.locator('table').first()).toContainText(rule.id);

  // The report as a file, the same document.
  const link = page.getByRole('link', {name: 'Download report.html'});
  await expect(link).toHaveAttribute('href', /^blob:/);
  await link.click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('report.html');
  const saved = fs.readFileSync(await download.path(), 'utf8');
  expect(saved).toMatch(/^<!doctype html>/);
  expect(saved).toContain('Integration check: <span class="verdict passed">PASSED</span>');
  expect(saved).not.toContain('<script');

  // The page asked its own origin for the check's code and the thirteen specifications, and sent nothing.
  expect(leaving(requests)).toEqual([]);
  const specs = requests.map((request) => new URL(request.url()).pathname).filter((p) => p.startsWith('/openapi/'));
  expect(new Set(specs)).toEqual(new Set(apis.map((api) => `/openapi/${api.slug}.json`)));
  expect(consoleErrors).toEqual([]);
});

test('a HAR of a client that polls too fast fails, naming poll-interval, in the page and in the report', async ({
  page,
  consoleErrors,
}) => {
  const requests = await watchRequests(page);
  await openPage(page);
  await page.getByLabel('HAR file to check').setInputFiles(fixture('failing.har'));
  const verdict = page.getByTestId('har-check-verdict');
  await expect(verdict).toContainText('Failed', {timeout: 30_000});
  await expect(verdict).toContainText(/[1-9]\d* failed/);
  const result = page.getByTestId('har-check-result');
  await expect(result.getByRole('listitem').filter({hasText: 'poll-interval'})).toContainText(
    /poll-interval failed.*came sooner than/,
  );
  const frame = report(page);
  await expect(frame.locator('h1')).toHaveText('Integration check: FAILED');
  await expect(frame.getByRole('heading', {name: /poll-interval failed/})).toBeVisible();
  expect(leaving(requests)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a file that is not a HAR is refused with an alert, and a HAR after it is checked', async ({page}) => {
  const requests = await watchRequests(page);
  await openPage(page);
  const input = page.getByLabel('HAR file to check');
  await input.setInputFiles(fixture('not-a-har.txt'));
  await expect(page.getByRole('alert')).toContainText('not-a-har.txt is not JSON');
  await expect(page.getByTestId('har-check-result')).toHaveCount(0);

  // A HAR with no call of the APIs is refused too, as the command line refuses it (exit code 2).
  const noCalls = JSON.stringify({
    log: {
      version: '1.2',
      creator: {name: 'test', version: '1'},
      entries: [
        {
          startedDateTime: '2026-01-01T00:00:00.000Z',
          time: 5,
          request: {method: 'GET', url: 'https://example.com/', headers: []},
          response: {status: 200, headers: []},
        },
      ],
    },
  });
  await input.setInputFiles({name: 'elsewhere.har', mimeType: 'application/json', buffer: Buffer.from(noCalls)});
  await expect(page.getByRole('alert')).toContainText('elsewhere.har: none of the 0 requests');

  await input.setInputFiles(fixture('passing.har'));
  await expect(page.getByTestId('har-check-verdict')).toContainText('Passed', {timeout: 30_000});
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(leaving(requests)).toEqual([]);
});

test('a file dropped on the box is checked', async ({page}) => {
  await openPage(page);
  const text = fs.readFileSync(fixture('failing.har'), 'utf8');
  const transfer = await page.evaluateHandle((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], 'dropped.har', {type: 'application/json'}));
    return data;
  }, text);
  const box = page.getByText('Choose a .har file, or drop one here.').locator('..');
  await box.dispatchEvent('dragover', {dataTransfer: transfer});
  await box.dispatchEvent('drop', {dataTransfer: transfer});
  await expect(page.getByTestId('har-check-verdict')).toContainText('Failed', {timeout: 30_000});
  await expect(page.getByTestId('har-check-status')).toHaveText(/^dropped\.har: failed\. /);
});

test('the file input works from the keyboard', async ({page}) => {
  await openPage(page);
  const input = page.getByLabel('HAR file to check');
  await input.focus();
  await expect(input).toBeFocused();
  // Enter, as a keyboard user opens it: Space, pressed the same way, opened the chooser in only about half of
  // the runs in headless Chromium (2 of 4 repeats failed; with Enter, 16 of 16 passed)
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), input.press('Enter')]);
  await chooser.setFiles(fixture('passing.har'));
  await expect(page.getByTestId('har-check-verdict')).toContainText('Passed', {timeout: 30_000});
  // The download link comes next in the tab order (from the input: the chooser may have moved the focus).
  await input.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', {name: 'Download report.html'})).toBeFocused();
});

// The page renders the rules and scenarios from the check's data alone (`@portal/check/contract`):
// the check's code, the specs' library and Ajv load when a file is picked.
test('the check’s code loads only when a file is picked', async ({page}) => {
  // Each script is tagged when its response arrives: before or after the file is picked.
  let picked = false;
  const scripts = watchScripts(page, () => picked);
  // Text only the check's HTML report and the component's loaded part contain (the rules' sentences are in the page).
  const marker = (text: string) =>
    text.includes('Integration check: <span') || text.includes('could not be loaded from this site');
  const marked = async (afterPick: boolean) => {
    const texts = await scripts.texts((tag) => tag === afterPick);
    return texts.filter(marker).length;
  };
  await openPage(page);
  await page.waitForLoadState('networkidle');
  expect(await marked(false)).toBe(0);
  picked = true;
  await page.getByLabel('HAR file to check').setInputFiles(fixture('passing.har'));
  await expect(page.getByTestId('har-check-verdict')).toContainText('Passed', {timeout: 30_000});
  expect(await marked(true)).toBeGreaterThan(0);
});

test('on a phone the page and the report fit the screen', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  await openPage(page);
  await page.getByLabel('HAR file to check').setInputFiles(fixture('failing.har'));
  await expect(page.getByTestId('har-check-verdict')).toContainText('Failed', {timeout: 30_000});
  const frame = page.locator('iframe[title^="Integration check report for"]');
  await expect(frame).toBeVisible();
  const box = (await frame.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const width of [1280, 390]) {
  test(`each run's timeline shows the whole run within the report's width, on a readable grid (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({width, height: 900});
    await openPage(page);
    await page.getByLabel('HAR file to check').setInputFiles(fixture('passing.har'));
    await expect(page.getByTestId('har-check-verdict')).toContainText('Passed', {timeout: 30_000});
    const timelines = report(page).getByRole('img', {name: /^Timeline of the /});
    await expect(timelines).toHaveCount(3);
    const frameWidth = await report(page)
      .locator('html')
      .evaluate((html) => html.clientWidth);
    expect(frameWidth).toBeLessThanOrEqual(width);
    for (const timeline of await timelines.all()) {
      const placed = await timeline.evaluate((svg) => {
        const right = (element: Element) => element.getBoundingClientRect().right;
        const marks = Array.from(svg.querySelectorAll('rect:not(.viol)'));
        const ticks = Array.from(svg.querySelectorAll('line.tick'));
        const steps = ticks
          .slice(1)
          .map((tick, at) => tick.getBoundingClientRect().x - ticks[at].getBoundingClientRect().x);
        return {
          svg: right(svg),
          lastMark: Math.max(...marks.map(right)),
          marks: marks.length,
          ticks: ticks.length,
          narrowestStep: Math.min(...steps),
        };
      });
      // The whole run within the frame: the svg, its last call's bar, no scrolling to reach them
      expect(placed.marks).toBeGreaterThan(2);
      expect(placed.svg).toBeLessThanOrEqual(frameWidth);
      expect(placed.lastMark).toBeLessThanOrEqual(frameWidth);
      // A grid of a few ticks far enough apart to read their seconds
      expect(placed.ticks).toBeGreaterThanOrEqual(4);
      expect(placed.ticks).toBeLessThanOrEqual(10);
      expect(placed.narrowestStep).toBeGreaterThanOrEqual(28);
    }
    // The report itself never scrolls sideways (its wide tables scroll in their own box)
    expect(
      await report(page)
        .locator('html')
        .evaluate((html) => html.scrollWidth - html.clientWidth),
    ).toBeLessThanOrEqual(0);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the page with a report has no serious or critical axe violations (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openPage(page);
    await page.getByLabel('HAR file to check').setInputFiles(fixture('failing.har'));
    await expect(page.getByTestId('har-check-verdict')).toContainText('Failed', {timeout: 30_000});
    await expect(report(page).locator('h1')).toBeVisible();
    // The report follows the site's colour mode, not the system's (light, as Playwright emulates it).
    const background = await report(page)
      .locator('body')
      .evaluate((body) => getComputedStyle(body).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number));
    const lightness = (Math.max(...background) + Math.min(...background)) / 2 / 255;
    expect(mode === 'dark' ? lightness < 0.2 : lightness > 0.8).toBe(true);
    // The report's own frame runs no script, so axe cannot run inside it: the page around it is checked.
    const results = await new AxeBuilder({page}).exclude('iframe').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
