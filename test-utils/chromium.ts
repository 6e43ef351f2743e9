/**
 * The one browser of the browser tests and the benchmarks: Debian's Chromium (installed by
 * `scripts/install-system-packages.sh`; test tools must not download their own) and the flags it needs on
 * this machine. `e2e/playwright.config.ts` and `bench/` import these; nothing else writes them.
 */

/** Where Debian puts Chromium; `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags for Debian's Chromium as root on a closed network: no sandbox (root), no GPU, and no
 * background connections (refused here, many at a time). Playwright adds `--headless` and a fresh
 * profile; launchers that do not (Lighthouse's) add them with `headlessFlags`.
 */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** For launchers that start Chromium themselves: headless, with the shared flags. */
export const headlessFlags: readonly string[] = ['--headless', ...chromiumArgs];
