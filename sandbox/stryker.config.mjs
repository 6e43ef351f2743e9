/**
 * Mutation testing of what the sandbox refuses requests with and of the hosted sandbox's limits
 * (`npm run mutate` in this folder; slow, not in CI): Stryker changes the x-validation rules
 * (src/rules.ts), the validation step that checks a request against its schemas and runs those rules
 * (src/middleware/validate.ts), the key step (src/middleware/key.ts) and the Worker's limits
 * (src/worker/limits.ts) one mutant at a time, and runs the unit tests that cover each
 * (stryker.vitest.config.ts) to see which survive. The report is written to reports/mutation/
 * (git-ignored); the figures are kept in bench/README.md.
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: {configFile: 'stryker.vitest.config.ts'},
  mutate: ['src/rules.ts', 'src/middleware/validate.ts', 'src/middleware/key.ts', 'src/worker/limits.ts'],
  coverageAnalysis: 'perTest',
  // The machine's two cores
  concurrency: 2,
  // A mutant that makes a loop endless is stopped this long after the tests' usual time
  timeoutMS: 5_000,
  // Mutants of module-level values (a rule's table, a limit's figure) need every test file loaded afresh,
  // many times slower than the rest: left out here, and counted in the report as ignored;
  // `--ignoreStatic false` runs them too.
  ignoreStatic: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: {fileName: 'reports/mutation/index.html'},
  jsonReporter: {fileName: 'reports/mutation/mutation.json'},
  tempDirName: '.stryker-tmp',
  // Kept between runs (reports/, git-ignored): a run re-tests only the mutants whose code or tests changed
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  cleanTempDir: 'always',
};
