/**
 * The registry of the check's rules: each rule's file (rules/<id>.ts, its sentence, tolerance, guide
 * section and judgement), in the order they are judged and reported. The one list: the judging
 * (../judge.ts), the reports and the site's rules list (../../contract.ts) read it. Imports no library, so the
 * Integration check page can render it (../../contract.test.ts proves it).
 */
import apiKeyHeader from './api-key-header';
import boundedPolling from './bounded-polling';
import newSearchAfter404 from './new-search-after-404';
import noRetryClientErrors from './no-retry-client-errors';
import pollInterval from './poll-interval';
import referenceDataCached from './reference-data-cached';
import refreshInSession from './refresh-in-session';
import retryAfter from './retry-after';
import retryServerErrors from './retry-server-errors';
import stopWhenDone from './stop-when-done';
import validRequests from './valid-requests';
import viewsInSession from './views-in-session';

export const ruleBook = [
  validRequests,
  apiKeyHeader,
  pollInterval,
  stopWhenDone,
  boundedPolling,
  retryAfter,
  retryServerErrors,
  noRetryClientErrors,
  newSearchAfter404,
  viewsInSession,
  refreshInSession,
  referenceDataCached,
] as const;

/** A rule's id. */
export type RuleId = (typeof ruleBook)[number]['id'];

export type {JudgedRule, Judgement} from './judgement';
