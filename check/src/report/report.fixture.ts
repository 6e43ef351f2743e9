/**
 * A small check written by hand for the reporters' and the HAR's tests: a passing `normal` run and a
 * failing `rate-limited` run (a 429 injected, retried too soon), each with a session of a create and two
 * polls, and three rules. `hostileReport` puts markup, quotes, pipes and control characters where a
 * program or a HAR could put them.
 */
import type {CheckReport, Exchange, Rule, RunReport} from '../model';

export const SANDBOX_KEY = 'sandbox_fixture_key_42';

export const fixtureRules: Rule[] = [
  {
    id: 'valid-requests',
    sentence: 'Every request is valid against its operation.',
    tolerance: 'None: one invalid request fails the rule.',
    guide: {title: 'Requests and responses', path: '/docs/getting-started/requests-and-responses#valid-requests'},
  },
  {
    id: 'retry-after',
    sentence: 'After a 429, wait as long as Retry-After says before calling again.',
    tolerance: 'A call 0.1 s early passes.',
    guide: {title: 'Rate limits', path: '/docs/getting-started/rate-limits#retry-after'},
    scenarios: ['rate-limited'],
  },
  {
    id: 'poll-interval',
    sentence: 'Poll at most once a second.',
    tolerance: 'A poll 0.9 s after the last answer passes.',
    guide: {title: 'Rate limits', path: '/docs/getting-started/rate-limits#poll-politely'},
  },
];

const CREATE = '/apiservices/v3/flights/live/search/create';
const TOKEN = 'CkJzZXNzaW9uLXRva2VuLWZvci10aGUtZml4dHVyZS0x';
const POLL = `/apiservices/v3/flights/live/search/poll/${TOKEN}`;

const json = [['content-type', 'application/json']] as [string, string][];
const sent = [['x-api-key', SANDBOX_KEY], ...json] as [string, string][];
const answer = (status: string, action: string, itineraries: number): string =>
  JSON.stringify({
    sessionToken: TOKEN,
    status: `RESULT_STATUS_${status}`,
    action: `RESULT_ACTION_${action}`,
    content: {results: {itineraries: Object.fromEntries([...Array(itineraries).keys()].map((at) => [`i${at}`, {}]))}},
  });

function exchange(index: number, startedMs: number, endedMs: number, url: string, status: number, body?: string) {
  const call: Exchange = {
    index,
    startedMs,
    endedMs,
    request: {method: 'POST', url, headers: sent},
    response: {status, headers: json, ...(body === undefined ? {} : {body})},
  };
  if (url === CREATE) call.request.body = '{"query":{"market":"UK","locale":"en-GB","currency":"GBP"}}';
  return call;
}

export function normalRun(): RunReport {
  return {
    recording: {
      scenario: 'normal',
      startedAt: '2026-11-23T10:00:00.000Z',
      timeLimitMs: 60_000,
      exchanges: [
        exchange(0, 20, 320, CREATE, 200, answer('INCOMPLETE', 'REPLACED', 3)),
        exchange(1, 1_400, 1_520, POLL, 200, answer('INCOMPLETE', 'NOT_MODIFIED', 0)),
        exchange(2, 2_600, 2_700, POLL, 200, answer('COMPLETE', 'REPLACED', 12)),
      ],
      program: {exitCode: 0, signal: null, timedOut: false, flooded: false, durationMs: 2_900, stderrTail: ''},
    },
    operations: ['flightsLivePricingCreate', 'flightsLivePricingPoll', 'flightsLivePricingPoll'],
    verdicts: [
      {rule: 'valid-requests', outcome: 'pass', detail: 'All 3 requests are valid.', calls: [0, 1, 2]},
      {
        rule: 'poll-interval',
        outcome: 'pass',
        detail: 'Polls came 1.08 s and 1.08 s after the answers.',
        calls: [1, 2],
      },
    ],
    sessions: [
      {
        id: 1,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 0,
            role: 'create',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 3,
          },
          {
            index: 1,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_NOT_MODIFIED',
            results: 0,
          },
          {
            index: 2,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_COMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 12,
          },
        ],
      },
    ],
  };
}

export const FAULT_DESCRIPTION = "answered 429 with Retry-After: 2 in place of the sandbox's answer";

export function rateLimitedRun(): RunReport {
  const limited = exchange(1, 1_400, 1_410, POLL, 429, '{"code":8,"message":"Rate limit exceeded"}');
  limited.response.headers = [...json, ['retry-after', '2']];
  limited.fault = {kind: 'status', description: FAULT_DESCRIPTION};
  return {
    recording: {
      scenario: 'rate-limited',
      startedAt: '2026-11-23T10:01:00.000Z',
      timeLimitMs: 60_000,
      exchanges: [
        exchange(0, 10, 300, CREATE, 200, answer('INCOMPLETE', 'REPLACED', 3)),
        limited,
        exchange(2, 1_910, 2_000, POLL, 200, answer('COMPLETE', 'REPLACED', 12)),
      ],
      program: {
        exitCode: 1,
        signal: null,
        timedOut: false,
        flooded: false,
        durationMs: 2_200,
        stderrTail: 'Error: search failed\n    at poll (client.js:12:3)',
      },
    },
    operations: ['flightsLivePricingCreate', 'flightsLivePricingPoll', 'flightsLivePricingPoll'],
    verdicts: [
      {rule: 'valid-requests', outcome: 'pass', detail: 'All 3 requests are valid.', calls: [0, 1, 2]},
      {
        rule: 'retry-after',
        outcome: 'fail',
        detail: 'Call #2 came 0.50 s after a 429 that asked for 2 s.',
        calls: [1, 2],
      },
      {rule: 'poll-interval', outcome: 'not-exercised', detail: 'No two polls answered 200 in a row.', calls: []},
    ],
    sessions: [
      {
        id: 1,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 0,
            role: 'create',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 3,
          },
          {index: 1, role: 'poll'},
          {
            index: 2,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_COMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 12,
          },
        ],
      },
    ],
  };
}

/** The two runs: 1 failed, 3 passed, 1 not exercised. */
export function fixtureReport(): CheckReport {
  return {
    subject: 'node client.js',
    mode: 'program',
    runs: [normalRun(), rateLimitedRun()],
    passed: false,
    problems: [],
  };
}

/** What a hostile program or HAR could put in a report. */
export const HOSTILE = `<script>alert("x")</script> & 'quoted' | piped \u0001\u001b[31m`;

/** The fixture with hostile text in the subject, a URL, a body, a verdict's detail, stderr and a problem. */
export function hostileReport(): CheckReport {
  const report = fixtureReport();
  report.subject = `node "evil.js" ${HOSTILE}`;
  const failing = report.runs[1];
  const poll = failing.recording.exchanges[2];
  poll.request.url = `/apiservices/v3/flights/live/search/poll/x?q=${HOSTILE}`;
  poll.response.body = HOSTILE;
  failing.verdicts[1].detail = `Broke at ${HOSTILE}`;
  failing.recording.program!.stderrTail = `</pre>${HOSTILE}\n\`\`\`\nafter the fence`;
  failing.sessions[0].slug = `slug${HOSTILE}`;
  report.problems = [`The run made no call: ${HOSTILE}`];
  return report;
}
