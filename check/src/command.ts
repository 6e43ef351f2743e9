/**
 * The partner's command: `npm run sandbox` in the repository, `node sandbox.mjs` for the one file
 * (./oneFile/). With no subcommand it serves the sandbox (`serveSandbox` of @portal/sandbox/node);
 * `check ...` runs the integration check (./cli.ts) in `cwd`.
 */
import type {OpenApiDocument} from '@portal/specs';
import {serveSandbox} from '@portal/sandbox/node';
import {runCheck, stopAllPrograms} from './cli';

export function main(
  bundles: Map<string, OpenApiDocument>,
  argv: string[],
  // The program and the report: in the repository's folder for `npm run sandbox` (npm runs this in
  // check/ and sets INIT_CWD to the folder of the root package.json), where it is run for the one file
  cwd = process.env.INIT_CWD ?? process.cwd(),
  // How the reader ran it, for the check's usage
  invocation?: string,
): void {
  if (argv[0] !== 'check') {
    serveSandbox(bundles, argv);
    return;
  }
  process.once('SIGINT', () => {
    stopAllPrograms();
    process.exit(130);
  });
  runCheck(argv.slice(1), {
    cwd,
    env: process.env,
    bundles,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    invocation,
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      stopAllPrograms();
      console.error('check: failed', error);
      process.exit(2);
    },
  );
}

if (typeof module !== 'undefined' && require.main === module) {
  // `typeof module`: the one file is an ES module (its entry calls `main`); loaded here, not above, as the
  // one file holds its bundles and stubs @portal/specs/node
  void import('@portal/specs/node').then(({loadBundles}) => main(loadBundles(), process.argv.slice(2)));
}
