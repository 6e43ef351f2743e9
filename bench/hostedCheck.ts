/**
 * `npm run bench:hosted-check`: the CPU time the hosted integration check spends per call it records, in
 * workerd (the portal's Worker through Miniflare, `startWorkerd` of deploy/src/workerd.ts), against the
 * platform's smallest per-request CPU limit. The same calls (GET culture currencies and the validated POST
 * flights live create, taking turns) go once straight to the Worker's sandbox (`/apiservices/`, the baseline,
 * in the same run) and once through hosted runs (`<run>/<segment>/apiservices/`: the Worker, the run's Durable
 * Object, its recorder and storage, the same sandbox); then each run is finished (judged, reported, signed).
 *
 * CPU time is the `workerd` process's (user + system, from /proc/<pid>/stat, in clock ticks) over each phase
 * divided by its calls: everything workerd did for them, its HTTP handling included, so an upper bound of what
 * the platform would count for the Worker. Linux only. Prints a table; writes bench/results/hosted-check.json
 * with the load average before and after.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {HOSTED_MAX_CALLS_PER_SCENARIO} from '@portal/check/hosted/limits';
import {startWorkerd} from '@portal/deploy/workerd';
import {exampleBody, exampleUrl, op} from '@portal/sandbox/testing';
import {closedWorkerd, withWorkerdPid} from './lib/workerd';
import {markdownTable} from './lib/table';

/**
 * The smallest CPU time a Worker request may use on the platform: Workers Free, 10 ms (Cloudflare's Workers
 * limits page); a Durable Object request has 30 s by default (Durable Objects limits page).
 */
const SMALLEST_CPU_LIMIT_MS = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Calls per run: the most one scenario records, less the few the bench leaves free. */
const CALLS_PER_RUN = HOSTED_MAX_CALLS_PER_SCENARIO - 10;
const KEY = 'sandbox_bench_hosted_check';
const TICK_MS = 1000 / 100;

/** CPU ms the process has used (user + system). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the whole line: 12th and 13th after `state`
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const currenciesPath = new URL(exampleUrl(op('CultureService_ListCurrencies'))).pathname;
const createPath = new URL(exampleUrl(op('FlightsService_CreateSearch'))).pathname;
const createBody = JSON.stringify(exampleBody(op('FlightsService_CreateSearch')));

/** The calls of one phase, in turns: a GET and a validated POST. */
async function calls(base: string, count: number): Promise<void> {
  for (let at = 0; at < count; at++) {
    const answer =
      at % 2 === 0
        ? await fetch(`${base}${currenciesPath}`, {headers: {'x-api-key': KEY}})
        : await fetch(`${base}${createPath}`, {
            method: 'POST',
            headers: {'x-api-key': KEY, 'content-type': 'application/json'},
            body: createBody,
          });
    if (answer.status !== 200) throw new Error(`${base}: answered ${answer.status}: ${await answer.text()}`);
    await answer.arrayBuffer();
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const {started: worker, pid, why} = await withWorkerdPid(() => startWorkerd());
  if (pid === undefined) throw new Error(`bench:hosted-check reads workerd's CPU time from /proc: ${why}`);
  try {
    const phases = {direct: {cpu: 0, calls: 0}, hosted: {cpu: 0, calls: 0}, finish: {cpu: 0, calls: 0, runs: 0}};
    // One warm-up of each path, uncounted
    await calls(worker.url, 20);
    for (let round = 0; round < RUNS; round++) {
      let before = cpuMs(pid);
      await calls(worker.url, CALLS_PER_RUN);
      phases.direct.cpu += cpuMs(pid) - before;
      phases.direct.calls += CALLS_PER_RUN;

      const made = await fetch(`${worker.url}/check/v1/runs`, {
        method: 'POST',
        headers: {'x-api-key': KEY, 'content-type': 'application/json'},
        body: JSON.stringify({scenarios: ['normal'], program: 'bench'}),
      });
      if (made.status !== 201) throw new Error(`the run was refused: ${made.status} ${await made.text()}`);
      const run = (await made.json()) as {url: string; runs: {baseUrl: string}[]};
      before = cpuMs(pid);
      await calls(run.runs[0].baseUrl, CALLS_PER_RUN);
      phases.hosted.cpu += cpuMs(pid) - before;
      phases.hosted.calls += CALLS_PER_RUN;

      before = cpuMs(pid);
      const finished = await fetch(`${run.url}/finish`, {
        method: 'POST',
        headers: {'x-api-key': KEY, 'content-type': 'application/json'},
        body: '{}',
      });
      if (!finished.ok) throw new Error(`the run could not be finished: ${finished.status} ${await finished.text()}`);
      await finished.arrayBuffer();
      phases.finish.cpu += cpuMs(pid) - before;
      phases.finish.calls += CALLS_PER_RUN;
      phases.finish.runs++;
      console.log(`round ${round + 1} of ${RUNS} done`);
    }
    const perCall = (phase: {cpu: number; calls: number}) => phase.cpu / phase.calls;
    const direct = perCall(phases.direct);
    const hosted = perCall(phases.hosted);
    const finishPerRun = phases.finish.cpu / phases.finish.runs;
    const loadAfter = os.loadavg();
    console.log(
      markdownTable(
        ['path', 'calls', 'workerd CPU per call', 'hosted / direct', `share of the ${SMALLEST_CPU_LIMIT_MS} ms limit`],
        [
          [
            'straight to the sandbox (/apiservices/)',
            String(phases.direct.calls),
            `${direct.toFixed(2)} ms`,
            '1.00',
            `${((direct / SMALLEST_CPU_LIMIT_MS) * 100).toFixed(0)} %`,
          ],
          [
            'through a hosted run (recorded, stored)',
            String(phases.hosted.calls),
            `${hosted.toFixed(2)} ms`,
            (hosted / direct).toFixed(2),
            `${((hosted / SMALLEST_CPU_LIMIT_MS) * 100).toFixed(0)} %`,
          ],
          [
            `finish: judge, report, sign (${CALLS_PER_RUN} calls a run)`,
            `${phases.finish.runs} runs`,
            `${finishPerRun.toFixed(0)} ms a run`,
            '',
            'one request of a Durable Object (30 s by default)',
          ],
        ],
      ),
    );
    console.log(
      `load average before ${loadBefore.map((load) => load.toFixed(2)).join(' ')}, after ${loadAfter.map((load) => load.toFixed(2)).join(' ')}; ${os.cpus().length} cores`,
    );
    const results = path.resolve(__dirname, 'results');
    mkdirSync(results, {recursive: true});
    writeFileSync(
      path.join(results, 'hosted-check.json'),
      JSON.stringify(
        {loadBefore, loadAfter, phases, perCallMs: {direct, hosted}, finishPerRunMs: finishPerRun},
        null,
        2,
      ),
    );
  } finally {
    await worker.close();
    closedWorkerd(pid);
  }
}

main().catch((error: unknown) => {
  console.error(`bench:hosted-check: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
