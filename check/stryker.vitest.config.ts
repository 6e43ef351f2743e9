/**
 * The unit tests Stryker runs against each mutant (stryker.config.mjs): those that load the files it
 * mutates (the rules' own tests, which judge synthetic recordings through the whole judging, and the tests
 * of the recording, the registry and contract, the judge, the HAR and the key names, the hosted run, the
 * attestation, its verifier and the go-live decision). Not check.test.ts, which runs small programs through
 * the whole check and takes minutes a run, nor the tests of the proxy, the runner, the scenarios and the
 * reports, which load none of those files.
 */
import {defineConfig} from 'vitest/config';

export default defineConfig({
  esbuild: {jsx: 'automatic'},
  test: {
    include: [
      'src/judge/rules/*.test.ts',
      'src/record/{recording,recordingEdges}.test.ts',
      'src/{contract,keyNames}.test.ts',
      'src/judge/judge.test.ts',
      'src/har/{har,harEdges,masker}.test.ts',
      'src/hosted/*.test.ts',
      'src/attest/*.test.ts',
      'src/cli/verify.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
  },
});
