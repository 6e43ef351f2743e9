/**
 * "Poll until complete" without React or a network: sends a create call, then its poll with the
 * session's token about once a second until the status is over (`sessionOver` in request.ts), reporting
 * each call as a row of the console's timeline (PollTimeline.tsx). A call answered 429, 500 or 503 is
 * sent again as the Rate limits guide's loop does (`retryPolicy`: capped backoff with full jitter, at
 * least what Retry-After asks, a budget of attempts), each attempt its own row. Stop is an
 * `AbortController`: a wait ends at once when it aborts, and no further call is sent. The calls, the
 * wait and the randomness are passed in, so `pollSession.test.ts` runs it with no network and no real time.
 */
import {filledPath, sessionOver, sessionStateOf, type EditedRequest, type PollPlan} from './request';

/** What the loop reads of an answer: its HTTP status, its parsed JSON body, how long it took, its headers. */
export interface SessionAnswer {
  status: number;
  json: unknown;
  ms: number;
  /** Read for `Retry-After`. */
  headers?: [string, string][];
}

/**
 * The retries of the Rate limits guide's loop (website/docs/getting-started/rate-limits.mdx, "Exponential
 * backoff with jitter": its suggested numbers, not service limits): at most `attempts` attempts per call;
 * before attempt n + 1 a random wait from 0 to min(cap, base × 2^(n − 1)), and at least Retry-After;
 * a Retry-After over the cap gives up.
 */
export const retryPolicy = {attempts: 4, baseMs: 500, capMs: 8000, retried: [429, 500, 503]} as const;

/** The wait `Retry-After` asks for, in milliseconds (seconds or an HTTP date; `now` for the date). */
export function retryAfterMs(headers: [string, string][] | undefined, now: number): number {
  const value = headers?.find(([name]) => name.toLowerCase() === 'retry-after')?.[1]?.trim();
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}

/** One call of a session, as the timeline shows it. */
export interface PollRow {
  /** `create`, then `poll 1`, `poll 2`, …; a retry `create, attempt 2`. */
  call: string;
  http: number;
  /** The answer's `status` and `action` (`''` when it has none). */
  status: string;
  action: string;
  ms: number;
}

/**
 * Why the loop ended: the status is over; a call answered other than 2xx (after its retries, for 429,
 * 500 and 503); an answer carried no token to poll with (and none came before); `maxPolls` polls were
 * sent; or the signal aborted.
 */
export type SessionEnd = 'over' | 'failed' | 'no-token' | 'max-polls' | 'stopped';

export interface PollSessionOptions<A extends SessionAnswer> {
  /** Sends the create call. */
  create: (signal: AbortSignal) => Promise<A>;
  /** Sends one poll of the session `token`. */
  poll: (token: string, signal: AbortSignal) => Promise<A>;
  /** The answers' field that carries the session token (`PollPlan.tokenField`). */
  tokenField: string;
  /** The statuses that end the session (`PollPlan.terminalStatuses`). */
  terminalStatuses: readonly string[];
  /** The wait between an answer and the next poll. */
  intervalMs: number;
  /** The most polls sent after the create call. */
  maxPolls: number;
  /** Stop: no call is sent after it aborts, and a wait in progress ends at once. */
  signal: AbortSignal;
  /** Called with each call's row and answer, as each answer arrives. */
  onCall: (row: PollRow, answer: A) => void;
  /** The wait between polls and before retries; `abortableSleep` unless a test passes its own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Poll once even when the first call's answer is already over (`PollPlan.pollForContent`). */
  pollAtLeastOnce?: boolean;
  /** The first call's name on the timeline (`create` unless given: a session carried on names its poll). */
  firstName?: string;
  /** The name of the n-th poll after the first call (`poll n` unless given). */
  pollName?: (count: number) => string;
  /** A number from 0 to 1 for the jitter; `Math.random` unless a test passes its own. */
  random?: () => number;
  /** The clock, for a Retry-After given as a date; `Date.now` unless a test passes its own. */
  now?: () => number;
}

/** Waits `ms`, or less: it resolves as soon as `signal` aborts (at once if it already has). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

const ok = (status: number): boolean => status >= 200 && status < 300;

/**
 * Runs a session to its end. A call that fails (its promise rejects) ends the loop with that error,
 * unless the signal has aborted: then, as for a call that answers after the abort, the loop ends as
 * stopped without reporting it, so nothing at all is reported after Stop.
 */
export async function pollSession<A extends SessionAnswer>(options: PollSessionOptions<A>): Promise<SessionEnd> {
  const {create, poll, tokenField, intervalMs, maxPolls, signal, onCall} = options;
  const {sleep = abortableSleep, random = Math.random, now = Date.now} = options;
  const {firstName = 'create', pollName = (count: number) => `poll ${count}`} = options;
  /** One attempt of a call, reported; undefined once stopped. */
  const attempt = async (name: string, send: () => Promise<A>) => {
    let answer: A;
    try {
      answer = await send();
    } catch (error) {
      if (signal.aborted) return undefined;
      throw error;
    }
    if (signal.aborted) return undefined;
    const state = sessionStateOf(answer.json, tokenField);
    onCall({call: name, http: answer.status, status: state.status, action: state.action, ms: answer.ms}, answer);
    return {answer, state};
  };
  /** A call with its retries: the last attempt's answer, or undefined once stopped. */
  const call = async (name: string, send: () => Promise<A>) => {
    for (let count = 1; ; count++) {
      const done = await attempt(count === 1 ? name : `${name}, attempt ${count}`, send);
      if (!done || count >= retryPolicy.attempts) return done;
      if (!(retryPolicy.retried as readonly number[]).includes(done.answer.status)) return done;
      const asked = retryAfterMs(done.answer.headers, now());
      if (asked > retryPolicy.capMs) return done;
      const backoff = random() * Math.min(retryPolicy.capMs, retryPolicy.baseMs * 2 ** (count - 1));
      await sleep(Math.max(asked, backoff), signal);
      if (signal.aborted) return undefined;
    }
  };

  if (signal.aborted) return 'stopped';
  let last = await call(firstName, () => create(signal));
  let token = '';
  for (let count = 1; ; count++) {
    if (!last || signal.aborted) return 'stopped';
    if (!ok(last.answer.status)) return 'failed';
    if (sessionOver(last.state.status, options.terminalStatuses) && !(options.pollAtLeastOnce && count === 1))
      return 'over';
    // An answer without a token keeps the session's previous one.
    token = last.state.token || token;
    if (!token) return 'no-token';
    if (count > maxPolls) return 'max-polls';
    await sleep(intervalMs, signal);
    if (signal.aborted) return 'stopped';
    const current = token;
    last = await call(pollName(count), () => poll(current, signal));
  }
}

/**
 * The poll of a session, from the create request the reader edited: same target and key headers, the
 * plan's method and path with the token in its `tokenParameter`, no query, and the plan's body (a JSON content type
 * only when there is one).
 */
export function pollRequest(create: EditedRequest, plan: PollPlan, token: string): EditedRequest {
  return {
    ...create,
    method: plan.method,
    path: filledPath(plan.path, {[plan.tokenParameter]: token}),
    query: {},
    body: plan.body || undefined,
    headers: {
      ...Object.fromEntries(Object.entries(create.headers).filter(([name]) => name !== 'content-type')),
      ...(plan.body ? {'content-type': 'application/json'} : {}),
    },
  };
}
