/**
 * Stryker's options for a package's mutation testing (`npm run mutate` in check/ and sandbox/; slow, not in
 * CI), the same for both: each package's stryker.config.mjs names the files it mutates. Plain JavaScript,
 * because Stryker loads its configuration with Node alone.
 */

/** @param {string[]} mutate the files Stryker changes, as globs from the package's folder */
export function strykerConfig(mutate) {
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    // The package's unit tests that cover the mutated files
    vitest: {configFile: 'stryker.vitest.config.ts'},
    mutate,
    coverageAnalysis: 'perTest',
    // The machine's two cores
    concurrency: 2,
    // A mutant that makes a loop endless is stopped this long after the tests' usual time
    timeoutMS: 5_000,
    // Mutants of module-level values (a rule's sentence or table, a limit, a regular expression) need every
    // test file loaded afresh, many times slower than the rest: left out here, and counted in the report as
    // ignored (bench/README.md lists them); `--ignoreStatic false` runs them too.
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
}
