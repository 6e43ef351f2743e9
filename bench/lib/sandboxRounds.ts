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
export const ROUNDS = 3;
export const WARMUP_S = 1;

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
  answerBytes: number;
  /** The workerd sandbox's answer, which the workerd ceiling answers, and whether it is the Node sandbox's bytes. */
  workerdAnswerBytes: number;
  sameAnswerOnBothRuntimes: boolean;
};

/** Every server on one operation: start-up each, warm-up, rounds taking turns, RSS; then stopped. */
export async function compare(
  request: Target,
  withPrism: boolean,
  prismErrors: string[],
  compatibilityDate: string,
): Promise<Measured> {
  const started: Running[] = [];
  try {
    console.log(`${request.label}: starting the sandbox...`);
    started.push(await start('sandbox', request));
    const answer = (await answer200(started[0].url, request))!;
    const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-sandbox-')), 'answer.json');
    writeFileSync(bodyFile, answer);
    for (const ceiling of ceilings) {
      console.log(
        `${request.label}: starting the ${ceiling} ceiling (the sandbox's answer, ${answer.length} bytes)...`,
      );
      started.push(await start(ceiling, request, bodyFile));
    }
    rmSync(path.dirname(bodyFile), {recursive: true});
    console.log(`${request.label}: starting the sandbox in workerd...`);
    const workerdSandbox = await startInWorkerd('workerd-sandbox', request, () =>
      startWorkerd({secret: WORKER_SECRET}),
    );
    started.push(workerdSandbox);
    const workerdAnswer = (await answer200(workerdSandbox.url, request))!;
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
      answerBytes: answer.length,
      workerdAnswerBytes: workerdAnswer.length,
      sameAnswerOnBothRuntimes: Buffer.from(answer).equals(Buffer.from(workerdAnswer)),
    };
  } finally {
    for (const running of started) await running.stop();
  }
}
