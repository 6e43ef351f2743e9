import {defineConfig} from 'vitest/config';

export default defineConfig({
  esbuild: {jsx: 'automatic'},
  test: {
    include: ['website/test/**/*.test.{ts,tsx}', 'website/src/**/*.test.{ts,tsx}', 'specs/test/**/*.test.ts'],
    environment: 'node',
    // The build-check test builds a small site three times.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
