/**
 * The report of `bench:sandbox` (bench/sandbox.ts) from the figures of its rounds (./sandboxRounds.ts): the
 * Node table (the sandbox beside Prism and the two Node ceilings, with the targets met or not), the workerd
 * table (the workerd sandbox beside the workerd ceiling, the Node sandbox and Prism), the shares of the
 * ceilings, and each server's requests, answers and errors round by round, as the text the script prints;
 * and the shares as the script saves them.
 */
import {cpus, loadavg} from 'node:os';
import {LOOPBACK} from './servers';
import {CONNECTIONS, type Target} from './sandboxServers';
import {DURATION_S, ROUNDS, WARMUP_S, type Figures, type Measured} from './sandboxRounds';
import {markdownTable} from './table';
import {beforeAfterReport, beforeAfterVerdict, roundShares} from './sandboxBefore';

export const TARGETS = {throughputRatio: 10, p99Ms: 5, startupMs: 1000};

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ms = (value: number) => `${value < 10 ? fixed(value, 1) : fixed(value)} ms`;
const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${fixed(bytes / 1024 / 1024)} MiB`);
const rate = (value: number) => `${fixed(value)} req/s`;
const ratio = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b ? `${(a / b).toFixed(2)}x` : 'n/a';
const share = (a: number, b: number) => Number((a / b).toFixed(3));
const met = (ok: boolean | undefined) => (ok === undefined ? 'n/a (no Prism)' : ok ? 'yes' : 'NO');
export const loadAverage = () =>
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

/** The run around the rounds, as the report says it. */
export interface SandboxRun {
  loadBefore: string;
  workerBuildMs: number;
  prismInstalled: boolean;
  prismErrors: string[];
  /** The earlier checkout's commit, when BENCH_BEFORE named one. */
  beforeCommit?: string;
}

/** The text `bench:sandbox` prints, and the shares of the ceilings it saves. */
export function sandboxReport(measured: ({target: Target} & Measured)[], run: SandboxRun) {
  const {loadBefore, workerBuildMs, prismInstalled, prismErrors, beforeCommit} = run;
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
  const beforeAfter = measured.flatMap((m) => {
    const pairs = [];
    const before = m['sandbox-before'];
    const workerBefore = m['workerd-sandbox-before'];
    if (before)
      pairs.push({
        operation: m.target.label,
        runtime: 'Node' as const,
        before: roundShares(before.rounds, (m['node-http-before'] ?? m['node-http']).rounds),
        ownCeiling: Boolean(m['node-http-before']),
        after: roundShares(m.sandbox.rounds, m['node-http'].rounds),
        paired: roundShares(m.sandbox.rounds, before.rounds),
      });
    if (workerBefore)
      pairs.push({
        operation: m.target.label,
        runtime: 'workerd' as const,
        before: roundShares(workerBefore.rounds, (m['workerd-before'] ?? m.workerd).rounds),
        ownCeiling: Boolean(m['workerd-before']),
        after: roundShares(m['workerd-sandbox'].rounds, m.workerd.rounds),
        paired: roundShares(m['workerd-sandbox'].rounds, workerBefore.rounds),
      });
    return pairs.map(beforeAfterVerdict);
  });
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
    ({target: request, sandbox, prism, 'node-http': bare, hono, 'workerd-sandbox': worker, workerd, ...m}) =>
      (
        [
          ['sandbox', sandbox],
          ['Prism', prism],
          ['node:http ceiling', bare],
          ['bare Hono', hono],
          ['workerd sandbox', worker],
          ['workerd ceiling', workerd],
          ['sandbox before', m['sandbox-before']],
          ['workerd sandbox before', m['workerd-sandbox-before']],
          ['node:http ceiling of the sandbox before', m['node-http-before']],
          ['workerd ceiling of the workerd sandbox before', m['workerd-before']],
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
  const text = [
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
    ...(beforeCommit ? [beforeAfterReport(beforeCommit, beforeAfter), ''] : []),
    ...answered,
    ...prismErrors,
    '',
  ].join('\n');
  return {text, shares, beforeAfter};
}
