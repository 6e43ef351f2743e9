/**
 * `bench:sandbox` beside an earlier version of this repository (`BENCH_BEFORE=<folder>`: another checkout,
 * installed with `npm ci` and its specs bundled): its Node sandbox and its Worker in workerd join the same
 * turns as ours, and the report says, per operation and runtime, each one's throughput as a share of the
 * ceiling that answers the same bytes, round by round, with the spread of the rounds as the run's noise.
 * The shares are taken per round (each sandbox and its ceiling measured in the same turn), so a burst of
 * other work on the machine falls on both halves of a share.
 */
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';
import {median} from './sandboxRounds';
import {markdownTable} from './table';

/** The earlier checkout, when BENCH_BEFORE names one; a folder that is not one stops the benchmark. */
export function beforeCheckout(): {root: string; commit: string} | undefined {
  const folder = process.env.BENCH_BEFORE;
  if (!folder) return undefined;
  const root = path.resolve(folder);
  const entry = path.join(root, 'sandbox', 'src', 'node.ts');
  if (!existsSync(entry)) throw new Error(`BENCH_BEFORE=${folder}: no sandbox/src/node.ts there`);
  if (!existsSync(path.join(root, 'node_modules', 'tsx')))
    throw new Error(`BENCH_BEFORE=${folder}: not installed (run npm ci there, then npm run specs:bundle)`);
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], {encoding: 'utf8'}).trim();
  return {root, commit};
}

/** The module that starts a checkout's Worker in workerd: deploy's, or test-utils' before the deploy package. */
export function workerdModule(root: string): string {
  const candidates = [path.join(root, 'deploy', 'src', 'workerd.ts'), path.join(root, 'test-utils', 'workerd.ts')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`${root}: neither ${candidates.join(' nor ')} exists`);
  return found;
}

type Starter = (options: {secret: string}) => Promise<{url: string; close: () => Promise<void>}>;

/** The checkout's `startWorkerd`, loaded from its own files (and so its own dependencies). */
export async function beforeStartWorkerd(root: string): Promise<Starter> {
  const loaded = (await import(workerdModule(root))) as {startWorkerd?: Starter; default?: {startWorkerd?: Starter}};
  const start = loaded.startWorkerd ?? loaded.default?.startWorkerd;
  if (!start) throw new Error(`${workerdModule(root)} exports no startWorkerd`);
  return start;
}

/** Each round's share: the sandbox's requests per second over its ceiling's in the same round. */
export const roundShares = (sandbox: autocannon.Result[], ceiling: autocannon.Result[]): number[] =>
  sandbox.map((round, index) => round.requests.average / ceiling[index].requests.average);

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

export interface BeforeAfter {
  operation: string;
  runtime: 'Node' | 'workerd';
  before: number[];
  after: number[];
  /** Each round's after / before throughput, as measured in that round. */
  paired: number[];
  /** The earlier sandbox answered other bytes than ours, so its share is of a ceiling answering its bytes. */
  ownCeiling: boolean;
}

export interface BeforeAfterVerdict extends BeforeAfter {
  beforeMedian: number;
  afterMedian: number;
  pairedMedian: number;
  /** The larger spread (max - min) of the two's round shares. */
  noise: number;
  /** After's median below before's by more than the noise. */
  loss: boolean;
}

export function beforeAfterVerdict(pair: BeforeAfter): BeforeAfterVerdict {
  const beforeMedian = median(pair.before);
  const afterMedian = median(pair.after);
  const noise = Math.max(spread(pair.before), spread(pair.after));
  return {
    ...pair,
    beforeMedian,
    afterMedian,
    pairedMedian: median(pair.paired),
    noise,
    loss: beforeMedian - afterMedian > noise,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const points = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} points`;

/** The before/after section of the printed report. */
export function beforeAfterReport(commit: string, verdicts: BeforeAfterVerdict[]): string {
  const rows = verdicts.map((v) => [
    `${v.operation} (${v.runtime})${v.ownCeiling ? ', before against its own bytes' : ''}`,
    `${percent(v.beforeMedian)} (${v.before.map(percent).join(', ')})`,
    `${percent(v.afterMedian)} (${v.after.map(percent).join(', ')})`,
    points(v.afterMedian - v.beforeMedian),
    `${v.pairedMedian.toFixed(2)}x (${Math.min(...v.paired).toFixed(2)} to ${Math.max(...v.paired).toFixed(2)})`,
    `${(v.noise * 100).toFixed(1)} points`,
    v.loss ? 'LOSS beyond the noise' : 'no loss beyond the noise',
  ]);
  return [
    `Before (BENCH_BEFORE, commit ${commit}) and after (this checkout): each sandbox's throughput as a share of the`,
    'ceiling answering the same bytes on its runtime, the median of the rounds (each round in brackets). Noise: the',
    "larger spread (highest minus lowest) of the two's round shares. After / before: the two sandboxes'",
    'throughput in the same round, the median and the range of the rounds (no ceiling in it: the two run one',
    'after the other in each turn on workerd, two servers apart on Node).',
    '',
    markdownTable(['operation', 'before', 'after', 'change', 'after / before', 'noise', 'verdict'], rows),
  ].join('\n');
}
