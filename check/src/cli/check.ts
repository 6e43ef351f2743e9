/**
 * `npm run sandbox -- check`: runs a partner's program against the sandbox once per scenario, each run
 * behind its own recording, fault-injecting proxy (../record/proxy.ts, ../scenarios/script.ts), judges the recordings
 * against the guides' rules (../judge/) and writes the report (../report/files.ts). With `--har`
 * it judges a recorded HAR instead. Exit codes: 0 every rule holds in every run, 1 one does not (or
 * nothing was exercised), 2 a usage error, a program that cannot be started, or a HAR that cannot be read.
 */
import {mkdir, readFile, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {OpenApiDocument} from '@portal/specs';
import {createApp} from '@portal/sandbox';
import {nodeTokenCodec} from '@portal/sandbox/node';
import {MAX_HAR_BYTES, toHar} from '../har/har';
import {readHar} from '../har/read';
import {judgeHar} from '../judge/judgeHar';
import {judgeCheck} from '../judge/judge';
import {
  checkScenarios,
  isCheckScenario,
  DEFAULT_TIMEOUT_SECONDS,
  MAX_TIMEOUT_SECONDS,
  type CheckReport,
  type CheckScenario,
  type Recording,
} from '../model';
import {startProxy} from '../record/proxy';
import {CannotStart, runningGroups, runProgram} from './runProgram';
import {runHostedCheck} from './hosted';
import {policiesFor, policyLine, type NamedPolicy} from '../attest/policy';
import {summaryLines} from './summary';
import {reportFiles} from '../report/files';

/** The key each run's program gets as API_KEY. */
export const CHECK_KEY = 'sandbox_integration_check';
export const DEFAULT_TIMEOUT_S = DEFAULT_TIMEOUT_SECONDS;
export const DEFAULT_REPORT_DIR = 'integration-report';
const MAX_TIMEOUT_S = MAX_TIMEOUT_SECONDS;

/** How the check is run from the repository. */
export const DEFAULT_INVOCATION = 'npm run sandbox --';

/** The usage, for the command as the reader runs it: `npm run sandbox --` in the repository, `node sandbox.mjs` for the one file. */
export const usage = (invocation = DEFAULT_INVOCATION): string => `Usage:
  ${invocation} check [--report <dir>] [--scenarios <id,id,...>] [--timeout <s>] [--parallel] -- <program> [args...]
  ${invocation} check --hosted <portal origin> [--for <api>[,<api>...]] [--partner <name>] [--challenge <text>]
      [--report <dir>] [--scenarios <id,...>] [--timeout <s>] -- <program> [args...]
  ${invocation} check --har <file.har> [--report <dir>]

Runs <program> once per scenario with API_BASE_URL (a recording, fault-injecting proxy in front of
the sandbox) and API_KEY (a sandbox_ key) set, and judges its calls against the guides' rules.
  --report <dir>        where to write junit.xml, ctrf.json, report.md, report.html, session.har
                        (default ./${DEFAULT_REPORT_DIR})
  --scenarios <ids>     which scenarios to run (default all): ${checkScenarios.join(', ')}
  --timeout <s>         each run's time limit in seconds (default ${DEFAULT_TIMEOUT_S})
  --parallel            run the scenarios at the same time (only for a program that writes no file
                        where it runs: each run starts in the same directory)
  --hosted <origin>     record and judge on the portal (https://...): the report gets attestation.json,
                        signed by the portal, which '${invocation} verify' checks
  --for <api>[,<api>]   with --hosted: judge the run against each API's go-live policy, as our partner team
                        will (its guide folder, hotels-live-prices, or its reference slug, hotels-live)
  --partner <name>      with --hosted: who runs the check, signed into the attestation as declared
  --challenge <text>    with --hosted: the text our partner team gave you for this check, signed into it
  --har <file>          judge a recorded HAR instead of running a program
  --site-url <origin>   the portal's address, for the report's links to the guides (or SITE_URL)
  --help                this help
Exit codes: 0 every rule holds (and, with --for, the run meets each policy), 1 a rule is broken (or a
policy is not met), 2 a usage error, a program that cannot start or a HAR that cannot be read, 130 interrupted
(Ctrl+C): no verdict, and a hosted run left unfinished.`;

export class UsageError extends Error {}

const scenarioCount = (count: number): string => `${count} scenario${count === 1 ? '' : 's'}`;

export type CheckArgs =
  | {mode: 'help'}
  | ({reportDir: string; siteUrl?: string} & (
      | {
          mode: 'program';
          command: string;
          args: string[];
          scenarios: CheckScenario[];
          timeoutS: number;
          /** Run the scenarios at the same time (`--parallel`), not one after another. */
          parallel: boolean;
        }
      | {mode: 'har'; har: string}
      | {
          mode: 'hosted';
          origin: string;
          command: string;
          args: string[];
          scenarios: CheckScenario[];
          timeoutS: number;
          /** Who runs the check (`--partner`), signed into the attestation as declared. */
          partner?: string;
          /** The provider's challenge for this check (`--challenge`), signed into the attestation. */
          challenge?: string;
          /** The APIs whose go-live policy the run is judged against (`--for`, as written). */
          for?: string;
          /** Whether `--scenarios` chose the scenarios (else `--for` may choose its policies'). */
          scenariosGiven: boolean;
        }
    ));

const valued = new Set([
  '--report',
  '--scenarios',
  '--timeout',
  '--har',
  '--site-url',
  '--hosted',
  '--partner',
  '--challenge',
  '--for',
]);

/** The longest `--partner` and `--challenge` the check's API takes (specs/check-api/openapi.yaml). */
const DECLARED_LIMITS = {'--partner': 100, '--challenge': 200} as const;
const flags = new Set(['--parallel']);

/** Reads the arguments after `check`; paths are resolved against `cwd`. Throws UsageError. */
export function parseCheckArgs(argv: string[], cwd: string, env: NodeJS.ProcessEnv = {}): CheckArgs {
  const values = new Map<string, string>();
  let program: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index];
    if (token === '--') {
      program = argv.slice(index + 1);
      break;
    }
    if (token === '--help' || token === '-h') return {mode: 'help'};
    const [name, inline] = token.startsWith('--') ? token.split(/=(.*)/s, 2) : [token];
    if (valued.has(name)) {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
      if (values.has(name)) throw new UsageError(`${name} is given twice`);
      values.set(name, value);
    } else if (flags.has(token)) {
      values.set(token, 'true');
    } else if (token.startsWith('-')) {
      throw new UsageError(`unknown option ${token}`);
    } else {
      program = argv.slice(index);
      break;
    }
  }
  const reportDir = path.resolve(cwd, values.get('--report') ?? DEFAULT_REPORT_DIR);
  const siteUrl = values.get('--site-url') ?? env.SITE_URL;
  if (siteUrl !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(siteUrl))
    throw new UsageError(`--site-url must be an origin such as https://developers.example.com, not ${siteUrl}`);
  const common = {reportDir, ...(siteUrl ? {siteUrl: siteUrl.replace(/\/$/, '')} : {})};

  const har = values.get('--har');
  if (har !== undefined) {
    if (program.length) throw new UsageError('give either --har <file> or a program, not both');
    for (const name of ['--scenarios', '--timeout', '--parallel', '--hosted'])
      if (values.has(name)) throw new UsageError(`${name} applies to a program, not to --har`);
    return {...common, mode: 'har', har: path.resolve(cwd, har)};
  }
  const hosted = values.get('--hosted');
  if (hosted !== undefined) {
    if (!/^https?:\/\/[^/\s?#]+\/?$/.test(hosted))
      throw new UsageError(
        `--hosted must be the portal's origin, such as https://developers.example.com, not ${hosted}`,
      );
    for (const name of ['--parallel', '--site-url'])
      if (values.has(name)) throw new UsageError(`${name} applies to a local check, not to --hosted`);
    for (const [name, limit] of Object.entries(DECLARED_LIMITS)) {
      const value = values.get(name);
      if (value !== undefined && (value.length > limit || !/\S/.test(value)))
        throw new UsageError(`${name} takes text of 1 to ${limit} characters, not ${value.length}`);
    }
  } else {
    for (const name of [...Object.keys(DECLARED_LIMITS), '--for'])
      if (values.has(name)) throw new UsageError(`${name} applies to a hosted run (--hosted), not to a local check`);
  }
  if (!program.length) throw new UsageError('give the program to check after --, or --har <file>');

  const asked = values
    .get('--scenarios')
    ?.split(',')
    .map((id) => id.trim()) ?? [...checkScenarios];
  const unknown = asked.filter((id) => !isCheckScenario(id));
  if (unknown.length)
    throw new UsageError(`unknown scenario ${unknown.join(', ')}: the scenarios are ${checkScenarios.join(', ')}`);
  const timeout = values.get('--timeout') ?? String(DEFAULT_TIMEOUT_S);
  const timeoutS = Number(timeout);
  if (!/^\d+(\.\d+)?$/.test(timeout) || timeoutS <= 0 || timeoutS > MAX_TIMEOUT_S)
    throw new UsageError(`--timeout must be a number of seconds from 1 to ${MAX_TIMEOUT_S}, not ${timeout}`);
  if (hosted !== undefined) {
    const origin = hosted.replace(/\/$/, '');
    const scenarios = checkScenarios.filter((id) => asked.includes(id));
    const partner = values.get('--partner');
    const challenge = values.get('--challenge');
    const named = values.get('--for');
    return {
      ...common,
      mode: 'hosted',
      origin,
      command: program[0],
      args: program.slice(1),
      scenarios,
      timeoutS,
      ...(partner !== undefined ? {partner} : {}),
      ...(challenge !== undefined ? {challenge} : {}),
      ...(named !== undefined ? {for: named} : {}),
      scenariosGiven: values.has('--scenarios'),
    };
  }
  return {
    ...common,
    mode: 'program',
    command: program[0],
    args: program.slice(1),
    scenarios: checkScenarios.filter((id) => asked.includes(id)),
    timeoutS,
    parallel: values.has('--parallel'),
  };
}

export interface CheckIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  bundles: Map<string, OpenApiDocument>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** How the reader runs the command, for the usage (DEFAULT_INVOCATION unless told). */
  invocation?: string;
}

/**
 * Runs the program once per scenario, each run behind its own proxy: one after another, since each
 * runs in the same directory and a program may write files there (the guides' bash loop writes
 * `answer.json`); at the same time with `--parallel`. The longest run (never-completes) takes most of
 * the time either way.
 */
async function recordRuns(args: Extract<CheckArgs, {mode: 'program'}>, io: CheckIo): Promise<Recording[]> {
  const app = createApp({bundles: io.bundles, tokenCodec: nodeTokenCodec, siteUrl: args.siteUrl});
  const timeLimitMs = Math.round(args.timeoutS * 1000);
  const record = async (scenario: CheckScenario): Promise<Recording> => {
    let stop = () => {};
    const proxy = await startProxy({
      bundles: io.bundles,
      scenario,
      upstream: (request) => app.fetch(request),
      siteUrl: args.siteUrl,
      onFlood: () => stop(),
    });
    try {
      const program = runProgram({
        command: args.command,
        args: args.args,
        cwd: io.cwd,
        env: {...io.env, API_BASE_URL: proxy.url, API_KEY: CHECK_KEY},
        timeLimitMs,
      });
      stop = program.stop;
      const end = await program.done;
      const calls = proxy.exchanges.length;
      io.out(`${scenario}: the program ${describeEnd(end)}, ${calls} call${calls === 1 ? '' : 's'}`);
      return {scenario, startedAt: proxy.startedAt, exchanges: [...proxy.exchanges], timeLimitMs, program: end};
    } finally {
      await proxy.close();
    }
  };
  if (!args.parallel) {
    const recordings: Recording[] = [];
    for (const scenario of args.scenarios) recordings.push(await record(scenario));
    return recordings;
  }
  const settled = await Promise.allSettled(args.scenarios.map(record));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<Recording>).value);
}

function describeEnd(end: NonNullable<Recording['program']>): string {
  const seconds = `${(end.durationMs / 1000).toFixed(1)} s`;
  if (end.flooded) return `was stopped for flooding after ${seconds}`;
  if (end.timedOut) return `was stopped at the time limit (${seconds})`;
  return end.signal ? `ended by ${end.signal} after ${seconds}` : `exited ${end.exitCode} after ${seconds}`;
}

async function readHarFile(file: string): Promise<{recordings: Recording[]} | {error: string}> {
  const name = path.basename(file);
  let size: number;
  try {
    const stats = await stat(file);
    if (!stats.isFile()) return {error: `${file} is not a file`};
    size = stats.size;
  } catch (error) {
    return {error: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`};
  }
  if (size > MAX_HAR_BYTES)
    return {
      error: `${name} is ${(size / 2 ** 20).toFixed(0)} MiB; the check reads HARs of at most ${MAX_HAR_BYTES / 2 ** 20} MiB`,
    };
  return readHar(await readFile(file, 'utf8'), name);
}

/** Writes the five files of the report (../report/files.ts); returns their paths. */
async function writeReport(report: CheckReport, dir: string, siteUrl: string | undefined, baseUrl: string) {
  await mkdir(dir, {recursive: true});
  const files = Object.entries(reportFiles(report, JSON.stringify(toHar(report, {baseUrl}), null, 2), siteUrl));
  for (const [name, content] of files) await writeFile(path.join(dir, name), content);
  return files.map(([name]) => path.join(dir, name));
}

function summarise(report: CheckReport, io: CheckIo): void {
  for (const line of summaryLines(report)) io.out(line);
}

/** The scenarios the policies need, in the check's order. */
const needed = (policies: NamedPolicy[]): CheckScenario[] =>
  checkScenarios.filter((id) => policies.some((policy) => policy.scenarios.includes(id)));

/** The whole command; returns the exit code. */
export async function runCheck(argv: string[], io: CheckIo): Promise<number> {
  let args: CheckArgs;
  try {
    args = parseCheckArgs(argv, io.cwd, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`check: ${error.message}. Run '${io.invocation ?? DEFAULT_INVOCATION} check --help' for the options.`);
    return 2;
  }
  if (args.mode === 'help') {
    io.out(usage(io.invocation));
    return 0;
  }

  if (args.mode === 'hosted') {
    let policies: NamedPolicy[] = [];
    if (args.for !== undefined) {
      const found = policiesFor(args.for, io.bundles);
      if ('error' in found) {
        io.err(`check: ${found.error}. Run '${io.invocation ?? DEFAULT_INVOCATION} check --help' for the options.`);
        return 2;
      }
      policies = found.policies;
      const missing = needed(policies).filter((id) => !args.scenarios.includes(id));
      // What the policies need is run; a --scenarios that leaves one out could never be accepted
      if (args.scenariosGiven && missing.length) {
        io.err(
          `check: --for ${args.for} needs the scenario${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, which --scenarios leaves out. Run '${io.invocation ?? DEFAULT_INVOCATION} check --help' for the options.`,
        );
        return 2;
      }
      for (const policy of policies) io.out(`Policy: ${policyLine(policy)}`);
    }
    const scenarios = policies.length && !args.scenariosGiven ? needed(policies) : args.scenarios;
    io.out(
      `Checking ${[args.command, ...args.args].join(' ')} on ${args.origin} in ${scenarioCount(scenarios.length)} (time limit ${args.timeoutS} s each)`,
    );
    return runHostedCheck({...args, scenarios, policies}, io);
  }
  let report: CheckReport;
  let baseUrl = 'http://127.0.0.1';
  if (args.mode === 'har') {
    const read = await readHarFile(args.har);
    if ('error' in read) {
      io.err(`check: ${read.error}`);
      return 2;
    }
    report = await judgeHar(read, path.basename(args.har), io.bundles);
    if (report.runs.every((run) => run.operations.every((operation) => operation === undefined))) {
      io.err(`check: ${report.problems.join('; ') || `${path.basename(args.har)} holds no call of the APIs`}`);
      return 2;
    }
  } else {
    io.out(
      `Checking ${[args.command, ...args.args].join(' ')} in ${scenarioCount(args.scenarios.length)} (time limit ${args.timeoutS} s each)`,
    );
    let recordings: Recording[];
    try {
      recordings = await recordRuns(args, io);
    } catch (error) {
      if (!(error instanceof CannotStart)) throw error;
      io.err(`check: ${error.message}`);
      return 2;
    }
    report = await judgeCheck(recordings, io.bundles, [args.command, ...args.args].join(' '), 'program');
    baseUrl = 'http://127.0.0.1:0';
  }

  summarise(report, io);
  try {
    const files = await writeReport(report, args.reportDir, args.siteUrl, baseUrl);
    // Paths as the reader would type them: relative to where the command ran, when the report is there
    const shown = files.map((file) => {
      const relative = path.relative(io.cwd, file);
      return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
    });
    io.out(`Report: ${shown.join(', ')}`);
  } catch (error) {
    io.err(
      `check: cannot write the report to ${args.reportDir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
    return 2;
  }
  io.out(report.passed ? 'PASSED: every rule holds in every run' : 'FAILED');
  return report.passed ? 0 : 1;
}

/** Stops every program still running: the check was interrupted. */
export function stopAllPrograms(): void {
  for (const pid of runningGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}
