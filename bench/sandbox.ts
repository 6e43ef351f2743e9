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
 * other servers run alone and say so.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {firstExample, operations, requestMedia} from '@portal/specs';
import {bundlePath, loadBundle} from '@portal/specs/node';
import {bundleWorker, readWranglerConfig} from '@portal/deploy/local';
import {startWorkerd} from '@portal/deploy/workerd';
import {freePort, LOOPBACK, rssBytes, spawnServer, stop} from './lib/servers';
import {markdownTable} from './lib/table';
import {closedWorkerd, startWorkerdCeiling, withWorkerdPid} from './lib/workerd';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'bench', 'results');
const KEY = 'sandbox_bench';
const CONNECTIONS = 10;
/** Seconds of each round (BENCH_DURATION_S, 1 to 30; 5 by default). */
const DURATION_S = Math.min(30, Math.max(1, Number(process.env.BENCH_DURATION_S) || 5));
const ROUNDS = 3;
const WARMUP_S = 1;
/** A server that has not answered this long after spawn fails the benchmark. */
const STARTUP_TIMEOUT_MS = 60_000;
const TARGETS = {throughputRatio: 10, p99Ms: 5, startupMs: 1000};

/**
 * The sandbox, Prism, the two Node ceilings of `lib/ceilingServer.ts`, the sandbox's Worker in workerd and
 * the workerd ceiling of `lib/workerd.ts`.
 */
type Server = 'sandbox' | 'prism' | 'node-http' | 'hono' | 'workerd-sandbox' | 'workerd';
type Spawnable = 'sandbox' | 'prism' | 'node-http' | 'hono';
const ceilings = ['node-http', 'hono'] as const;
/** The token secret of the workerd sandbox. */
const WORKER_SECRET = 'bench';

interface Target {
  label: string;
  slug: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request of an operation, with the spec's first request example as its body. */
function target(label: string, slug: string, operationId: string): Target {
  const doc = loadBundle(slug);
  const operation = operations(slug, doc).find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`${slug} has no operation ${operationId}`);
  if (operation.path.includes('{')) throw new Error(`${operationId}: path parameters are not supported here`);
  const media = requestMedia(doc, operation);
  const example = media && firstExample(doc, media);
  if (media && example === undefined) throw new Error(`${operationId} has no request example`);
  return {
    label,
    slug,
    method: operation.method,
    path: operation.path,
    headers: {'x-api-key': KEY, ...(media ? {'content-type': 'application/json'} : {})},
    body: media ? JSON.stringify(example) : undefined,
  };
}

interface Figures {
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

interface Running {
  server: Server;
  url: string;
  startupMs: number;
  /** The process whose RSS is the server's memory. */
  pid?: number;
  pidNote?: string;
  stop: () => Promise<void>;
  rounds: autocannon.Result[];
}

function prismEntry(): string | undefined {
  try {
    return require.resolve('@stoplight/prism-cli/dist/index.js');
  } catch {
    return undefined;
  }
}

function command(server: Spawnable, slug: string, port: number, bodyFile: string): string[] {
  const address = ['--host', LOOPBACK, '--port', String(port)];
  // node itself (not the tsx CLI, which runs a second process), so the pid is the server's.
  if (server === 'sandbox') return ['--import', 'tsx', path.join(root, 'sandbox', 'src', 'node.ts'), ...address];
  if (server === 'node-http' || server === 'hono') {
    const script = path.join(root, 'bench', 'lib', 'ceilingServer.ts');
    return ['--import', 'tsx', script, server, ...address, '--body', bodyFile];
  }
  // Logging at warn, not Prism's default info: less work per request, in Prism's favour.
  return [prismEntry()!, 'mock', ...address, '--verboseLevel', 'warn', bundlePath(slug)];
}

/** The body of a 200 answer, or undefined when the server does not answer 200 (yet). */
async function answer200(url: string, request: Target): Promise<Uint8Array | undefined> {
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(1000),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return response.status === 200 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a server; the ceilings answer the bytes of `bodyFile` (the sandbox's answer). */
async function start(server: Spawnable, request: Target, bodyFile = ''): Promise<Running> {
  const port = await freePort();
  const url = `http://${LOOPBACK}:${port}${request.path}`;
  const spawned = await spawnServer(
    process.execPath,
    command(server, request.slug, port, bodyFile),
    async () => (await answer200(url, request)) !== undefined,
    {
      cwd: root,
      timeoutMs: STARTUP_TIMEOUT_MS,
    },
  );
  const {child} = spawned;
  return {server, url, startupMs: spawned.startupMs, pid: child.pid, stop: () => stop(child), rounds: []};
}

/** Polls `url` until it answers 200, at most STARTUP_TIMEOUT_MS after `started`. */
async function untilAnswered(url: string, request: Target, started: number): Promise<void> {
  while (performance.now() - started < STARTUP_TIMEOUT_MS) {
    if ((await answer200(url, request)) !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${STARTUP_TIMEOUT_MS} ms`);
}

/**
 * Starts a workerd server (`open` gives its origin and how to close it), timed from the call to the first
 * 200 answer, with the pid of the `workerd` child it started.
 */
async function startInWorkerd(
  server: 'workerd-sandbox' | 'workerd',
  request: Target,
  open: () => Promise<{url: string; close: () => Promise<void>}>,
): Promise<Running> {
  const started = performance.now();
  const {started: worker, pid, why} = await withWorkerdPid(open);
  const url = `${worker.url}${request.path}`;
  const close = async () => {
    await worker.close();
    closedWorkerd(pid);
  };
  try {
    await untilAnswered(url, request, started);
  } catch (error) {
    await close();
    throw error;
  }
  return {server, url, startupMs: performance.now() - started, pid, pidNote: why, stop: close, rounds: []};
}

const load = (running: Running, request: Target, duration: number) =>
  autocannon({
    url: running.url,
    method: request.method as autocannon.Request['method'],
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
  });

const median = (values: number[]): number => {
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

type Measured = {
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
async function compare(
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

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ms = (value: number) => `${value < 10 ? fixed(value, 1) : fixed(value)} ms`;
const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${fixed(bytes / 1024 / 1024)} MiB`);
const rate = (value: number) => `${fixed(value)} req/s`;
const ratio = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b ? `${(a / b).toFixed(2)}x` : 'n/a';
const share = (a: number, b: number) => Number((a / b).toFixed(3));
const met = (ok: boolean | undefined) => (ok === undefined ? 'n/a (no Prism)' : ok ? 'yes' : 'NO');
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

type Format = (value: number | undefined) => string;
const defined =
  (format: (value: number) => string): Format =>
  (value) =>
    value === undefined ? 'n/a' : format(value);
/** The four measures of each operation, as [name, format, pick]. */
const measures: [string, Format, (f: Figures) => number | undefined][] = [
  ['throughput', defined(rate), (f) => f.requestsPerSecond],
  ['p99 latency', defined(ms), (f) => f.p99Ms],
  ['start-up, to first 200', defined(ms), (f) => f.startupMs],
  ['memory, RSS after the run', mib, (f) => f.rssBytes],
];

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
  const prismInstalled = Boolean(prismEntry());
  const prismErrors: string[] = [];
  const measured: ({target: Target} & Measured)[] = [];
  for (const request of targets)
    measured.push({target: request, ...(await compare(request, prismInstalled, prismErrors, compatibilityDate))});

  const none = prismInstalled ? 'failed' : 'not installed';
  const nodeRows: string[][] = [];
  const workerdRows: string[][] = [];
  for (const {
    target: request,
    sandbox,
    prism,
    'node-http': bare,
    hono,
    'workerd-sandbox': worker,
    workerd,
  } of measured) {
    const prismCell = (format: Format, pick: (f: Figures) => number | undefined) =>
      prism ? format(pick(prism)) : none;
    const checks: (boolean | undefined)[] = [
      prism && sandbox.requestsPerSecond >= TARGETS.throughputRatio * prism.requestsPerSecond,
      sandbox.p99Ms < TARGETS.p99Ms,
      sandbox.startupMs < TARGETS.startupMs,
    ];
    const targetCells = [
      `>= ${TARGETS.throughputRatio}x Prism`,
      `< ${TARGETS.p99Ms} ms (sandbox)`,
      `< ${TARGETS.startupMs / 1000} s (sandbox)`,
    ];
    measures.forEach(([measure, format, pick], index) => {
      nodeRows.push([
        `${request.label}: ${measure}`,
        format(pick(sandbox)),
        prismCell(format, pick),
        ratio(pick(sandbox), prism && pick(prism)),
        format(pick(bare)),
        ratio(pick(sandbox), pick(bare)),
        format(pick(hono)),
        ratio(pick(sandbox), pick(hono)),
        targetCells[index] ?? '-',
        index < checks.length ? met(checks[index]) : '-',
      ]);
      workerdRows.push([
        `${request.label}: ${measure}`,
        format(pick(worker)),
        format(pick(workerd)),
        ratio(pick(worker), pick(workerd)),
        ratio(pick(worker), pick(sandbox)),
        ratio(pick(worker), prism && pick(prism)),
        ratio(pick(workerd), pick(bare)),
      ]);
    });
  }
  const shares = measured.map(
    ({target: request, sandbox, prism, 'node-http': bare, 'workerd-sandbox': worker, workerd}) => ({
      operation: request.label,
      /** The sandbox's throughput as a share of the bare ceiling answering the same bytes on the same runtime. */
      nodeShareOfCeiling: share(sandbox.requestsPerSecond, bare.requestsPerSecond),
      workerdShareOfCeiling: share(worker.requestsPerSecond, workerd.requestsPerSecond),
      workerdOverNodeSandbox: share(worker.requestsPerSecond, sandbox.requestsPerSecond),
      workerdOverPrism: prism ? share(worker.requestsPerSecond, prism.requestsPerSecond) : null,
      workerdCeilingOverNodeCeiling: share(workerd.requestsPerSecond, bare.requestsPerSecond),
    }),
  );
  const shareLines = shares.map(
    (s) =>
      `${s.operation}: Node sandbox / node:http ceiling ${s.nodeShareOfCeiling.toFixed(2)}x; ` +
      `workerd sandbox / workerd ceiling ${s.workerdShareOfCeiling.toFixed(2)}x ` +
      `(workerd sandbox / Node sandbox ${s.workerdOverNodeSandbox.toFixed(2)}x, / Prism ${s.workerdOverPrism === null ? 'n/a' : `${s.workerdOverPrism.toFixed(2)}x`}).`,
  );
  const reach = measured.map(
    ({target: request, prism, 'node-http': bare}) =>
      `${request.label}: the node:http ceiling itself reaches ${ratio(bare.requestsPerSecond, prism?.requestsPerSecond)} Prism's throughput ` +
      `(the most any Node server could show here with this load generator).`,
  );
  const differs = measured
    .filter((m) => !m.sameAnswerOnBothRuntimes)
    .map(
      ({target: request, answerBytes, workerdAnswerBytes}) =>
        `${request.label}: the workerd sandbox's answer (${workerdAnswerBytes} bytes) differs from the Node sandbox's ` +
        `(${answerBytes} bytes); each ceiling answers the bytes of the sandbox on its own runtime.`,
    );
  const answered = measured.flatMap(
    ({target: request, sandbox, prism, 'node-http': bare, hono, 'workerd-sandbox': worker, workerd}) =>
      (
        [
          ['sandbox', sandbox],
          ['Prism', prism],
          ['node:http ceiling', bare],
          ['bare Hono', hono],
          ['workerd sandbox', worker],
          ['workerd ceiling', workerd],
        ] as const
      ).flatMap(([name, f]) =>
        f
          ? [
              `${request.label}, ${name}: ${f.requests} requests (${f.rounds.map((round) => fixed(round.requests.average)).join(', ')} req/s ` +
                `and p99 ${f.rounds.map((round) => round.latency.p99).join(', ')} ms by round), ${f.non2xx} not 2xx, ` +
                `${f.errors} errors, ${f.timeouts} timeouts, ${fixed(f.bytesPerAnswer)} bytes per answer` +
                (f.rssNote ? `; memory n/a: ${f.rssNote}` : ''),
            ]
          : [],
      ),
  );
  console.log(
    [
      '',
      `Sandbox benchmark: autocannon, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${DURATION_S} s per server,`,
      `the servers taking turns, after ${WARMUP_S} s of warm-up; on ${LOOPBACK}, ${cpus().length} CPUs shared by the load`,
      `generator and the servers, Node ${process.version}; load average ${loadBefore} before the run and`,
      `${loadAverage()} after (other work on the machine skews every figure).`,
      "Goal: the sandbox's throughput as a share of the bare ceiling that answers the same bytes on the same runtime",
      '(Node and workerd each).',
      'Sandbox: node --import tsx sandbox/src/node.ts (start-up from spawn, includes loading tsx), all 13 specs.',
      'Prism: @stoplight/prism-cli `prism mock --verboseLevel warn`, one process per bundled spec.',
      'Ceilings (bench/lib/ceilingServer.ts): a bare node:http server, and bare Hono on @hono/node-server, each',
      "answering every request with the sandbox's answer (the same bytes) and no other work.",
      `workerd sandbox: the sandbox's Worker bundle in workerd through Miniflare (deploy/src/workerd.ts, no limits reached),`,
      `start-up from the call to the first 200 (the bundle built once before, in ${fixed(workerBuildMs)} ms, not counted);`,
      "workerd ceiling: a bare module Worker in workerd (bench/lib/workerd.ts) answering the workerd sandbox's bytes;",
      "memory of both: the RSS of their workerd process (Miniflare's own part runs in the benchmark's process).",
      'p99: whole milliseconds (autocannon), over 2xx answers.',
      ...(prismInstalled
        ? []
        : ['Prism (@stoplight/prism-cli) is not installed here: only the other servers were measured (run `npm ci`).']),
      '',
      'Node:',
      '',
      markdownTable(
        [
          'measure',
          'sandbox',
          'Prism',
          'sandbox/Prism',
          'node:http ceiling',
          'sandbox/ceiling',
          'bare Hono',
          'sandbox/Hono',
          'target',
          'met',
        ],
        nodeRows,
      ),
      '',
      'workerd:',
      '',
      markdownTable(
        [
          'measure',
          'workerd sandbox',
          'workerd ceiling',
          'sandbox/ceiling (workerd)',
          'workerd/Node sandbox',
          'workerd sandbox/Prism',
          'workerd/node:http ceiling',
        ],
        workerdRows,
      ),
      '',
      'Shares of the ceiling (throughput):',
      ...shareLines,
      '',
      ...reach,
      ...differs,
      '',
      ...answered,
      ...prismErrors,
      '',
    ].join('\n'),
  );
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
    results: measured,
  };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  console.log(`Raw results: ${path.relative(root, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
