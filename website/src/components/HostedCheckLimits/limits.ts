/**
 * The bounds of a hosted run of the integration check as the Integration check page states them, written from
 * the constants the portal's Worker enforces (check/src/hosted/limits.ts), so the page and its markdown form
 * (./index.tsx, ./markdown.ts) say the same and no figure is written by hand. Each bound is a sentence in parts:
 * text, and code to show as code.
 */
import {
  HOSTED_MAX_CALLS_PER_SCENARIO,
  HOSTED_RUN_RATE_LIMITS,
  MAX_PROGRAM_LABEL,
  MAX_RUN_REQUEST_BYTES,
  RECORDING_SLACK_MS,
  RUN_RETENTION_MS,
  TOMBSTONE_MS,
} from '@portal/check/hosted/limits';

/** A piece of a sentence: text, or `{code}` shown as code. */
export type Part = string | {code: string};

const UNITS = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
  ['second', 1000],
] as const;

/** "24 hours", "7 days", "5 minutes": the largest unit that divides the duration exactly. */
export function duration(ms: number): string {
  const [unit, size] = UNITS.find(([, size]) => ms % size === 0 && ms >= size) ?? ['millisecond', 1];
  const count = ms / size;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The bounds of a hosted run, one sentence each. */
export const hostedRunBounds: Part[][] = [
  [
    `Calls: at most ${HOSTED_MAX_CALLS_PER_SCENARIO} calls in each scenario. Past that, the run answers `,
    {code: '503'},
    ' and records no more.',
  ],
  [
    'Time: a run takes calls for as long as its scenarios’ time limits together (',
    {code: '--timeout'},
    `, as in a local check), and ${duration(RECORDING_SLACK_MS)} more. After that, its base URLs answer `,
    {code: '410'},
    '.',
  ],
  [
    `New runs: at most ${HOSTED_RUN_RATE_LIMITS.perKey.limit} per ${HOSTED_RUN_RATE_LIMITS.perKey.periodSeconds} seconds with one key, and ${HOSTED_RUN_RATE_LIMITS.perAddress.limit} per ${HOSTED_RUN_RATE_LIMITS.perAddress.periodSeconds} seconds from one client address. Over a limit, the portal answers `,
    {code: '429'},
    ' with ',
    {code: 'Retry-After'},
    '.',
  ],
  [
    `Sizes: the body that makes or finishes a run is at most ${MAX_RUN_REQUEST_BYTES} bytes, and the program’s label at most ${MAX_PROGRAM_LABEL} characters (the command sends its command line, cut there).`,
  ],
  [
    `Retention: a run and its reports are kept for ${duration(RUN_RETENTION_MS)} after the run was made, then deleted. For ${duration(TOMBSTONE_MS)} after that, its addresses answer `,
    {code: '410'},
    '; then ',
    {code: '404'},
    '.',
  ],
];
