/**
 * The unit tests Stryker runs against each mutant (stryker.config.mjs): every test of this package but
 * check.test.ts, which runs small programs through the whole check and takes minutes per mutant; what it
 * proves of the rules, each rule's own test proves on synthetic recordings.
 */
import {defineConfig} from 'vitest/config';

export default defineConfig({
  esbuild: {jsx: 'automatic'},
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'src/check.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
