/**
 * The unit tests Stryker runs against each mutant (stryker.config.mjs): those that load the files it
 * mutates: the constraints' tests and the stated rejections' (each request refused and accepted through the
 * whole app), the validation and key steps' tests, and the Worker's limits' tests. Not the sandbox's
 * other tests (answers, fuzzing, runtimes, the code samples), which take minutes a run and test what the
 * answers say.
 */
import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/{constraints,constraintsEdges,statedRejections}.test.ts',
      'src/middleware/{validate,validateEdges,key}.test.ts',
      'src/worker/limits.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
  },
});
