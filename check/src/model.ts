/**
 * What the integration check records and judges, shared by the proxy (record/proxy.ts), the rules (rules/),
 * the reporters (report/) and the HAR reader (har/har.ts). Browser-safe: the in-browser HAR check of the
 * site (website/src/components/HarCheck) reads the same types. Times are milliseconds since the run
 * started, so a recording is the same whatever the clock said; `startedAt` anchors them.
 */

/** The scenarios of a check, in the order they are run and reported. The ids are fixed: partners' CI reads them. */
export const checkScenarios = [
  'normal',
  'rate-limited',
  'server-error',
  'session-lost',
  'never-completes',
  'failed',
  'rejected',
] as const;
export type CheckScenario = (typeof checkScenarios)[number];

/** Whether a value read from outside (an argument, a request body, a HAR page) names a scenario of the check. */
export const isCheckScenario = (value: unknown): value is CheckScenario =>
  typeof value === 'string' && (checkScenarios as readonly string[]).includes(value);

/** Each run's time limit in seconds unless told (`--timeout`, a hosted run's `timeoutSeconds`), and the most it may be. */
export const DEFAULT_TIMEOUT_SECONDS = 150;
export const MAX_TIMEOUT_SECONDS = 3600;
/** The calls one run may make before the check stops it (the guides' loops make a few dozen at most). */
export const MAX_CALLS_PER_RUN = 1000;

/** The check's bounds by the name the Integration check page gives them (its `<CheckLimit of="...">`). */
export const checkLimits = {
  'default-timeout-seconds': DEFAULT_TIMEOUT_SECONDS,
  'max-timeout-seconds': MAX_TIMEOUT_SECONDS,
  'max-calls-per-run': MAX_CALLS_PER_RUN,
} as const;
export type CheckLimitName = keyof typeof checkLimits;

/** A bound by its name, as text; a name the check does not have stops the page's build, saying which exist. */
export function checkLimitText(name: unknown): string {
  if (typeof name !== 'string' || !Object.hasOwn(checkLimits, name))
    throw new Error(
      `<CheckLimit of=${JSON.stringify(name)}>: the check has no such bound (it has ${Object.keys(checkLimits).join(', ')})`,
    );
  return String(checkLimits[name as CheckLimitName]);
}

/** A header as sent: the name in lower case. */
export type Header = [name: string, value: string];

/** One call as the proxy saw it (or as a HAR recorded it). */
export interface Exchange {
  /** Its place in the run, from 0. */
  index: number;
  /** When the request arrived, ms since the run started. */
  startedMs: number;
  /** When the answer was sent, ms since the run started. */
  endedMs: number;
  request: {
    method: string;
    /**
     * The path and query as sent (`/apiservices/v3/flights/live/search/create?x=1`). A HAR's calls keep
     * theirs from `/apiservices/` on, whatever the host and prefix before it (har/har.ts).
     */
    url: string;
    headers: Header[];
    /** The body as text; absent when empty. */
    body?: string;
  };
  response: {
    status: number;
    headers: Header[];
    body?: string;
  };
  /** What the proxy did instead of (or to) the sandbox's answer, when it did something. */
  fault?: Fault;
}

/** A fault a scenario injected. */
export interface Fault {
  kind: 'status' | 'rewrite';
  /** One sentence for the report: "answered 429 with Retry-After: 2 in place of the sandbox's answer". */
  description: string;
}

/** How the program of one run ended. */
export interface ProgramEnd {
  /** The exit code, or null when a signal ended it. */
  exitCode: number | null;
  signal: string | null;
  /** Stopped by the check at the run's time limit. */
  timedOut: boolean;
  /** Stopped by the check for making more calls than a run may record (`MAX_CALLS_PER_RUN`). */
  flooded: boolean;
  durationMs: number;
  /** The last lines the program wrote to stderr, for the report. */
  stderrTail: string;
}

/** One run of the program, or one HAR. */
export interface Recording {
  /** The scenario the proxy played, or null for a HAR. */
  scenario: CheckScenario | null;
  /** ISO time the run started. */
  startedAt: string;
  exchanges: Exchange[];
  /** The run's time limit, ms (absent for a HAR). */
  timeLimitMs?: number;
  /** How the program ended (absent for a HAR). */
  program?: ProgramEnd;
  /** For a HAR: entries left out because they are no call of the APIs (other hosts, assets). */
  ignored?: number;
  /**
   * For a HAR: the `_scenario` its entries carry when a check wrote it (har/har.ts), so a report can say which
   * run it was; `scenario` stays null, as for any HAR.
   */
  label?: string;
}

/** What a rule found in one recording. */
export interface RuleVerdict {
  rule: string;
  outcome: 'pass' | 'fail' | 'not-exercised';
  /** One sentence: what was seen (pass), what broke (fail) or what was missing to judge (not exercised). */
  detail: string;
  /** The exchanges (their `index`) that broke the rule, or that exercised it. */
  calls: number[];
}

/** The verdicts of one recording, with the recording. */
export interface RunReport {
  recording: Recording;
  /** Each exchange matched to its operation (undefined when it is no operation of the specs). */
  operations: (string | undefined)[];
  verdicts: RuleVerdict[];
  /** Sessions of live searches the program ran, for the timeline. */
  sessions: SessionTrace[];
}

/** One live-search session as the rules saw it: its calls in order. */
export interface SessionTrace {
  /** 1, 2...: in the order the creates were answered. */
  id: number;
  /** The API's slug (`flights-live-pricing`). */
  slug: string;
  /** Each call of the session (create, polls, their retries), in order. */
  calls: {
    index: number;
    role: 'create' | 'poll';
    /** `status` of a 2xx answer (`RESULT_STATUS_COMPLETE`), absent otherwise. */
    resultStatus?: string;
    /** `action` of a 2xx answer. */
    resultAction?: string;
    /** How many results the answer's content holds (itineraries, quotes or hotels), when it says. */
    results?: number;
    /**
     * The page a poll asked for: the offset at its flow's `pageOffset` in the request body (0 when the body
     * names none), on the polls of a flow whose poll takes a page.
     */
    offset?: number;
  }[];
}

/** The whole check: one report per run, in scenario order, and the verdict. */
export interface CheckReport {
  /** What was checked: the program and its arguments, or the HAR's file name. */
  subject: string;
  mode: 'program' | 'har';
  runs: RunReport[];
  /** true when no rule failed in any run and at least one rule was exercised. */
  passed: boolean;
  /** Problems with the check itself that made it fail, in sentences (a run that made no call). */
  problems: string[];
}

/** A rule of the contract the guides state: one sentence, its tolerance, and where a guide says it. */
export interface Rule {
  /** Fixed: partners' CI reads it (`poll-interval`). */
  id: string;
  /** The rule in one sentence. */
  sentence: string;
  /** What it allows, in one sentence ("a poll 0.9 s after the last answer passes"). */
  tolerance: string;
  /** The guide section that states it: its title and its path on the site with the anchor. */
  guide: {title: string; path: string};
  /**
   * Why the rule is drawn where it is, when its tolerance needs a reason: the words of the guide section it
   * cites, which says it word for word (website/test/checkRuleLinks.test.ts).
   */
  reason?: string;
  /** The scenarios that can exercise it; absent when any recording can (a HAR too). */
  scenarios?: readonly CheckScenario[];
}

/** An exchange's request matched to its operation and checked against its schema and x-validation rules. */
export interface CheckedRequest {
  /** The operation it calls, undefined when it calls none (another path or method). */
  operationId?: string;
  /** The API's slug, with the operation. */
  slug?: string;
  /** The path parameters, by name (`sessionToken`). */
  pathParams: Record<string, string>;
  /** Why the request is not valid: each failing field, as the sandbox's 400 names them. Empty when valid. */
  violations: {field: string; description: string; reason: string}[];
}
