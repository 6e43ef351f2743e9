/**
 * Mutation testing of what the sandbox refuses requests with and of the hosted sandbox's limits
 * (`npm run mutate` in this folder; slow, not in CI): Stryker changes the x-validation constraints
 * (src/constraints.ts), the validation step that checks a request against its schemas and runs those constraints
 * (src/middleware/validate.ts), the key step (src/middleware/key.ts) and the Worker's limits
 * (src/worker/limits.ts) one mutant at a time, and runs the unit tests that cover each
 * (stryker.vitest.config.ts) to see which survive. The report is written to reports/mutation/
 * (git-ignored); the figures are kept in bench/README.md. The options are the check's too
 * (test-utils/stryker.mjs).
 */
import {strykerConfig} from '@portal/test-utils/stryker';

export default strykerConfig([
  'src/constraints.ts',
  'src/middleware/validate.ts',
  'src/middleware/key.ts',
  'src/worker/limits.ts',
]);
