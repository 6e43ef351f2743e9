import os from 'node:os';
import {defineConfig} from 'vitest/config';

/**
 * Unit tests sit beside the code they test (`x.ts` + `x.test.ts`); checks of the specifications and of
 * the site's content sit in `specs/test/` and `website/test/`; browser tests are Playwright's (`e2e/`).
 */
export default defineConfig({
  esbuild: {jsx: 'automatic'},
  test: {
    include: ['{specs,content,website,sandbox,check,mcp,deploy,test-utils,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/build/**', '**/.docusaurus/**', '**/dist/**', 'bench/results/**'],
    environment: 'node',
    // Vitest's default is one worker per core but one, so a single worker on CI's 2 cores. Many test files
    // spend their time waiting on processes they start (the guides' programs, workerd, wrangler, esbuild),
    // which leaves a core idle: one worker per core keeps both busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The build-check test builds a small site several times.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
