/**
 * What a partner reads in a report for each rule (rules/*.ts), exactly: every rule's verdict, the calls it
 * names and its detail sentence, for recordings that pass, fail and leave each rule unexercised. A rule
 * whose sentence, count or list changes fails here.
 */
import {describe, expect, it} from 'vitest';
import type {RunReport} from '../../model';
import {
  create,
  currencies,
  endedItself,
  errorAnswer,
  failing,
  judge,
  KEY,
  poll,
  politeSearch,
  type Step,
} from './recordings.fixture';

/** A report's verdicts as a reader sees them: rule, outcome, the calls named, and the detail. */
const verdicts = (report: RunReport): string[] =>
  report.verdicts.map(({rule, outcome, calls, detail}) => `${rule} ${outcome} ${JSON.stringify(calls)} :: ${detail}`);

const [first, second, third] = politeSearch();
/** A search whose answers never complete, polled twice. */
const endless = [create('s1'), poll('s1', 's2'), poll('s2', 's3')];

describe('each verdict as the report shows it', () => {
  it('a polite search that completes', async () => {
    expect(verdicts(await judge(politeSearch(), {}))).toEqual([
      'valid-requests pass [0,1,2] :: all 3 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2] :: all 3 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1,2] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done pass [2] :: 1 session stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it("a poll 0.2 s after its session's answer", async () => {
    expect(verdicts(await judge([first, {...second, after: 200}, third], {}))).toEqual([
      'valid-requests pass [0,1,2] :: all 3 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2] :: all 3 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval fail [1] :: 1 poll of 2 came sooner than 0.9 s after their session's last answer: #1 of session 1 after 0.2 s",
      'stop-when-done pass [2] :: 1 session stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('two early polls of one session', async () => {
    expect(
      verdicts(
        await judge(
          [
            create('a1'),
            {...poll('a1', 'a2'), after: 100},
            {...poll('a2', 'a3'), after: 300},
            {...poll('a3', 'a4', 'RESULT_STATUS_COMPLETE'), after: 1000},
          ],
          {},
        ),
      ),
    ).toEqual([
      'valid-requests pass [0,1,2,3] :: all 4 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2,3] :: all 4 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval fail [1,2] :: 2 polls of 3 came sooner than 0.9 s after their session's last answer: #1 of session 1 after 0.1 s; #2 of session 1 after 0.3 s",
      'stop-when-done pass [3] :: 1 session stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('one call of no live search', async () => {
    expect(verdicts(await judge([currencies()], {}))).toEqual([
      'valid-requests pass [0] :: the one call to an operation was valid against its schema and rules',
      'api-key-header pass [0] :: the one call that needed a key sent it in the header, a sandbox_ key, none in the query string',
      'poll-interval not-exercised [] :: no poll of an incomplete search followed a 2xx answer of its session',
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session not-exercised [] :: no search that offers an itinerary refresh (flights) was created',
      'reference-data-cached pass [0] :: the one distinct request of reference data was sent until answered, then not again (Currencies)',
    ]);
  });

  it('a 400 sent again unchanged', async () => {
    expect(
      verdicts(
        await judge(
          [
            {...currencies(), response: errorAnswer(400)},
            {...currencies(), response: errorAnswer(400)},
          ],
          {},
        ),
      ),
    ).toEqual([
      'valid-requests pass [0,1] :: all 2 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1] :: all 2 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      'poll-interval not-exercised [] :: no poll of an incomplete search followed a 2xx answer of its session',
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors fail [0,1] :: #0 CultureService_ListCurrencies answered 400 and was sent again unchanged (#1)',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session not-exercised [] :: no search that offers an itinerary refresh (flights) was created',
      'reference-data-cached pass [0,1] :: the one distinct request of reference data was sent until answered, then not again (Currencies)',
    ]);
  });

  it('a 403 for a real key, then the call with a sandbox key', async () => {
    expect(verdicts(await judge([{...currencies('prtl_x'), response: errorAnswer(403)}, currencies()], {}))).toEqual([
      'valid-requests pass [0,1] :: all 2 calls to operations were valid against their schemas and rules',
      'api-key-header fail [0] :: 1 call of 2: #0 CultureService_ListCurrencies: a key in x-api-key that is not a sandbox_ key; the sandbox takes sandbox_ keys only',
      'poll-interval not-exercised [] :: no poll of an incomplete search followed a 2xx answer of its session',
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors pass [0] :: none of the 1 request answered 400, 401 or 403 was sent again unchanged',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session not-exercised [] :: no search that offers an itinerary refresh (flights) was created',
      'reference-data-cached pass [0,1] :: the one distinct request of reference data was sent until answered, then not again (Currencies)',
    ]);
  });

  it('a 503 create sent again', async () => {
    expect(verdicts(await judge([failing(create('s1'), 503), create('s1'), second, third], {}))).toEqual([
      'valid-requests pass [0,1,2,3] :: all 4 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2,3] :: all 4 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [2,3] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done pass [3] :: 1 session stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors pass [0,1] :: each of the 1 answer 429, 500 or 503 was followed by the same request once it had arrived (or the retries were spent)',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [1] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('a 500 the program gave up on at once', async () => {
    expect(verdicts(await judge([failing(create('s1'), 500)], {}))).toEqual([
      'valid-requests pass [0] :: the one call to an operation was valid against its schema and rules',
      'api-key-header pass [0] :: the one call that needed a key sent it in the header, a sandbox_ key, none in the query string',
      'poll-interval not-exercised [] :: no poll of an incomplete search followed a 2xx answer of its session',
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors fail [0] :: #0 FlightsService_CreateSearch answered 500 and was not sent again: the program ended',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session not-exercised [] :: no search that offers an itinerary refresh (flights) was created',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('a poll answered 404, then a new search', async () => {
    expect(
      verdicts(
        await judge(
          [create('s1'), failing(poll('s1', 's2'), 404), create('t1'), poll('t1', 't2', 'RESULT_STATUS_COMPLETE')],
          {},
        ),
      ),
    ).toEqual([
      'valid-requests pass [0,1,2,3] :: all 4 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2,3] :: all 4 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1,3] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done pass [3] :: 1 session stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 pass [1] :: after each of the 1 poll answered 404 no poll used a token of its session again',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0,2] :: no create repeated the query of a usable session (2 sessions of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('a poll answered 404, then the lost session polled again', async () => {
    expect(
      verdicts(
        await judge([create('s1'), failing(poll('s1', 's2'), 404), poll('s1', 's2', 'RESULT_STATUS_COMPLETE')], {}),
      ),
    ).toEqual([
      'valid-requests pass [0,1,2] :: all 3 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2] :: all 3 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1] :: 1 poll each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done pass [2] :: 1 session stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 fail [1,2] :: after poll #1 of session 1 was answered 404, the session was polled again (#2)',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('a poll after RESULT_STATUS_COMPLETE', async () => {
    expect(verdicts(await judge([...politeSearch(), poll('s3', 's4', 'RESULT_STATUS_COMPLETE')], {}))).toEqual([
      'valid-requests pass [0,1,2,3] :: all 4 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2,3] :: all 4 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1,2] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done fail [3] :: session 1 was polled 1 more time (#3) after #2 said RESULT_STATUS_COMPLETE',
      'bounded-polling not-exercised [] :: the normal scenario does not: only the never-completes scenario of the check exercises it',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('never-completes, stopped at the time limit', async () => {
    expect(
      verdicts(await judge(endless, {scenario: 'never-completes', program: {...endedItself(6000), timedOut: true}})),
    ).toEqual([
      'valid-requests pass [0,1,2] :: all 3 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2] :: all 3 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1,2] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      "bounded-polling fail [1,2] :: the check stopped the program at the run's time limit of 60 s while it polled a search that never completed: session 1 was polled 2 times, the last at 3.2 s",
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('never-completes, stopped for too many calls', async () => {
    expect(
      verdicts(await judge(endless, {scenario: 'never-completes', program: {...endedItself(6000), flooded: true}})),
    ).toEqual([
      'valid-requests pass [0,1,2] :: all 3 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2] :: all 3 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1,2] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling fail [1,2] :: the check stopped the program for making more calls than a run may record while it polled a search that never completed: session 1 was polled 2 times, the last at 3.2 s',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('never-completes, stopped at a time limit the recording does not state', async () => {
    expect(
      verdicts(
        await judge(endless, {
          scenario: 'never-completes',
          timeLimitMs: undefined,
          program: {...endedItself(6000), timedOut: true},
        }),
      ),
    ).toEqual([
      'valid-requests pass [0,1,2] :: all 3 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2] :: all 3 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1,2] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      "bounded-polling fail [1,2] :: the check stopped the program at the run's time limit while it polled a search that never completed: session 1 was polled 2 times, the last at 3.2 s",
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });

  it('never-completes, ended by itself', async () => {
    expect(verdicts(await judge(endless, {scenario: 'never-completes'}))).toEqual([
      'valid-requests pass [0,1,2] :: all 3 calls to operations were valid against their schemas and rules',
      'api-key-header pass [0,1,2] :: all 3 calls that needed a key sent it in the header, a sandbox_ key, none in the query string',
      "poll-interval pass [1,2] :: 2 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
      'stop-when-done not-exercised [] :: no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED',
      'bounded-polling pass [1,2] :: the program stopped polling and ended by itself after 10 s: session 1 was polled 2 times, the last at 3.2 s',
      'retry-after not-exercised [] :: no answer was a 429 with a Retry-After header',
      'retry-server-errors not-exercised [] :: no answer was a 429, 500 or 503',
      'no-retry-client-errors not-exercised [] :: no answer was a 400, 401 or 403',
      'new-search-after-404 not-exercised [] :: no poll was answered 404',
      'views-in-session not-exercised [] :: no search whose poll takes a view (hotels) was created',
      'refresh-in-session pass [0] :: no create repeated the query of a usable session (1 session of a search that offers an itinerary refresh)',
      'reference-data-cached not-exercised [] :: no call of reference data (x-refresh in its specification) was made',
    ]);
  });
});

describe('what the verdicts share', () => {
  /** The one verdict of `rule`, as a reader sees it. */
  const verdictLine = async (rule: string, steps: Step[]) =>
    verdicts(await judge(steps)).find((line) => line.startsWith(`${rule} `));

  it('lists three calls, then how many more', async () => {
    const early = [1, 2, 3, 4, 5].map((n) => ({...poll(`a${n - 1}`, `a${n}`), after: 100 + n}));
    expect(
      await verdictLine('poll-interval', [create('a0'), ...early, poll('a5', 'a6', 'RESULT_STATUS_COMPLETE')]),
    ).toBe(
      "poll-interval fail [1,2,3,4,5] :: 5 polls of 6 came sooner than 0.9 s after their session's last answer: #1 of session 1 after 0.101 s; #2 of session 1 after 0.102 s; #3 of session 1 after 0.103 s; and 2 more",
    );
  });

  it('gives seconds to the millisecond', async () => {
    expect(
      await verdictLine('poll-interval', [
        create('b0'),
        {...poll('b0', 'b1', 'RESULT_STATUS_COMPLETE'), after: 1234.6},
      ]),
    ).toBe(
      "poll-interval pass [1] :: 1 poll each came at least 0.9 s after their session's last answer (the shortest wait 1.235 s)",
    );
  });

  it('reads the same request whatever the case of its method, and a header whatever the case of its name', async () => {
    const lowerCase = (step: Step): Step => ({...step, request: {...step.request, method: 'get'}});
    expect(
      await verdictLine('no-retry-client-errors', [
        {...currencies(), response: errorAnswer(400)},
        lowerCase(currencies()),
      ]),
    ).toBe(
      'no-retry-client-errors fail [0,1] :: #0 CultureService_ListCurrencies answered 400 and was sent again unchanged (#1)',
    );
    const named = (step: Step): Step => ({...step, request: {...step.request, headers: [['X-API-Key', KEY]]}});
    expect(await verdictLine('api-key-header', [named(currencies())])).toBe(
      'api-key-header pass [0] :: the one call that needed a key sent it in the header, a sandbox_ key, none in the query string',
    );
  });
});
