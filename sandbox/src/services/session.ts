/**
 * Create and poll without a store: the session token carries the query, the creation time, the
 * stage its holder was last sent, when, and the view (hotels' sort, filters and page). A search has
 * `stages` stages, one more each `STAGE_MS` after creation (results arrive as sources answer); the
 * last is `RESULT_STATUS_COMPLETE`. Any instance with the same secret answers any poll.
 *
 * Actions, as `specs/common` describes them:
 * - `RESULT_ACTION_REPLACED`: a new stage (or a new view) since the token's holder was last answered;
 *   the content is the full current set.
 * - `RESULT_ACTION_NOT_MODIFIED`: the same stage and view as last time; `content.results` is empty.
 * - `RESULT_ACTION_OMITTED`: a poll sooner than `MIN_POLL_MS` after the last answer (the specs ask
 *   for a second or so between polls), or a search that failed; the content is left out.
 */
import {SandboxError} from '../errors';
import type {Call, ResultAction, ResultStatus, Scenario} from './types';

export const STAGE_MS = 1000;
export const MIN_POLL_MS = 500;
/** Sessions expire 30 minutes after creation (polls then answer 404, as the specs say). */
export const SESSION_TTL_MS = 30 * 60 * 1000;

export interface Session<Q> {
  /** Kind: which API the session belongs to. */
  k: string;
  q: Q;
  /** Created at (ms). */
  t: number;
  /** Stage the holder was last sent. */
  s: number;
  /** When the holder was last answered (ms). */
  p: number;
  /** Number of stages. */
  n: number;
  sc?: Scenario;
  /** The view last sent (hotels). */
  h?: string;
}

/** The number of stages of a search: fewer or more on purpose with the `empty` and `slow` scenarios. */
export const stagesFor = (normal: number, scenario: Scenario | undefined, hasResults: boolean): number =>
  !hasResults || scenario === 'empty' ? 1 : scenario === 'slow' ? 12 : normal;

export function newSession<Q>(call: Call, kind: string, query: Q, stages: number): Session<Q> {
  return {k: kind, q: query, t: call.now, s: 1, p: call.now, n: stages, ...(call.scenario ? {sc: call.scenario} : {})};
}

/** The session a token names; 404 for a token this sandbox did not sign, of another API, or expired. */
export async function openSession<Q>(call: Call, token: string, kind: string): Promise<Session<Q>> {
  const session = await call.tokens.verify<Session<Q>>(token);
  if (!session || session.k !== kind || typeof session.t !== 'number' || session.q === undefined) {
    throw new SandboxError(404, 'Session not found: use the session token of a create call of this API');
  }
  if (call.now - session.t > SESSION_TTL_MS) {
    throw new SandboxError(404, 'Session expired: sessions last 30 minutes, create a new search');
  }
  return session;
}

export interface PollOutcome<Q> {
  stage: number;
  status: ResultStatus;
  action: ResultAction;
  /** Whether the content is sent. */
  send: boolean;
  next: Session<Q>;
}

export function poll<Q>(session: Session<Q>, now: number, view?: string): PollOutcome<Q> {
  const timeStage = 1 + Math.floor(Math.max(0, now - session.t) / STAGE_MS);
  const failed = session.sc === 'failed' && timeStage >= 2;
  const stage = Math.min(session.n, timeStage);
  const status = failed
    ? 'RESULT_STATUS_FAILED'
    : stage >= session.n
      ? 'RESULT_STATUS_COMPLETE'
      : 'RESULT_STATUS_INCOMPLETE';
  if (failed) return {stage, status, action: 'RESULT_ACTION_OMITTED', send: false, next: session};
  if (stage === session.s && view === session.h) {
    return {stage, status, action: 'RESULT_ACTION_NOT_MODIFIED', send: false, next: {...session, p: now}};
  }
  if (now - session.p < MIN_POLL_MS)
    return {stage, status, action: 'RESULT_ACTION_OMITTED', send: false, next: session};
  return {
    stage,
    status,
    action: 'RESULT_ACTION_REPLACED',
    send: true,
    next: {...session, s: stage, p: now, ...(view === undefined ? {} : {h: view})},
  };
}

/** The first `stage` of `stages` parts of a list: what the sources have answered so far. */
export const partial = <T>(items: T[], stage: number, stages: number): T[] =>
  items.slice(0, Math.ceil((items.length * Math.min(stage, stages)) / stages));
