import {defineConfig, devices} from '@playwright/test';

/** Port of the production build served for the tests (override with E2E_PORT). */
export const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

/** The flags of DEVELOPERS.md for Debian's Chromium on this machine; Playwright adds a fresh profile. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: '.',
  outputDir: './results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 60_000,
  expect: {timeout: 10_000},
  use: {
    baseURL,
    headless: true,
    trace: 'off',
    launchOptions: {executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs},
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    command: `npm run serve -- --port ${port} --host 127.0.0.1 --no-open`,
    cwd: '..',
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
