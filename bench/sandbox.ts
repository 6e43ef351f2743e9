/**
 * `npm run bench:sandbox`: the sandbox (`sandbox/src/node.ts`) beside Prism (`prism mock` of
 * @stoplight/prism-cli on the same bundled spec), on loopback, in one run. For two operations:
 * - GET culture currencies (`x-api-key: sandbox_bench`);
 * - POST flights live create, validated, with the spec's first request example (read through
 *   @portal/specs) as its body;
 * both servers are spawned as child processes on free ports of 127.0.0.1 and measured for
 * - start-up: from spawn to the first 200 answer to that request;
 * - requests per second and p99 latency: autocannon, CONNECTIONS connections, ROUNDS rounds of
 *   DURATION_S seconds each, the two servers taking turns (so a burst of other work on the machine
 *   falls on both), after a WARMUP_S-second warm-up; the median of the rounds is reported;
 * - memory: the RSS of the server process after the rounds;
 * then killed (also on error or Ctrl-C). Beside them, in the same turns, two ceilings
 * (`lib/ceilingServer.ts`): a bare `node:http` server and bare Hono on @hono/node-server, answering
 * the sandbox's own answer (its bytes, kept in a file) with no other work: on 2 cores shared with the
 * load generator, the most any Node server can show with that answer. Also in the same turns, the
 * Workers build of the sandbox in workerd (`startWorkerd` of deploy/src/workerd.ts: Miniflare, no rate
 * limits reached, secret `bench`) and the workerd ceiling (`lib/workerd.ts`: a bare module Worker in
 * workerd answering the workerd sandbox's own answer); their start-up is from the call to the first 200
 * (the Worker's bundle, built once before, apart) and their memory the RSS of the `workerd` process.
 * The goal restated: the sandbox's throughput as a share of the bare ceiling that answers the same bytes
 * on the same runtime (Node and workerd each). Prints two tables, Node (ratios sandbox / Prism, sandbox /
 * each ceiling and the targets: at least 10x Prism's throughput, p99 under 5 ms and start-up under 1 s
 * on the sandbox) and workerd (the workerd sandbox / the workerd ceiling, / the Node sandbox, / Prism),
 * the two shares, and saves the raw results to bench/results/sandbox.json. Without Prism installed, the
 * other servers run alone and say so. Its parts: the servers and how each is started and loaded
 * (./lib/sandboxServers.ts), the rounds and their figures (./lib/sandboxRounds.ts), the printed report
 * (./lib/sandboxReport.ts).
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {cpus} from 'node:os';
import path from 'node:path';
import {bundleWorker, readWranglerConfig} from '@portal/deploy/local';
import {CONNECTIONS, prismEntry, target, type Target} from './lib/sandboxServers';
import {compare, DURATION_S, ROUNDS, WARMUP_S, type Before, type Measured} from './lib/sandboxRounds';
import {beforeCheckout, beforeStartWorkerd} from './lib/sandboxBefore';
import {loadAverage, sandboxReport, TARGETS} from './lib/sandboxReport';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'bench', 'results');

async function main(): Promise<void> {
  mkdirSync(results, {recursive: true});
  const loadBefore = loadAverage();
  const targets = [
    target('GET culture currencies', 'culture', 'CultureService_ListCurrencies'),
    target('POST flights live create', 'flights-live-pricing', 'FlightsService_CreateSearch'),
  ];
  // The Worker's bundle and wrangler's modules, once, before any start-up is timed (a deploy ships the bundle)
  console.log('Building the sandbox Worker (esbuild) and reading wrangler.jsonc...');
  const buildStarted = performance.now();
  await bundleWorker();
  const compatibilityDate = readWranglerConfig().compatibility_date!;
  const workerBuildMs = performance.now() - buildStarted;
  const checkout = beforeCheckout();
  const before: Before | undefined = checkout && {
    root: checkout.root,
    startWorkerd: await beforeStartWorkerd(checkout.root),
  };
  const prismInstalled = Boolean(prismEntry());
  const prismErrors: string[] = [];
  const measured: ({target: Target} & Measured)[] = [];
  for (const request of targets)
    measured.push({
      target: request,
      ...(await compare(request, prismInstalled, prismErrors, compatibilityDate, before)),
    });

  const {text, shares, beforeAfter} = sandboxReport(measured, {
    loadBefore,
    workerBuildMs,
    prismInstalled,
    prismErrors,
    beforeCommit: checkout?.commit,
  });
  console.log(text);
  const file = path.join(results, 'sandbox.json');
  const saved = {
    date: new Date().toISOString(),
    loadAverage: {before: loadBefore, after: loadAverage()},
    settings: {connections: CONNECTIONS, durationS: DURATION_S, rounds: ROUNDS, warmupS: WARMUP_S},
    machine: {node: process.version, cpus: cpus().length},
    prismInstalled,
    prismErrors,
    targets: TARGETS,
    workerBuildMs,
    shares,
    ...(checkout ? {before: {folder: checkout.root, commit: checkout.commit, shares: beforeAfter}} : {}),
    results: measured,
  };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  console.log(`Raw results: ${path.relative(root, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
