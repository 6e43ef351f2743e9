/**
 * The rounds of `bench:sandbox` (bench/sandbox.ts) on one operation (`compare`): every server started
 * (./sandboxServers.ts; the ceilings answering the sandbox's own bytes, kept in a file), warmed up, then
 * ROUNDS rounds of DURATION_S seconds taking turns (the order reversed every other round), the RSS of
 * each after them; and each server's figures, the medians of its rounds (`figures`).
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {startWorkerd} from '@portal/deploy/workerd';
import {rssBytes} from './servers';
import {
  answer200,
  ceilings,
  load,
  start,
  startInWorkerd,
  WORKER_SECRET,
  type Running,
  type Target,
} from './sandboxServers';
import {startWorkerdCeiling} from './workerd';

/** Seconds of each round (BENCH_DURATION_S, 1 to 30; 5 by default). */
export const DURATION_S = Math.min(30, Math.max(1, Number(process.env.BENCH_DURATION_S) || 5));
/** Rounds per server (BENCH_ROUNDS, 1 to 15; 3 by default). */
export const ROUNDS = Math.min(15, Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS)) || 3));
/** Seconds of warm-up per server before the rounds (BENCH_WARMUP_S, 1 to 60; 1 by default). */
export const WARMUP_S = Math.min(60, Math.max(1, Number(process.env.BENCH_WARMUP_S) || 1));

export interface Figures {
  startupMs: number;
  /** Medians of the rounds. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Sums over the rounds. */
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerAnswer: number;
  /** Undefined when the process could not be found (`rssNote` says why). */
  rssBytes?: number;
  rssNote?: string;
  rounds: autocannon.Result[];
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

function figures(running: Running): Figures {
  const {rounds} = running;
  const requests = sum(rounds.map((round) => round.requests.total));
  return {
    startupMs: running.startupMs,
    requestsPerSecond: median(rounds.map((round) => round.requests.average)),
    p50Ms: median(rounds.map((round) => round.latency.p50)),
    p99Ms: median(rounds.map((round) => round.latency.p99)),
    requests,
    non2xx: sum(rounds.map((round) => round.non2xx)),
    errors: sum(rounds.map((round) => round.errors)),
    timeouts: sum(rounds.map((round) => round.timeouts)),
    bytesPerAnswer: requests ? sum(rounds.map((round) => round.throughput.total)) / requests : 0,
    ...(running.pid === undefined ? {rssNote: running.pidNote ?? 'no process id'} : {rssBytes: rssBytes(running.pid)}),
    rounds,
  };
}

export type Measured = {
  sandbox: Figures;
  prism?: Figures;
  'node-http': Figures;
  hono: Figures;
  'workerd-sandbox': Figures;
  workerd: Figures;
  /** The earlier checkout's sandboxes (BENCH_BEFORE, ./sandboxBefore.ts), when one is named. */
  'sandbox-before'?: Figures;
  'workerd-sandbox-before'?: Figures;
  /** Their ceilings, when they answer other bytes than ours. */
  'node-http-before'?: Figures;
  'workerd-before'?: Figures;
  answerBytes: number;
  /** The workerd sandbox's answer, which the workerd ceiling answers, and whether it is the Node sandbox's bytes. */
  workerdAnswerBytes: number;
  sameAnswerOnBothRuntimes: boolean;
};

/** An earlier checkout whose sandboxes join the turns (./sandboxBefore.ts). */
export interface Before {
  root: string;
  startWorkerd: (options: {secret: string}) => Promise<{url: string; close: () => Promise<void>}>;
}

/** Writes an answer to a file for a ceiling to answer, runs `use`, and removes the file. */
async function withBodyFile<T>(answer: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-sandbox-')), 'answer.json');
  writeFileSync(bodyFile, answer);
  try {
    return await use(bodyFile);
  } finally {
    rmSync(path.dirname(bodyFile), {recursive: true});
  }
}

/**
 * Starts an earlier checkout's sandbox; when its answer is not as long as ours, also a ceiling answering
 * its bytes (`ceiling`), so its share is of a ceiling answering the same bytes. Length, not equality: a live
 * create's answers differ call by call in their session token (it carries the call's clock), never in length.
 */
async function startBefore(
  request: Target,
  ours: Uint8Array,
  starting: () => Promise<Running>,
  ceiling: (bytes: Uint8Array) => Promise<Running>,
): Promise<Running[]> {
  const running = await starting();
  const bytes = (await answer200(running.url, request))!;
  if (bytes.length === ours.length) return [running];
  console.log(
    `${request.label}: ${running.server} answers ${bytes.length} bytes (ours ${ours.length}); its own ceiling...`,
  );
  return [running, await ceiling(bytes)];
}

/** Every server on one operation: start-up each, warm-up, rounds taking turns, RSS; then stopped. */
export async function compare(
  request: Target,
  withPrism: boolean,
  prismErrors: string[],
  compatibilityDate: string,
  before?: Before,
): Promise<Measured> {
  const started: Running[] = [];
  try {
    console.log(`${request.label}: starting the sandbox...`);
    started.push(await start('sandbox', request));
    const answer = (await answer200(started[0].url, request))!;
    await withBodyFile(answer, async (bodyFile) => {
      for (const ceiling of ceilings) {
        console.log(
          `${request.label}: starting the ${ceiling} ceiling (the sandbox's answer, ${answer.length} bytes)...`,
        );
        started.push(await start(ceiling, request, bodyFile));
      }
    });
    if (before) {
      console.log(`${request.label}: starting the sandbox of ${before.root}...`);
      started.push(
        ...(await startBefore(
          request,
          answer,
          () => start('sandbox-before', request, '', before.root),
          (bytes) => withBodyFile(bytes, (bodyFile) => start('node-http-before', request, bodyFile)),
        )),
      );
    }
    console.log(`${request.label}: starting the sandbox in workerd...`);
    const workerdSandbox = await startInWorkerd('workerd-sandbox', request, () =>
      startWorkerd({secret: WORKER_SECRET}),
    );
    started.push(workerdSandbox);
    const workerdAnswer = (await answer200(workerdSandbox.url, request))!;
    if (before) {
      console.log(`${request.label}: starting the Worker of ${before.root} in workerd...`);
      started.push(
        ...(await startBefore(
          request,
          workerdAnswer,
          () => startInWorkerd('workerd-sandbox-before', request, () => before.startWorkerd({secret: WORKER_SECRET})),
          (bytes) => startInWorkerd('workerd-before', request, () => startWorkerdCeiling(bytes, compatibilityDate)),
        )),
      );
    }
    console.log(
      `${request.label}: starting the workerd ceiling (the workerd sandbox's answer, ${workerdAnswer.length} bytes)...`,
    );
    started.push(await startInWorkerd('workerd', request, () => startWorkerdCeiling(workerdAnswer, compatibilityDate)));
    if (withPrism) {
      console.log(`${request.label}: starting Prism...`);
      try {
        started.push(await start('prism', request));
      } catch (error) {
        prismErrors.push(`${request.label}: Prism did not start: ${(error as Error).message}`);
      }
    }
    for (const running of started) await load(running, request, WARMUP_S);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...started].reverse() : started;
      for (const running of order) {
        console.log(`${request.label}: round ${round + 1} of ${ROUNDS}, ${running.server}, ${DURATION_S} s...`);
        running.rounds.push(await load(running, request, DURATION_S));
      }
    }
    const by = new Map(started.map((running) => [running.server, figures(running)]));
    return {
      sandbox: by.get('sandbox')!,
      prism: by.get('prism'),
      'node-http': by.get('node-http')!,
      hono: by.get('hono')!,
      'workerd-sandbox': by.get('workerd-sandbox')!,
      workerd: by.get('workerd')!,
      'sandbox-before': by.get('sandbox-before'),
      'workerd-sandbox-before': by.get('workerd-sandbox-before'),
      'node-http-before': by.get('node-http-before'),
      'workerd-before': by.get('workerd-before'),
      answerBytes: answer.length,
      workerdAnswerBytes: workerdAnswer.length,
      sameAnswerOnBothRuntimes: Buffer.from(answer).equals(Buffer.from(workerdAnswer)),
    };
  } finally {
    for (const running of started) await running.stop();
  }
}
