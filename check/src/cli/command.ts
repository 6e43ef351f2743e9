/**
 * The partner's command: `npm run sandbox` in the repository, `node sandbox.mjs` for the one file
 * (./oneFile/). With no subcommand it serves the sandbox (`serveSandbox` of @portal/sandbox/node);
 * `check ...` runs the integration check (./check.ts) in `cwd`, `verify ...` checks a hosted check's attestation
 * (./verify.ts); `--help` (`-h`, `help`) and `--version` say
 * what it is. Every usage error is one line naming the option and where the help is, with exit code 2.
 */
import type {OpenApiDocument} from '@portal/specs';
import {OptionError, parseOptions, serveSandbox, serveUsage} from '@portal/sandbox/node';
import {DEFAULT_INVOCATION, runCheck, stopAllPrograms} from './check';
import {interruptedRun} from './hosted';
import {runVerify} from './verify';
import {versionLines, type BuildInfo} from './version';

export interface CommandIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** How the reader runs it: `npm run sandbox --` in the repository, `node sandbox.mjs` for the one file. */
  invocation: string;
  /** The one file's build (undefined when run from the repository). */
  build?: BuildInfo;
}

/** The whole help. */
export const commandUsage = (invocation: string): string => `Usage:
${serveUsage(invocation)}

  ${invocation} check [options] -- <program> [args...]
Runs your program against the sandbox in seven scenarios and judges its calls: ${invocation} check --help

  ${invocation} verify <attestation.json> --keys <portal origin> [--har <session.har>]
Checks the signed attestation of a hosted check: ${invocation} verify --help

  ${invocation} --version    the build (add --verbose for the digest of each specification it carries)
  ${invocation} --help       this help
Exit codes: 0 serving until stopped (Ctrl+C), 1 the address cannot be listened on, 2 a usage error.`;

const HELP = new Set(['--help', '-h', 'help']);

/**
 * Runs the command: an exit code, or `'serving'` once the sandbox is started (it serves until stopped).
 * `serve` starts the sandbox (tests pass their own).
 */
export async function runCommand(
  bundles: Map<string, OpenApiDocument>,
  argv: string[],
  io: CommandIo,
  serve: (bundles: Map<string, OpenApiDocument>, argv: string[]) => void = serveSandbox,
): Promise<number | 'serving'> {
  const [first] = argv;
  if (HELP.has(first)) {
    io.out(commandUsage(io.invocation));
    return 0;
  }
  if (first === '--version' || first === '-v') {
    const verbose = argv[1] === '--verbose';
    if (argv.length > (verbose ? 2 : 1)) {
      io.err(`sandbox: --version takes only --verbose. Run '${io.invocation} --help' for the options.`);
      return 2;
    }
    for (const line of versionLines(io.invocation.replace(/^node /, ''), bundles, io.build, verbose)) io.out(line);
    return 0;
  }
  if (first === 'check') return runCheck(argv.slice(1), {...io, bundles});
  if (first === 'verify') return runVerify(argv.slice(1), {...io, bundles});
  try {
    parseOptions(argv);
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    const hint = /^unexpected argument/.test(error.message) ? ' (the commands are check and verify)' : '';
    io.err(`sandbox: ${error.message}${hint}. Run '${io.invocation} --help' for the options.`);
    return 2;
  }
  serve(bundles, argv);
  return 'serving';
}

/** `runCommand` in this process: exits with its code, or serves. */
export function main(
  bundles: Map<string, OpenApiDocument>,
  argv: string[],
  // The program and the report: in the repository's folder for `npm run sandbox` (npm runs this in
  // check/ and sets INIT_CWD to the folder of the root package.json), where it is run for the one file
  cwd = process.env.INIT_CWD ?? process.cwd(),
  invocation = DEFAULT_INVOCATION,
  build?: BuildInfo,
): void {
  // Ctrl+C: the programs stopped, what became of a hosted run said, and 130 (128 + SIGINT), as shells answer
  if (argv[0] === 'check')
    process.once('SIGINT', () => {
      stopAllPrograms();
      const abandoned = interruptedRun();
      if (abandoned) console.error(abandoned);
      process.exit(130);
    });
  const io: CommandIo = {
    cwd,
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    invocation,
    ...(build ? {build} : {}),
  };
  runCommand(bundles, argv, io).then(
    (code) => {
      if (code !== 'serving') process.exit(code);
    },
    (error: unknown) => {
      stopAllPrograms();
      console.error(`${argv[0] === 'check' ? 'check' : 'sandbox'}: failed`, error);
      process.exit(2);
    },
  );
}

if (typeof module !== 'undefined' && require.main === module) {
  // `typeof module`: the one file is an ES module (its entry calls `main`); loaded here, not above, as the
  // one file holds its bundles and stubs @portal/specs/node
  void import('@portal/specs/node').then(({loadBundles}) => main(loadBundles(), process.argv.slice(2)));
}
