/**
 * `check --hosted <portal origin> -- <program>`: the command's side of a hosted run (../hosted/api.ts on the portal's
 * Worker). It makes a run with a sandbox key of its own (`sandbox_check_` and 128 random bits), runs the
 * program once per scenario on this machine with `API_BASE_URL` set to that scenario's base URL on the portal
 * and `API_KEY` to the key (the run is told the SHA-256 of the files the command names and the git commit it
 * runs at, ./programSource.ts), tells the run how each program ended, and writes the run's report files (the same
 * as the local check's, plus `attestation.json`) to the report folder. The portal records and judges the
 * calls; this machine only runs the program. With `--for`, it then judges the signed statement against each
 * named API's go-live policy, as `verify --for` will (../attest/decide.ts), and says what is missing. Exit
 * codes as the local check: 0 passed (and met each policy), 1 failed (or a policy is not met), 2 the portal
 * cannot be reached or refuses the run, or the program cannot start. Interrupted (Ctrl+C, ./command.ts), the
 * command says what became of the run (`interruptedRun`) and exits 130.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import createClient from 'openapi-fetch';
import type {paths} from '@portal/specs/types/check-api';
import type {CheckScenario, ProgramEnd} from '../model';
import {CannotStart, runProgram} from './runProgram';
import {programSource} from './programSource';
import {stderrExcerpt} from './summary';
import {RUN_FILES, type RunFile} from '../hosted/limits';
import {decide} from '../attest/decide';
import type {NamedPolicy} from '../attest/policy';
import {unverifiedStatement} from '../attest/verify';

export interface HostedArgs {
  origin: string;
  command: string;
  args: string[];
  scenarios: CheckScenario[];
  timeoutS: number;
  reportDir: string;
  partner?: string;
  challenge?: string;
  /** The go-live policies to judge the run against (`--for`). */
  policies?: NamedPolicy[];
}

export interface HostedIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The portal's fetch (tests pass their own; `fetch` unless given). */
  fetch?: typeof fetch;
}

/** A key of this run only: the portal ties the run to it. */
const runKey = (): string =>
  `sandbox_check_${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;

/** The error body's message of an answer the portal refused, or its status. */
function refusal(response: Response, error: unknown): string {
  const message = (error as {message?: unknown} | undefined)?.message;
  if (typeof message === 'string') return `${response.status}: ${message}`;
  // Not the check's error body (a proxy in between, or another site)
  return `${response.status} ${typeof error === 'string' ? error.slice(0, 200).trim() : ''}`.trim();
}

function describeEnd(end: ProgramEnd, calls: number): string {
  const seconds = `${(end.durationMs / 1000).toFixed(1)} s`;
  const how = end.timedOut
    ? `was stopped at the time limit (${seconds})`
    : end.signal
      ? `ended by ${end.signal} after ${seconds}`
      : `exited ${end.exitCode} after ${seconds}`;
  return `the program ${how}, ${calls} call${calls === 1 ? '' : 's'}`;
}

/** Where the hosted run of this process is, for what an interrupted command says of it. */
let under:
  | {step: 'making'}
  | {step: 'recording' | 'finishing' | 'fetching'; url: string; expiresAt: string; result?: string}
  | undefined;

/**
 * What became of the hosted run when the command is interrupted, in sentences; undefined when none is under way.
 * Only this command holds the run's key, so a run it leaves is left for good.
 */
export function interruptedRun(): string | undefined {
  if (!under) return undefined;
  const again = 'Run the check again for a signed verdict.';
  if (under.step === 'making')
    return `check: interrupted while the portal made the run: no program ran, and no run of it will be judged. ${again}`;
  const {url, expiresAt} = under;
  const kept = `Only this command held its key, so no one can finish it or read its files now; the portal deletes it at ${expiresAt}.`;
  if (under.step === 'recording')
    return `check: interrupted: hosted run ${url} is abandoned. It was not finished, so it is not judged or signed, and it has no reports and no attestation. ${kept} ${again}`;
  if (under.step === 'finishing')
    return `check: interrupted while the portal finished hosted run ${url}: it may be judged and signed there, but its files were not fetched. ${kept} ${again}`;
  return `check: interrupted while fetching the files of hosted run ${url}: it is judged (${under.result}) and signed, but the report folder is incomplete. ${kept} ${again}`;
}

/** Runs the whole hosted check; returns the exit code. */
export async function runHostedCheck(args: HostedArgs, io: HostedIo): Promise<number> {
  try {
    return await hostedCheck(args, io);
  } finally {
    under = undefined;
  }
}

async function hostedCheck(args: HostedArgs, io: HostedIo): Promise<number> {
  const send = io.fetch ?? fetch;
  const key = runKey();
  // The check API's client, typed from its specification (specs/check-api/openapi.yaml)
  const client = createClient<paths>({
    baseUrl: args.origin,
    headers: {'x-api-key': key},
    fetch: (request: Request) =>
      send(request, {signal: AbortSignal.timeout(60_000)}).catch((error: unknown) => {
        throw new Error(`cannot reach ${args.origin}: ${error instanceof Error ? error.message : String(error)}`);
      }),
  });
  try {
    const source = await programSource(args.command, args.args, io.cwd, args.reportDir);
    under = {step: 'making'};
    const created = await client.POST('/check/v1/runs', {
      body: {
        ...source,
        scenarios: args.scenarios,
        program: [args.command, ...args.args].join(' ').slice(0, 200),
        timeoutSeconds: args.timeoutS,
        ...(args.partner !== undefined ? {partner: args.partner} : {}),
        ...(args.challenge !== undefined ? {challenge: args.challenge} : {}),
      },
    });
    if (created.response.status !== 201 || !created.data) {
      io.err(`check: ${args.origin} refused the run: ${refusal(created.response, created.error)}`);
      return 2;
    }
    const run = created.data;
    const runId = {params: {path: {runId: run.id}}};
    io.out(`Hosted run ${run.url} (kept until ${run.expiresAt})`);
    const declared = [
      ...(source.programFiles ?? []).map((file) => `${file.path} sha256:${file.sha256.slice(0, 12)}…`),
      ...(source.programCommit
        ? [`commit ${source.programCommit.commit.slice(0, 12)}${source.programCommit.dirty ? ' with changes' : ''}`]
        : []),
    ];
    if (declared.length) io.out(`Program, as signed into the attestation: ${declared.join(', ')}`);
    const where = {url: run.url, expiresAt: run.expiresAt};
    under = {step: 'recording', ...where};

    const programs: Partial<Record<CheckScenario, Omit<ProgramEnd, 'stderrTail' | 'flooded'>>> = {};
    for (const {scenario, baseUrl} of run.runs) {
      let end: ProgramEnd;
      try {
        end = await runProgram({
          command: args.command,
          args: args.args,
          cwd: io.cwd,
          env: {...io.env, API_BASE_URL: baseUrl, API_KEY: key},
          timeLimitMs: Math.round(args.timeoutS * 1000),
        }).done;
      } catch (error) {
        if (!(error instanceof CannotStart)) throw error;
        io.err(`check: ${error.message}`);
        return 2;
      }
      const {exitCode, signal, timedOut, durationMs} = end;
      programs[scenario] = {exitCode, signal, timedOut, durationMs};
      const state = await client.GET('/check/v1/runs/{runId}', runId);
      const calls = state.data?.calls[scenario] ?? 0;
      io.out(`${scenario}: ${describeEnd(end, calls)}`);
      if (!calls && end.stderrTail.trim())
        io.out(
          ['  it made no call; its stderr said:', ...stderrExcerpt(end.stderrTail).map((line) => `    ${line}`)].join(
            '\n',
          ),
        );
    }

    under = {step: 'finishing', ...where};
    const finished = await client.POST('/check/v1/runs/{runId}/finish', {...runId, body: {programs}});
    if (!finished.data) {
      io.err(`check: the run could not be finished: ${refusal(finished.response, finished.error)}`);
      return 2;
    }
    const verdict = finished.data;
    under = {step: 'fetching', ...where, result: verdict.result};
    for (const judged of verdict.runs) {
      const count = (outcome: string) => judged.verdicts.filter((item) => item.outcome === outcome).length;
      io.out(
        `${judged.scenario}: ${count('pass')} passed, ${count('fail')} failed, ${count('not-exercised')} not exercised`,
      );
      for (const item of judged.verdicts.filter((candidate) => candidate.outcome === 'fail'))
        io.out(`  ✗ ${item.rule}: ${item.detail}`);
    }
    for (const problem of verdict.problems) io.out(`✗ ${problem}`);

    await mkdir(args.reportDir, {recursive: true});
    const written: string[] = [];
    let attestation: Uint8Array | undefined;
    for (const name of Object.keys(RUN_FILES) as RunFile[]) {
      const answer = await client.GET('/check/v1/runs/{runId}/{file}', {
        params: {path: {runId: run.id, file: name}},
        parseAs: 'arrayBuffer',
      });
      if (!answer.data) {
        io.err(`check: ${name} could not be fetched: ${refusal(answer.response, answer.error)}`);
        return 2;
      }
      const file = path.join(args.reportDir, name);
      await writeFile(file, new Uint8Array(answer.data));
      if (name === 'attestation.json') attestation = new Uint8Array(answer.data);
      const relative = path.relative(io.cwd, file);
      written.push(relative.startsWith('..') || path.isAbsolute(relative) ? file : relative);
    }
    io.out(`Report: ${written.join(', ')}`);
    io.out(verdict.result === 'PASSED' ? 'PASSED: every rule holds in every run' : 'FAILED');
    const policies = args.policies ?? [];
    if (!policies.length) return verdict.result === 'PASSED' ? 0 : 1;
    // The statement as signed: what the provider's verify --for judges
    const statement = unverifiedStatement(attestation ?? new Uint8Array());
    if (typeof statement === 'string') {
      io.err(`check: attestation.json cannot be read: ${statement}`);
      return 2;
    }
    const {reasons} = decide(statement, {policies: args.policies});
    const names = policies.map(({name}) => name).join(', ');
    for (const reason of reasons.filter((line) => !line.startsWith('FAILED: '))) io.out(`✗ ${reason}`);
    const meets = !reasons.some((line) => !line.startsWith('FAILED: '));
    io.out(
      verdict.result === 'PASSED' && meets
        ? `ACCEPTABLE: the run meets the go-live policy of ${names}`
        : `NOT ACCEPTABLE for ${names}: ${meets ? 'the run failed' : 'the run does not meet the policy'}`,
    );
    return verdict.result === 'PASSED' && meets ? 0 : 1;
  } catch (error) {
    io.err(`check: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
