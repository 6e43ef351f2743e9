/**
 * The contract the integration check judges, as data: its rules (each with its fixed id, one sentence,
 * the tolerance it allows and the guide section that states it) and what each scenario does. The one
 * place they are written: the judgements are rules.ts, the scenarios' scripts scenarios.ts, and the
 * site's Integration check page renders these (website/src/components/CheckRules) without loading
 * either. Imports nothing but the model's types.
 */
import type {LiveFlow} from '@portal/specs';
import type {CheckScenario, Rule} from './model';

/** The share of its flow's poll interval (`x-live-flow.pollIntervalSeconds`) a poll may wait and pass `poll-interval`. */
export const POLL_GAP_SHARE = 0.9;
/** Gaps between a session's 2xx answer and its next poll shorter than this fail `poll-interval`. */
export const minPollGapMs = (flow: Pick<LiveFlow, 'pollIntervalMs'>): number => flow.pollIntervalMs * POLL_GAP_SHARE;
/** What `retry-after` allows for timer granularity. */
export const RETRY_AFTER_SLACK_MS = 50;

const seconds = (ms: number): string => `${Math.round(ms) / 1000} s`;

const section = (title: string, page: string, anchor: string): Rule['guide'] => ({
  title,
  path: `/docs/getting-started/${page}#${anchor}`,
});

const ruleList = [
  {
    id: 'valid-requests',
    sentence:
      'Every request to an operation is valid against its schema and the x-validation rules of its specification.',
    tolerance:
      'Bodies are read as the service reads them (protobuf JSON: snake_case names and integers in strings pass); fields the specs do not declare are not refused.',
    guide: section('Errors: 400 Bad Request', 'errors', '400'),
  },
  {
    id: 'api-key-header',
    sentence:
      'Calls that need a key send it in the x-api-key header, never in the query string; to the sandbox, only a sandbox_ key.',
    tolerance:
      "Calls the API reference marks as needing no key need none; a HAR's keys are masked or real, so a HAR is checked for the header and the query string only (the sandbox takes sandbox_ keys only: /docs/getting-started/sandbox#keys).",
    guide: section('Authentication: Sending the key', 'authentication', 'sending-the-key'),
  },
  {
    id: 'poll-interval',
    sentence:
      'A session is polled no sooner than the wait between polls its specification asks for, never in a tight loop.',
    tolerance: `A poll ${Math.round(POLL_GAP_SHARE * 100)} % of the poll interval its specification declares after the session's last 2xx answer passes (x-live-flow of the create's poll link); the wait after a 429, a 5xx or no answer is judged by the retry rules instead.`,
    guide: section('Rate limits: Poll politely', 'rate-limits', 'poll-politely'),
  },
  {
    id: 'stop-when-done',
    sentence: 'A session is not polled again once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED.',
    tolerance:
      'A poll sent before that answer arrived passes, and so does a hotels poll that asks for another sort, filter or page.',
    guide: section('Create and poll: The flow', 'create-and-poll', 'the-flow'),
  },
  {
    id: 'bounded-polling',
    sentence: 'Polling a search that never completes stops by itself, within a maximum number of polls.',
    tolerance: "Any number of polls passes as long as the program stops polling and ends before the run's time limit.",
    guide: section('Rate limits: Poll politely', 'rate-limits', 'poll-politely'),
    scenarios: ['never-completes'],
  },
  {
    id: 'retry-after',
    sentence: 'After a 429 with Retry-After, the next call waits at least that long.',
    tolerance: `${seconds(RETRY_AFTER_SLACK_MS)} less than asked passes, for timer granularity; Retry-After in seconds or as an HTTP date.`,
    guide: section('Rate limits: The 429 response', 'rate-limits', 'the-429-response'),
  },
  {
    id: 'retry-server-errors',
    sentence:
      'A request answered 429, 500 or 503 is sent again after its answer arrived, not given up on at once and not sent again before.',
    tolerance:
      'Full jitter allows any wait from 0, so the wait is not judged here; giving up after at least one retry passes (the retry budget is spent).',
    guide: section('Rate limits: Which errors to retry', 'rate-limits', 'which-errors-to-retry'),
  },
  {
    id: 'no-retry-client-errors',
    sentence: 'A request answered 400, 401 or 403 is not sent again unchanged.',
    tolerance: 'The same request with another body, URL or key passes: it is a new request.',
    guide: section('Rate limits: Which errors to retry', 'rate-limits', 'which-errors-to-retry'),
  },
  {
    id: 'new-search-after-404',
    sentence: 'After a poll answered 404, no poll uses a token of that session again: a new search is created instead.',
    tolerance:
      "Polls sent before the 404 arrived pass; any token of the session counts, the create's and every poll answer's.",
    guide: section('Create and poll: A complete polling loop', 'create-and-poll', 'a-complete-polling-loop'),
  },
] as const satisfies readonly Rule[];

/** A rule's id. */
export type RuleId = (typeof ruleList)[number]['id'];

/** The rules, in the order they are judged and reported. */
export const rules: Rule[] = [...ruleList];

/** What each scenario does, in one sentence: the report and the Integration check page show them. */
export const scenarioSummaries: Record<CheckScenario, string> = {
  normal: 'A live search that completes after a few polls, as the sandbox plays it.',
  'rate-limited': 'The first call is answered 429 with Retry-After: 2 and the error body.',
  'server-error': "The first session's first poll is answered 503, once.",
  'session-lost':
    'From the second poll of the first session on, its polls are answered 404 with the error body, as the service answers a session it no longer holds.',
  'never-completes': 'Every answer of the first session says RESULT_STATUS_INCOMPLETE.',
  failed: "The first search ends RESULT_STATUS_FAILED (the sandbox's failed scenario).",
  rejected: 'Every call is answered 401 with the error body, as for a missing or wrong key.',
};
