import {defineConfig, devices} from '@playwright/test';
import {chromiumArgs, chromiumPath} from '@portal/test-utils/chromium';

/** Port of the production build served for the tests (override with E2E_PORT). */
export const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
/** Build folder served, relative to website/ (override with E2E_BUILD_DIR; default `build`). */
export const buildDir = process.env.E2E_BUILD_DIR ?? 'build';

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
    launchOptions: {executablePath: chromiumPath, args: [...chromiumArgs]},
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    command: `npm run serve -- --port ${port} --host 127.0.0.1 --no-open --dir ${buildDir}`,
    cwd: '..',
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
