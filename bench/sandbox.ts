/**
 * `npm run bench:sandbox`: the sandbox (`sandbox/src/node.ts`) beside Prism (`prism mock` of
 * @stoplight/prism-cli on the same bundled spec), on loopback, in one run. For two operations:
 * - GET culture currencies (`x-api-key: sandbox_bench`);
 * - POST flights live create, validated, with the spec's first request example (read through
 *   @portal/specs) as its body;
 * each server is spawned as a child process on a free port of 127.0.0.1 and measured for
 * - start-up: from spawn to the first 200 answer to that request;
 * - requests per second and p99 latency: autocannon, CONNECTIONS connections for DURATION_S seconds,
 *   after a WARMUP_S-second warm-up;
 * - memory: the RSS of the server process after the run;
 * then killed. Prints one table with the ratios sandbox / Prism and the targets (at least 10x Prism's
 * throughput, p99 under 5 ms and start-up under 1 s on the sandbox), and saves the raw results to
 * bench/results/sandbox.json. Without Prism installed, the sandbox's part runs alone and says so.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {cpus, loadavg} from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {firstExample, operations, requestMedia} from '@portal/specs';
import {bundlePath, loadBundle} from '@portal/specs/node';
import {freePort, LOOPBACK, rssBytes, spawnServer, stop} from './lib/servers';
import {markdownTable} from './lib/table';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'bench', 'results');
const KEY = 'sandbox_bench';
const CONNECTIONS = 10;
/** Seconds of each measurement (BENCH_DURATION_S, 1 to 30; 5 by default). */
const DURATION_S = Math.min(30, Math.max(1, Number(process.env.BENCH_DURATION_S) || 5));
const WARMUP_S = 1;
/** A server that has not answered this long after spawn fails the benchmark. */
const STARTUP_TIMEOUT_MS = 60_000;
const TARGETS = {throughputRatio: 10, p99Ms: 5, startupMs: 1000};

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
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rssBytes: number;
  raw: autocannon.Result;
}

type Server = 'sandbox' | 'prism';

function prismEntry(): string | undefined {
  try {
    return require.resolve('@stoplight/prism-cli/dist/index.js');
  } catch {
    return undefined;
  }
}

function command(server: Server, slug: string, port: number): string[] {
  if (server === 'sandbox') {
    // node itself (not the tsx CLI, which runs a second process), so the pid is the server's.
    return [
      '--import',
      'tsx',
      path.join(root, 'sandbox', 'src', 'node.ts'),
      '--port',
      String(port),
      '--host',
      LOOPBACK,
    ];
  }
  // Logging at warn, not Prism's default info: less work per request, in Prism's favour.
  return [
    prismEntry()!,
    'mock',
    '--host',
    LOOPBACK,
    '--port',
    String(port),
    '--verboseLevel',
    'warn',
    bundlePath(slug),
  ];
}

async function answers200(url: string, request: Target): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(1000),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

async function measure(server: Server, request: Target): Promise<Figures> {
  const port = await freePort();
  const url = `http://${LOOPBACK}:${port}${request.path}`;
  const spawned = await spawnServer(
    process.execPath,
    command(server, request.slug, port),
    () => answers200(url, request),
    {
      cwd: root,
      timeoutMs: STARTUP_TIMEOUT_MS,
    },
  );
  try {
    const options = {
      url,
      method: request.method as autocannon.Request['method'],
      headers: request.headers,
      body: request.body,
      connections: CONNECTIONS,
      timeout: 10,
    };
    await autocannon({...options, duration: WARMUP_S});
    const raw = await autocannon({...options, duration: DURATION_S});
    const rss = rssBytes(spawned.child.pid!);
    return {
      startupMs: spawned.startupMs,
      requestsPerSecond: raw.requests.average,
      p50Ms: raw.latency.p50,
      p99Ms: raw.latency.p99,
      requests: raw.requests.total,
      non2xx: raw.non2xx,
      errors: raw.errors,
      timeouts: raw.timeouts,
      rssBytes: rss,
      raw,
    };
  } finally {
    await stop(spawned.child);
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ms = (value: number) => `${value < 10 ? fixed(value, 1) : fixed(value)} ms`;
const mib = (bytes: number) => `${fixed(bytes / 1024 / 1024)} MiB`;
const rate = (value: number) => `${fixed(value)} req/s`;
const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}x` : 'n/a');
const met = (ok: boolean | undefined) => (ok === undefined ? 'n/a (no Prism)' : ok ? 'yes' : 'NO');

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  mkdirSync(results, {recursive: true});
  const loadBefore = loadAverage();
  const targets = [
    target('GET culture currencies', 'culture', 'CultureService_ListCurrencies'),
    target('POST flights live create', 'flights-live-pricing', 'FlightsService_CreateSearch'),
  ];
  const prism = prismEntry();
  const figures: {target: Target; sandbox: Figures; prism?: Figures}[] = [];
  const prismErrors: string[] = [];
  for (const request of targets) {
    console.log(`${request.label}: sandbox...`);
    const sandbox = await measure('sandbox', request);
    let other: Figures | undefined;
    if (prism) {
      console.log(`${request.label}: Prism...`);
      try {
        other = await measure('prism', request);
      } catch (error) {
        prismErrors.push(`${request.label}: Prism failed: ${(error as Error).message}`);
      }
    }
    figures.push({target: request, sandbox, prism: other});
  }

  const none = prism ? 'failed' : 'not installed';
  const rows: string[][] = [];
  for (const {target: request, sandbox, prism: other} of figures) {
    const prismCell = (format: (value: number) => string, pick: (f: Figures) => number) =>
      other ? format(pick(other)) : none;
    rows.push([
      `${request.label}: throughput`,
      rate(sandbox.requestsPerSecond),
      prismCell(rate, (f) => f.requestsPerSecond),
      ratio(sandbox.requestsPerSecond, other?.requestsPerSecond),
      `>= ${TARGETS.throughputRatio}x Prism`,
      met(other && sandbox.requestsPerSecond >= TARGETS.throughputRatio * other.requestsPerSecond),
    ]);
    rows.push([
      `${request.label}: p99 latency`,
      ms(sandbox.p99Ms),
      prismCell(ms, (f) => f.p99Ms),
      ratio(sandbox.p99Ms, other?.p99Ms),
      `< ${TARGETS.p99Ms} ms (sandbox)`,
      met(sandbox.p99Ms < TARGETS.p99Ms),
    ]);
    rows.push([
      `${request.label}: start-up, spawn to first 200`,
      ms(sandbox.startupMs),
      prismCell(ms, (f) => f.startupMs),
      ratio(sandbox.startupMs, other?.startupMs),
      `< ${TARGETS.startupMs / 1000} s (sandbox)`,
      met(sandbox.startupMs < TARGETS.startupMs),
    ]);
    rows.push([
      `${request.label}: memory, RSS after the run`,
      mib(sandbox.rssBytes),
      prismCell(mib, (f) => f.rssBytes),
      ratio(sandbox.rssBytes, other?.rssBytes),
      '-',
      '-',
    ]);
  }
  const header = ['measure', 'sandbox', 'Prism', 'sandbox/Prism', 'target', 'met'];
  const answered = figures.flatMap(({target: request, sandbox, prism: other}) =>
    (
      [
        ['sandbox', sandbox],
        ['Prism', other],
      ] as const
    ).flatMap(([name, f]) =>
      f
        ? [
            `${request.label}, ${name}: ${f.requests} requests, ${f.non2xx} not 2xx, ${f.errors} errors, ${f.timeouts} timeouts`,
          ]
        : [],
    ),
  );
  console.log(
    [
      '',
      `Sandbox benchmark: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per measurement after ${WARMUP_S} s of warm-up,`,
      `on ${LOOPBACK}, ${cpus().length} CPUs (load generator and server share them), Node ${process.version},`,
      `load average ${loadBefore} before the run and ${loadAverage()} after (other work on the machine skews every figure).`,
      'Sandbox: node --import tsx sandbox/src/node.ts, all 13 specs. Prism: @stoplight/prism-cli prism mock',
      '--verboseLevel warn, one process per bundled spec. p99 in whole ms (autocannon), of 2xx answers.',
      prism ? '' : 'Prism (@stoplight/prism-cli) is not installed here: only the sandbox was measured (run `npm ci`).',
      markdownTable(header, rows),
      '',
      ...answered,
      ...prismErrors,
      '',
    ].join('\n'),
  );
  const saved = {
    date: new Date().toISOString(),
    settings: {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      node: process.version,
      cpus: cpus().length,
    },
    prismInstalled: Boolean(prism),
    prismErrors,
    targets: TARGETS,
    results: figures,
  };
  writeFileSync(path.join(results, 'sandbox.json'), `${JSON.stringify(saved, null, 2)}\n`);
  console.log(`Raw results: ${path.relative(root, path.join(results, 'sandbox.json'))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
