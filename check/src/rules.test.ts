/**
 * The integration check's rules (rules.ts) on synthetic recordings: each rule failed and passed, at the
 * edges of its tolerance.
 */
import {describe, expect, it} from 'vitest';
import {liveFlows} from '@portal/specs';
import {bundles, exampleBody, exampleUrl, KEY, liveSearches, op} from '@portal/sandbox/testing';
import type {Exchange, Header, ProgramEnd, Recording, RunReport} from './model';
import {createRequestCheck} from './requestCheck';
import {minPollGapMs} from './contract';
import {judgeRecording, rules} from './rules';

/** The least wait `poll-interval` passes for the flights search, from its specification's x-live-flow. */
const FLIGHTS_POLL_GAP_MS = minPollGapMs(liveFlows('flights-live-pricing', bundles.get('flights-live-pricing')!)[0]);

const START = '2026-06-15T12:00:00.000Z';

// ---------------------------------------------------------------------------------------------------
// Synthetic recordings: requests from the specs' examples, answers made up (the rules verify no token)

type Request = Exchange['request'];
type Response = Exchange['response'];
interface Step {
  request: Request;
  response: Response;
  /** ms from the previous answer to this request (1000 unless told), or `at`: when it starts. */
  after?: number;
  at?: number;
  /** ms until its answer (100 unless told). */
  took?: number;
}

/** The exchanges of steps in order, each starting `after` ms after the latest answer so far. */
function timeline(steps: Step[]): Exchange[] {
  let clock = 0;
  return steps.map((step, index) => {
    const startedMs = step.at ?? clock + (step.after ?? 1000);
    const endedMs = startedMs + (step.took ?? 100);
    clock = Math.max(clock, endedMs);
    return {index, startedMs, endedMs, request: step.request, response: step.response};
  });
}

const pathOf = (operationId: string, replace: Record<string, string> = {}): string => {
  const url = new URL(exampleUrl(op(operationId), replace));
  return `${url.pathname}${url.search}`;
};
const send = (method: string, url: string, body?: unknown, key: string | null = KEY): Request => ({
  method,
  url,
  headers: [
    ...(key === null ? [] : [['x-api-key', key] as Header]),
    ...(body === undefined ? [] : [['content-type', 'application/json'] as Header]),
  ],
  ...(body === undefined ? {} : {body: JSON.stringify(body)}),
});
const answer = (status: number, body?: unknown, headers: Header[] = []): Response => ({
  status,
  headers: [['content-type', 'application/json'], ...headers],
  ...(body === undefined ? {} : {body: JSON.stringify(body)}),
});
const errorAnswer = (status: number, headers: Header[] = []): Response =>
  answer(status, {code: 2, message: 'made up', details: []}, headers);

/** A flights live search's answer: a token, a status and `count` itineraries. */
const searchAnswer = (token: string, status = 'RESULT_STATUS_INCOMPLETE', count = 2): Response =>
  answer(200, {
    sessionToken: token,
    status,
    action: 'RESULT_ACTION_REPLACED',
    content: {results: {itineraries: Object.fromEntries([...Array(count).keys()].map((n) => [`itinerary-${n}`, {}]))}},
  });
const create = (token: string, status?: string, count?: number): Step => ({
  request: send('POST', pathOf('FlightsService_CreateSearch'), exampleBody(op('FlightsService_CreateSearch'))),
  response: searchAnswer(token, status, count),
});
const pollRequest = (token: string): Request =>
  send('POST', pathOf('FlightsService_PollSearch', {sessionToken: token}));
const poll = (token: string, next: string, status?: string, count?: number): Step => ({
  request: pollRequest(token),
  response: searchAnswer(next, status, count),
});
const failing = (step: Step, status: number, headers: Header[] = []): Step => ({
  ...step,
  response: errorAnswer(status, headers),
});
const currencies = (key: string | null = KEY, query = ''): Step => ({
  request: send('GET', `${pathOf('CultureService_ListCurrencies')}${query}`, undefined, key),
  response: answer(200, {currencies: []}),
});

/** A search that completes on its second poll, a second between calls. */
const politeSearch = (prefix = 's'): Step[] => [
  create(`${prefix}1`),
  poll(`${prefix}1`, `${prefix}2`),
  poll(`${prefix}2`, `${prefix}3`, 'RESULT_STATUS_COMPLETE', 5),
];

const endedItself = (durationMs = 10_000): ProgramEnd => ({
  exitCode: 0,
  signal: null,
  timedOut: false,
  flooded: false,
  durationMs,
  stderrTail: '',
});

async function judge(steps: Step[] | Exchange[], recording: Partial<Recording> = {}): Promise<RunReport> {
  const exchanges = steps.length && 'index' in steps[0] ? (steps as Exchange[]) : timeline(steps as Step[]);
  const whole: Recording = {
    scenario: 'normal',
    startedAt: START,
    exchanges,
    timeLimitMs: 60_000,
    program: endedItself(),
    ...recording,
  };
  const check = createRequestCheck(bundles, {startedAt: whole.startedAt});
  return judgeRecording(whole, await Promise.all(exchanges.map(check)), bundles);
}

const verdictOf = (report: RunReport, rule: string) => report.verdicts.find((verdict) => verdict.rule === rule)!;
const failures = (report: RunReport) =>
  report.verdicts.filter((verdict) => verdict.outcome === 'fail').map((verdict) => verdict.rule);
/** The report fails exactly this rule, and the verdict's detail says what broke. */
function expectOnlyFails(report: RunReport, rule: string, detail: RegExp, calls?: number[]) {
  expect(failures(report), JSON.stringify(report.verdicts, null, 1)).toEqual([rule]);
  expect(verdictOf(report, rule).detail).toMatch(detail);
  if (calls) expect(verdictOf(report, rule).calls).toEqual(calls);
}
const expectNoFailure = (report: RunReport) =>
  expect(failures(report), JSON.stringify(report.verdicts, null, 1)).toEqual([]);

// ---------------------------------------------------------------------------------------------------

describe('the rule list', () => {
  it('holds the nine rules in their fixed order, each with a sentence, a tolerance and a guide', () => {
    expect(rules.map((rule) => rule.id)).toEqual([
      'valid-requests',
      'api-key-header',
      'poll-interval',
      'stop-when-done',
      'bounded-polling',
      'retry-after',
      'retry-server-errors',
      'no-retry-client-errors',
      'new-search-after-404',
    ]);
    for (const rule of rules) {
      expect(rule.sentence, rule.id).toMatch(/^[A-Z].*\.$/);
      expect(rule.tolerance, rule.id).toMatch(/^[A-Z0-9].*\.$/);
      expect(rule.guide.path, rule.id).toMatch(/^\/docs\/getting-started\/[a-z-]+#[a-z0-9-]+$/);
      expect(Object.keys(rule)).not.toContain('judge');
    }
    expect(rules.find((rule) => rule.id === 'bounded-polling')?.scenarios).toEqual(['never-completes']);
  });
});

describe('sessions', () => {
  it('chain a create token and every token its poll answers carry, numbered as the creates were answered', async () => {
    const steps = [
      // Two searches at once; the second is answered first
      {...create('a1'), at: 0, took: 500},
      {...create('b1'), at: 100, took: 100},
      {...poll('b1', 'b2'), at: 1300},
      {...poll('a1', 'a2'), at: 1600},
      {...poll('a2', 'a3', 'RESULT_STATUS_COMPLETE', 7), at: 2800},
      {...poll('b2', 'b3', 'RESULT_STATUS_FAILED', 0), at: 2900},
    ];
    const report = await judge(steps);
    expect(report.sessions).toEqual([
      {
        id: 1,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 1,
            role: 'create',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 2,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 5,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_FAILED',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 0,
          },
        ],
      },
      {
        id: 2,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 0,
            role: 'create',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 3,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 4,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_COMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 7,
          },
        ],
      },
    ]);
    expect(report.operations).toEqual([
      'FlightsService_CreateSearch',
      'FlightsService_CreateSearch',
      'FlightsService_PollSearch',
      'FlightsService_PollSearch',
      'FlightsService_PollSearch',
      'FlightsService_PollSearch',
    ]);
  });

  it('count the results of each live search in its own collection, and a token never seen as a session', async () => {
    const hotels = liveSearches.find((search) => search.slug === 'hotels-live')!;
    const report = await judge([
      {
        request: send('POST', pathOf(hotels.create), exampleBody(op(hotels.create))),
        response: answer(200, {
          sessionToken: 'h1',
          status: 'RESULT_STATUS_INCOMPLETE',
          content: {results: {hotelContent: {'1': {}, '2': {}, '3': {}}}},
        }),
      },
      // A failed answer is a call of its session too, with no status
      {
        request: send('POST', pathOf(hotels.poll, {sessionToken: 'h1'}), exampleBody(op(hotels.poll))),
        response: errorAnswer(503),
      },
      {...poll('unknown', 'unknown2'), after: 1000},
      {request: currencies().request, response: answer(200, {currencies: []})},
    ]);
    expect(report.sessions).toEqual([
      {
        id: 1,
        slug: 'hotels-live',
        calls: [
          {index: 0, role: 'create', resultStatus: 'RESULT_STATUS_INCOMPLETE', results: 3},
          {index: 1, role: 'poll'},
        ],
      },
      {
        id: 2,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 2,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
        ],
      },
    ]);
    expect(report.operations).toEqual([
      'HotelsService_CreateSearch',
      'HotelsService_PollSearch',
      'FlightsService_PollSearch',
      'CultureService_ListCurrencies',
    ]);
  });
});

describe('a polite program', () => {
  it('passes every rule it exercises, and the others are not exercised with a reason', async () => {
    const report = await judge([{...currencies(), after: 0}, ...politeSearch()]);
    const outcomes = Object.fromEntries(report.verdicts.map((verdict) => [verdict.rule, verdict.outcome]));
    expect(outcomes).toEqual({
      'valid-requests': 'pass',
      'api-key-header': 'pass',
      'poll-interval': 'pass',
      'stop-when-done': 'pass',
      'bounded-polling': 'not-exercised',
      'retry-after': 'not-exercised',
      'retry-server-errors': 'not-exercised',
      'no-retry-client-errors': 'not-exercised',
      'new-search-after-404': 'not-exercised',
    });
    expect(verdictOf(report, 'bounded-polling').detail).toMatch(/normal scenario .*never-completes/);
    expect(verdictOf(report, 'valid-requests').calls).toEqual([0, 1, 2, 3]);
  });

  it('exercises nothing with no call', async () => {
    const report = await judge([]);
    for (const verdict of report.verdicts) {
      expect(verdict.outcome, verdict.rule).toBe('not-exercised');
      expect(verdict.detail, verdict.rule).not.toBe('');
    }
  });
});

describe('valid-requests', () => {
  it('fails an invalid request, naming the call, its field and rule', async () => {
    const invalid = create('s1');
    const body = exampleBody(op('FlightsService_CreateSearch')) as {query: {adults: number}};
    body.query.adults = 0;
    invalid.request = send('POST', invalid.request.url, body);
    invalid.response = errorAnswer(400);
    const report = await judge([{...invalid, after: 0}, ...politeSearch()]);
    expectOnlyFails(report, 'valid-requests', /#0 FlightsService_CreateSearch: query\.adults .*\(minimum\)/, [0]);
  });
});

describe('api-key-header', () => {
  it('fails a key in the query string', async () => {
    const report = await judge([{...currencies(KEY, `?apiKey=${KEY}`), after: 0}, ...politeSearch()]);
    expectOnlyFails(report, 'api-key-header', /query string \(apiKey\)/, [0]);
  });

  it('fails a call that needs a key and sends none', async () => {
    const report = await judge([{...currencies(null), response: errorAnswer(401), after: 0}, ...politeSearch()]);
    expectOnlyFails(report, 'api-key-header', /no x-api-key header/, [0]);
  });

  it('fails a key that is not a sandbox_ key in a run of the check, not in a HAR', async () => {
    const steps = [{...currencies('live_0123456789'), response: errorAnswer(403), after: 0}, ...politeSearch()];
    const report = await judge(steps);
    expectOnlyFails(report, 'api-key-header', /not a sandbox_ key/, [0]);
    expect(verdictOf(report, 'api-key-header').detail).not.toContain('live_0123456789');
    expectNoFailure(await judge(steps, {scenario: null, program: undefined, timeLimitMs: undefined}));
  });

  it('needs no key where the spec says security: []', async () => {
    const nearest: Step = {
      request: send('GET', pathOf('CultureService_NearestCulture'), undefined, null),
      response: answer(200, {}),
      after: 0,
    };
    const report = await judge([nearest]);
    expect(verdictOf(report, 'api-key-header').outcome).toBe('not-exercised');
  });
});

describe('poll-interval', () => {
  it("fails a poll sooner than 0.9 s after its session's last answer", async () => {
    const [first, second, third] = politeSearch();
    const report = await judge([first, {...second, after: 200}, third]);
    expectOnlyFails(report, 'poll-interval', /#1 of session 1 after 0\.2 s/, [1]);
  });

  it("fails a poll 1 ms short of 90 % of its flow's poll interval, and passes one at exactly that", async () => {
    expect(FLIGHTS_POLL_GAP_MS).toBe(900);
    const [first, second, third] = politeSearch();
    const early = await judge([first, {...second, after: FLIGHTS_POLL_GAP_MS - 1}, third]);
    expectOnlyFails(early, 'poll-interval', /#1 of session 1 after 0\.899 s/, [1]);
    expect(verdictOf(early, 'poll-interval').detail).toMatch(/sooner than 0\.9 s/);
    const onTime = await judge([first, {...second, after: FLIGHTS_POLL_GAP_MS}, third]);
    expectNoFailure(onTime);
  });

  it('passes a poll 0.9 s after, and does not judge the wait after a failed answer', async () => {
    const [first, second, third] = politeSearch();
    const report = await judge([
      first,
      {...failing(second, 503), after: FLIGHTS_POLL_GAP_MS},
      {...second, after: 0},
      third,
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'poll-interval')).toMatchObject({outcome: 'pass', calls: [1, 3]});
  });
});

describe('stop-when-done', () => {
  it('fails a poll after an answer said RESULT_STATUS_COMPLETE', async () => {
    const report = await judge([...politeSearch(), poll('s3', 's4', 'RESULT_STATUS_COMPLETE')]);
    expectOnlyFails(
      report,
      'stop-when-done',
      /session 1 was polled 1 more time \(#3\) after #2 said RESULT_STATUS_COMPLETE/,
      [3],
    );
  });

  it('fails a poll after an answer said RESULT_STATUS_FAILED', async () => {
    const report = await judge([create('s1'), poll('s1', 's2', 'RESULT_STATUS_FAILED'), poll('s2', 's3')]);
    expectOnlyFails(report, 'stop-when-done', /RESULT_STATUS_FAILED/, [2]);
  });

  it('passes a poll sent before that answer arrived, and a hotels poll that asks for another view', async () => {
    const [first, second, third] = politeSearch();
    const inFlight = timeline([first, second, {...third, took: 800}]);
    const concurrent: Exchange = {
      index: 3,
      startedMs: inFlight[2].startedMs + 10,
      endedMs: inFlight[2].startedMs + 110,
      request: pollRequest('s2'),
      response: searchAnswer('s2b'),
    };
    const report = await judge([...inFlight, concurrent]);
    expect(verdictOf(report, 'stop-when-done').outcome).toBe('pass');

    const hotels = liveSearches.find((search) => search.slug === 'hotels-live')!;
    const view = exampleBody(op(hotels.poll));
    const hotelsAnswer = (token: string, status = 'RESULT_STATUS_COMPLETE') =>
      answer(200, {sessionToken: token, status, content: {results: {hotelContent: {}}}});
    const hotelsPoll = (token: string, body: unknown, next: string): Step => ({
      request: send('POST', pathOf(hotels.poll, {sessionToken: token}), body),
      response: hotelsAnswer(next),
    });
    const viewed = await judge([
      {
        request: send('POST', pathOf(hotels.create), exampleBody(op(hotels.create))),
        response: hotelsAnswer('h1', 'RESULT_STATUS_INCOMPLETE'),
      },
      hotelsPoll('h1', {}, 'h2'),
      hotelsPoll('h2', view, 'h3'),
    ]);
    expectNoFailure(viewed);
    expect(verdictOf(viewed, 'stop-when-done').outcome).toBe('pass');
    const repeated = await judge([
      {
        request: send('POST', pathOf(hotels.create), exampleBody(op(hotels.create))),
        response: hotelsAnswer('h1', 'RESULT_STATUS_INCOMPLETE'),
      },
      hotelsPoll('h1', {}, 'h2'),
      hotelsPoll('h2', {}, 'h3'),
    ]);
    expectOnlyFails(repeated, 'stop-when-done', /session 1/, [2]);
  });
});

describe('bounded-polling', () => {
  const endless = [create('s1'), ...[1, 2, 3, 4, 5].map((n) => poll(`s${n}`, `s${n + 1}`))];
  const stopped: ProgramEnd = {...endedItself(60_000), exitCode: null, signal: 'SIGTERM', timedOut: true};

  it('fails a program the check stopped at the time limit while it polled a search that never completes', async () => {
    const report = await judge(endless, {scenario: 'never-completes', program: stopped});
    expectOnlyFails(report, 'bounded-polling', /time limit of 60 s .*session 1 was polled 5 times/, [1, 2, 3, 4, 5]);
    const flooded = await judge(endless, {
      scenario: 'never-completes',
      program: {...stopped, timedOut: false, flooded: true},
    });
    expectOnlyFails(flooded, 'bounded-polling', /more calls than a run may record/);
  });

  it('passes a program that stopped polling and ended by itself', async () => {
    const report = await judge(endless, {scenario: 'never-completes', program: {...endedItself(6000), exitCode: 1}});
    expectNoFailure(report);
    expect(verdictOf(report, 'bounded-polling')).toMatchObject({outcome: 'pass', calls: [1, 2, 3, 4, 5]});
  });

  it('is not exercised in another scenario, in a HAR, or when no search was left incomplete', async () => {
    const other = await judge(endless, {scenario: 'normal', program: stopped});
    expect(verdictOf(other, 'bounded-polling')).toMatchObject({
      outcome: 'not-exercised',
      detail: expect.stringMatching(/never-completes/),
    });
    const har = await judge(endless, {scenario: null, program: undefined, timeLimitMs: undefined});
    expect(verdictOf(har, 'bounded-polling')).toMatchObject({
      outcome: 'not-exercised',
      detail: expect.stringMatching(/HAR/),
    });
    const complete = await judge(politeSearch(), {scenario: 'never-completes', program: stopped});
    expect(verdictOf(complete, 'bounded-polling').outcome).toBe('not-exercised');
  });
});

describe('retry-after', () => {
  const limited = (headers: Header[]) => ({...failing(create('s1'), 429, headers), after: 0});

  it('fails a call sooner than the 429 asked', async () => {
    const report = await judge([
      limited([['retry-after', '2']]),
      {...create('s1'), after: 500},
      ...politeSearch().slice(1),
    ]);
    expectOnlyFails(report, 'retry-after', /#1 came 0\.5 s after the 429 #0 that asked to wait 2 s/, [0, 1]);
  });

  it('reads an HTTP date, and passes a wait of what was asked less 50 ms', async () => {
    // The 429 is answered 100 ms into a run that started at START: a date 3 s later asks for 2.9 s
    const date = new Date(Date.parse(START) + 3000).toUTCString();
    const soon = await judge([
      limited([['retry-after', date]]),
      {...create('s1'), after: 1000},
      ...politeSearch().slice(1),
    ]);
    expectOnlyFails(soon, 'retry-after', /asked to wait 2\.9 s/);
    const report = await judge([
      limited([['retry-after', '2']]),
      {...create('s1'), after: 1950},
      ...politeSearch().slice(1),
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-after')).toMatchObject({outcome: 'pass', calls: [0]});
  });

  it('is not exercised by a 429 without Retry-After', async () => {
    const report = await judge([limited([]), {...create('s1'), after: 10}, ...politeSearch().slice(1)]);
    expect(verdictOf(report, 'retry-after').outcome).toBe('not-exercised');
    expectNoFailure(report);
  });
});

describe('retry-server-errors', () => {
  const [first, second, third] = politeSearch();

  it('fails a failed poll the program never sent again', async () => {
    const report = await judge([first, failing(second, 503)]);
    expectOnlyFails(
      report,
      'retry-server-errors',
      /#1 FlightsService_PollSearch answered 503 and was not sent again: the program ended/,
      [1],
    );
  });

  it('fails a program that moved on to a new search', async () => {
    const report = await judge([first, failing(second, 500), ...politeSearch('t')]);
    expectOnlyFails(report, 'retry-server-errors', /answered 500 .*moved on/, [1]);
  });

  it('fails a request sent again before its failing answer arrived', async () => {
    const report = await judge([
      first,
      {...failing(second, 503), took: 500},
      // The first poll is sent at 2100 and answered at 2600; the same poll again at 2300
      {...second, at: 2300},
      third,
    ]);
    expectOnlyFails(report, 'retry-server-errors', /sent again \(#2\) before its 503 answer arrived/, [1, 2]);
  });

  it('passes a retry after any wait, and giving up once the retries are spent', async () => {
    const report = await judge([first, failing(second, 503), {...second, after: 0}, third]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-server-errors')).toMatchObject({outcome: 'pass', calls: [1, 2]});
    const spent = await judge([
      {...failing(create('s1'), 429), after: 0},
      {...failing(create('s1'), 429), after: 300},
      {...failing(create('s1'), 429), after: 700},
    ]);
    expectNoFailure(spent);
    expect(verdictOf(spent, 'retry-server-errors').outcome).toBe('pass');
  });
});

describe('no-retry-client-errors', () => {
  const rejected = (key = KEY): Step => ({...currencies(key), response: errorAnswer(401), after: 0});

  it('fails a request answered 401 sent again unchanged', async () => {
    const report = await judge([rejected(), {...rejected(), after: 1000}], {scenario: 'rejected'});
    expectOnlyFails(
      report,
      'no-retry-client-errors',
      /#0 CultureService_ListCurrencies answered 401 and was sent again unchanged \(#1\)/,
      [0, 1],
    );
  });

  it('passes the same call with another key, or no second call', async () => {
    const report = await judge([rejected(), {...rejected('sandbox_other'), after: 1000}], {scenario: 'rejected'});
    expectNoFailure(report);
    expect(verdictOf(report, 'no-retry-client-errors')).toMatchObject({outcome: 'pass', calls: [0, 1]});
    expect(verdictOf(await judge([rejected()], {scenario: 'rejected'}), 'no-retry-client-errors').outcome).toBe('pass');
  });
});

describe('new-search-after-404', () => {
  const [first, second] = politeSearch();
  const lost = failing(poll('s2', 's3'), 404);

  it('fails a poll with any token of a session after a poll of it answered 404', async () => {
    const report = await judge([first, second, lost, {...poll('s1', 'x'), after: 1000}]);
    expectOnlyFails(
      report,
      'new-search-after-404',
      /after poll #2 of session 1 was answered 404, the session was polled again \(#3\)/,
      [2, 3],
    );
  });

  it('fails polling a token never seen again after its 404', async () => {
    const unknown = failing(poll('made-up', 'x'), 404);
    const report = await judge([{...unknown, after: 0}, unknown]);
    expectOnlyFails(report, 'new-search-after-404', /session 1/, [0, 1]);
  });

  it('passes a new search after the 404', async () => {
    const report = await judge([first, second, lost, ...politeSearch('t')]);
    expectNoFailure(report);
    expect(verdictOf(report, 'new-search-after-404')).toMatchObject({outcome: 'pass', calls: [2]});
  });
});
