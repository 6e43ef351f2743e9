/**
 * "Poll until complete" without React or a network: sends a create call, then its poll with the
 * session's token about once a second until the status is over (`sessionOver` in request.ts), reporting
 * each call as a row of the console's timeline (PollTimeline.tsx). Stop is an `AbortController`: a wait
 * between polls ends at once when it aborts, and no further call is sent. The calls and the wait are
 * passed in, so `pollSession.test.ts` runs it with no network and no real time.
 */
import {filledPath, sessionOver, sessionStateOf, type EditedRequest, type PollPlan} from './request';

/** What the loop reads of an answer: its HTTP status, its parsed JSON body and how long it took. */
export interface SessionAnswer {
  status: number;
  json: unknown;
  ms: number;
}

/** One call of a session, as the timeline shows it. */
export interface PollRow {
  /** `create`, then `poll 1`, `poll 2`, … */
  call: string;
  http: number;
  /** The answer's `status` and `action` (`''` when it has none). */
  status: string;
  action: string;
  ms: number;
}

/**
 * Why the loop ended: the status is over; a call answered other than 2xx; an answer carried no token
 * to poll with (and none came before); `maxPolls` polls were sent; or the signal aborted.
 */
export type SessionEnd = 'over' | 'failed' | 'no-token' | 'max-polls' | 'stopped';

export interface PollSessionOptions<A extends SessionAnswer> {
  /** Sends the create call. */
  create: (signal: AbortSignal) => Promise<A>;
  /** Sends one poll of the session `token`. */
  poll: (token: string, signal: AbortSignal) => Promise<A>;
  /** The answers' field that carries the session token (`PollPlan.tokenField`). */
  tokenField: string;
  /** The wait between an answer and the next poll. */
  intervalMs: number;
  /** The most polls sent after the create call. */
  maxPolls: number;
  /** Stop: no call is sent after it aborts, and a wait in progress ends at once. */
  signal: AbortSignal;
  /** Called with each call's row and answer, as each answer arrives. */
  onCall: (row: PollRow, answer: A) => void;
  /** The wait between polls; `abortableSleep` unless a test passes its own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
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
  const {create, poll, tokenField, intervalMs, maxPolls, signal, onCall, sleep = abortableSleep} = options;
  const call = async (name: string, send: () => Promise<A>) => {
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

  if (signal.aborted) return 'stopped';
  let last = await call('create', () => create(signal));
  let token = '';
  for (let count = 1; ; count++) {
    if (!last || signal.aborted) return 'stopped';
    if (!ok(last.answer.status)) return 'failed';
    if (sessionOver(last.state.status)) return 'over';
    // An answer without a token keeps the session's previous one.
    token = last.state.token || token;
    if (!token) return 'no-token';
    if (count > maxPolls) return 'max-polls';
    await sleep(intervalMs, signal);
    if (signal.aborted) return 'stopped';
    const current = token;
    last = await call(`poll ${count}`, () => poll(current, signal));
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
