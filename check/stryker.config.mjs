/**
 * Mutation testing of what the check judges and proves with (`npm run mutate` in this folder; slow, not in
 * CI): Stryker changes the rules (src/judge/rules/), the reading of a recording (src/record/recording.ts),
 * the names that carry a key and the URL reader that finds them (src/keyNames.ts), the HAR with its masking
 * (src/har/har.ts, src/har/masker.ts), the hosted run with what it refuses (src/hosted/api.ts, run.ts,
 * secrets.ts), and the attestation, its verifier and the go-live decision (src/attest/verify.ts, dsse.ts,
 * keys.ts, statement.ts, decide.ts, policy.ts and the command src/cli/verify.ts), one mutant at a time, and
 * runs the unit tests that cover each (stryker.vitest.config.ts) to see which survive. The report is written
 * to reports/mutation/ (git-ignored); the figures are kept in bench/README.md. The options are the sandbox's
 * too (test-utils/stryker.mjs).
 */
import {strykerConfig} from '@portal/test-utils/stryker';

export default strykerConfig([
  'src/judge/rules/*.ts',
  '!src/judge/rules/*.test.ts',
  '!src/judge/rules/*.fixture.ts',
  'src/record/recording.ts',
  'src/keyNames.ts',
  'src/har/har.ts',
  'src/har/masker.ts',
  'src/hosted/api.ts',
  'src/hosted/run.ts',
  'src/hosted/secrets.ts',
  'src/attest/verify.ts',
  'src/attest/dsse.ts',
  'src/attest/keys.ts',
  'src/attest/statement.ts',
  'src/attest/decide.ts',
  'src/attest/policy.ts',
  'src/cli/verify.ts',
]);
