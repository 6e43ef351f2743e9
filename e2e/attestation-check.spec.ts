/**
 * The Integration check page's verifier of attestations (website/src/components/AttestationCheck): a hosted
 * check's attestation, its HAR and the key set, made when the test runs (./attestations.ts: signed with the
 * check's own `attest` and a key made by `generateSigningKey`), are verified in the page with the lines
 * `sandbox.mjs verify` prints for the same files; a HAR with one byte changed is refused with the reason. The
 * key set is the picked file, or the one the site publishes at `/.well-known/integration-check-keys.json`
 * (this static build publishes none: the test answers it on the site's own origin, and without it the page
 * asks for the file). Every request off the site's origin is refused, and the page makes none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {expectedLines, failingHar, makeAttestation, type AttestationFiles} from './attestations';
import {baseURL} from './playwright.config';
import {test, expect, hydrated, leaving, watchRequests} from './fixtures';

const route = '/docs/getting-started/integration-check';
const keysPath = '/.well-known/integration-check-keys.json';

let files: AttestationFiles;

test.beforeAll(async () => {
  files = await makeAttestation(fs.mkdtempSync(path.join(os.tmpdir(), 'attestation-check-')));
});

async function openPage(page: Page): Promise<void> {
  await page.goto(`${route}#verify-in-this-page`);
  await hydrated(page);
  await expect(page.getByRole('button', {name: 'Verify', exact: true})).toBeEnabled();
}

/** Picks the files (those given) and presses Verify. */
async function verify(page: Page, picked: {attestation: string; har?: string; keys?: string}): Promise<void> {
  await page.getByLabel('Attestation (attestation.json)').setInputFiles(picked.attestation);
  if (picked.har) await page.getByLabel("The run's HAR (session.har), optional").setInputFiles(picked.har);
  if (picked.keys) await page.getByLabel('Key set file, optional').setInputFiles(picked.keys);
  await page.getByRole('button', {name: 'Verify', exact: true}).click();
}

const verdict = (page: Page) => page.getByTestId('attestation-check-verdict');
const lines = (page: Page) => page.getByTestId('attestation-check-lines').locator('li');

test('a good attestation, its HAR and the key set verify in the page, with the lines of sandbox.mjs verify', async ({
  page,
  consoleErrors,
}) => {
  const expected = await expectedLines(files, files.har);
  expect(expected.length).toBeGreaterThan(2);
  expect(expected.every((line) => line.startsWith('✓ '))).toBe(true);
  const requests = await watchRequests(page);
  await openPage(page);
  await verify(page, {attestation: files.attestation, har: files.har, keys: files.keys});
  await expect(verdict(page)).toHaveText('✓ Authentic and accepted', {timeout: 30_000});
  await expect(lines(page)).toHaveText(expected);
  await expect(lines(page).first()).toContainText(`by key ${files.keyid}`);
  await expect(page.getByTestId('attestation-check-keys')).toHaveText(
    'Checked against the key set you picked, integration-check-keys.json.',
  );
  // The live region says the verdict and each line
  await expect(page.getByTestId('attestation-check-status')).toHaveText(
    `Authentic and accepted. ${expected.join(' ')}`,
  );
  // The bundles came from the site, to judge the HAR again; nothing left it
  expect(requests.some((request) => new URL(request.url()).pathname.startsWith('/openapi/'))).toBe(true);
  expect(leaving(requests)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a HAR with one byte changed is refused, with the reason sandbox.mjs verify gives', async ({
  page,
  consoleErrors,
}) => {
  const expected = await expectedLines(files, files.tamperedHar);
  expect(expected).toHaveLength(1);
  expect(expected[0]).toMatch(
    /^✗ the HAR is not the attested session\.har: its SHA-256 is [0-9a-f]{12}….* \[HAR_DIGEST\]$/,
  );
  const requests = await watchRequests(page);
  await openPage(page);
  await verify(page, {attestation: files.attestation, har: files.tamperedHar, keys: files.keys});
  await expect(verdict(page)).toHaveText('✗ Not authentic', {timeout: 30_000});
  await expect(lines(page)).toHaveText(expected);
  // The same page, the good HAR picked instead: verified again
  await page.getByLabel("The run's HAR (session.har), optional").setInputFiles(files.har);
  await page.getByRole('button', {name: 'Verify', exact: true}).click();
  await expect(verdict(page)).toHaveText('✓ Authentic and accepted', {timeout: 30_000});
  expect(leaving(requests)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an authentic attestation of a failing run is shown authentic and refused, with its failed tests', async ({
  page,
  consoleErrors,
}, testInfo) => {
  const failing = await makeAttestation(testInfo.outputPath('failing'), failingHar);
  const expected = await expectedLines(failing, failing.har);
  expect(expected.every((line) => line.startsWith('✓ '))).toBe(true);
  await openPage(page);
  await verify(page, {attestation: failing.attestation, har: failing.har, keys: failing.keys});
  await expect(verdict(page)).toHaveText('✗ Authentic, refused', {timeout: 30_000});
  await expect(lines(page)).toHaveText(expected);
  const reasons = page.getByTestId('attestation-check-reasons').locator('li');
  await expect(reasons.first()).toHaveText(/^✗ FAILED: [a-z-]+\/[a-z-]+$/);
  await expect(page.getByTestId('attestation-check-facts').locator('li').last()).toHaveText(
    /^result: FAILED, \d+ passed, [1-9]\d* failed, \d+ not exercised$/,
  );
  await page.screenshot({path: testInfo.outputPath('refused.png'), fullPage: false});
  expect(consoleErrors).toEqual([]);
});

test("a passing run is refused for another API's go-live policy, or another challenge, each reason shown", async ({
  page,
  consoleErrors,
}) => {
  await openPage(page);
  await page.getByLabel('Go live with, optional').selectOption({label: 'Hotels Live Prices'});
  await page.getByLabel('Challenge, optional').fill('acme-go-live-1');
  await verify(page, {attestation: files.attestation, har: files.har, keys: files.keys});
  await expect(verdict(page)).toHaveText('✗ Authentic, refused', {timeout: 30_000});
  const reasons = page.getByTestId('attestation-check-reasons').locator('li');
  await expect(reasons.first()).toHaveText('✗ challenge: the run carries none, where "acme-go-live-1" was asked for');
  await expect(
    reasons.filter({hasText: 'hotels-live-prices: HotelsService_CreateSearch was never called'}),
  ).toHaveCount(1);
  await expect(page.getByTestId('attestation-check-facts').locator('li').last()).toHaveText(
    /^policy: hotels-live-prices asks for scenarios normal, /,
  );
  // Neither asked: the same run is accepted again
  await page.getByLabel('Go live with, optional').selectOption({label: 'Any API: the run passed'});
  await page.getByLabel('Challenge, optional').fill('');
  await page.getByRole('button', {name: 'Verify', exact: true}).click();
  await expect(verdict(page)).toHaveText('✓ Authentic and accepted', {timeout: 30_000});
  expect(consoleErrors).toEqual([]);
});

test('without a key set file, the page uses the set the site publishes, or asks for the file when it has none', async ({
  page,
}) => {
  const requests = await watchRequests(page);
  await openPage(page);
  // This static build publishes none (its server answers 404): the page says so and asks for the file
  await verify(page, {attestation: files.attestation});
  await expect(page.getByRole('alert')).toHaveText(
    `This site publishes no key set at ${keysPath}. Pick the key set file: the portal's integration-check-keys.json, from the portal that ran the check.`,
  );
  await expect(verdict(page)).toHaveCount(0);

  // Published on the site's own origin, as the portal's Worker publishes it: used, and named
  await page.route(`${baseURL}${keysPath}`, (answer) =>
    answer.fulfill({path: files.keys, contentType: 'application/jwk-set+json'}),
  );
  await page.getByRole('button', {name: 'Verify', exact: true}).click();
  await expect(verdict(page)).toHaveText(
    '✓ Authentic and accepted: the signature and the statement. Pick session.har to check the HAR too.',
  );
  await expect(lines(page)).toHaveText(await expectedLines(files));
  await expect(page.getByTestId('attestation-check-keys')).toHaveText(
    `Checked against the key set this site publishes, ${baseURL}${keysPath}.`,
  );
  expect(requests.filter((request) => new URL(request.url()).pathname === keysPath)).toHaveLength(2);
  expect(leaving(requests)).toEqual([]);
});

test('a key set without the signing key refuses the attestation; a file that is no attestation is named', async ({
  page,
  consoleErrors,
}, testInfo) => {
  const other = await makeAttestation(testInfo.outputPath('other'));
  await openPage(page);
  await verify(page, {attestation: files.attestation, keys: other.keys});
  await expect(verdict(page)).toHaveText('✗ Not authentic');
  await expect(lines(page)).toHaveText([/^✗ the signature does not hold: .* \[SIGNATURE\]$/]);
  await verify(page, {attestation: files.har, keys: files.keys});
  await expect(page.getByRole('alert')).toHaveText(
    /^session\.har: the attestation is not a DSSE envelope: .* \[NOT_A_DSSE_ENVELOPE\]\.$/,
  );
  expect(consoleErrors).toEqual([]);
});

test('the verifier works from the keyboard and fits a phone', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  await openPage(page);
  await page.getByLabel('Attestation (attestation.json)').setInputFiles(files.attestation);
  await page.getByLabel("The run's HAR (session.har), optional").setInputFiles(files.tamperedHar);
  await page.getByLabel('Key set file, optional').setInputFiles(files.keys);
  // From the last file input, Tab reaches the API to go live with, the challenge, then Verify; Enter presses it
  await page.getByLabel('Key set file, optional').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Go live with, optional')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Challenge, optional')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', {name: 'Verify', exact: true})).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveText('✗ Not authentic', {timeout: 30_000});
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the verifier with a refused result has no serious or critical axe violations (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openPage(page);
    await verify(page, {attestation: files.attestation, har: files.tamperedHar, keys: files.keys});
    await expect(verdict(page)).toHaveText('✗ Not authentic', {timeout: 30_000});
    const results = await new AxeBuilder({page}).include('[data-testid="attestation-check-result"]').analyze();
    const form = await new AxeBuilder({page}).include('form[aria-label="Verify an attestation"]').analyze();
    const serious = [...results.violations, ...form.violations]
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
