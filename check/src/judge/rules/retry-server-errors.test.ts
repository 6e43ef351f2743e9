/** `retry-server-errors` (retry-server-errors.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {
  create,
  currencies,
  errorAnswer,
  expectNoFailure,
  expectOnlyFails,
  failing,
  judge,
  nearestPlaces,
  otherFlightsQuery,
  politeSearch,
  type Step,
  verdictOf,
} from './recordings.fixture';

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
    const report = await judge([first, failing(second, 500), ...politeSearch('t', otherFlightsQuery())]);
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

  it('says the program moved on when another call started in the very millisecond the failing answer arrived', async () => {
    const report = await judge([first, failing(second, 503), {...currencies(), after: 0}]);
    expectOnlyFails(
      report,
      'retry-server-errors',
      /^#1 FlightsService_PollSearch answered 503 and was not sent again: the program moved on to other calls$/,
      [1],
    );
  });

  it('fails a failing answer that took no time (a call timed at 0 ms) and was not sent again', async () => {
    const report = await judge([first, {...failing(second, 503), took: 0}]);
    expectOnlyFails(
      report,
      'retry-server-errors',
      /^#1 FlightsService_PollSearch answered 503 and was not sent again: the program ended$/,
      [1],
    );
  });

  it('passes a retry sent in the very millisecond the first failure arrived that fails again and is given up on', async () => {
    const report = await judge([
      {...failing(create('s1'), 429), after: 0},
      {...failing(create('s1'), 429), after: 0},
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-server-errors')).toEqual({
      rule: 'retry-server-errors',
      outcome: 'pass',
      detail:
        'each of the 2 answers 429, 500 or 503 was followed by the same request once it had arrived (or the retries were spent)',
      calls: [0, 1],
    });
  });

  it('fails giving up on a request whose earlier sending succeeded: that was no retry', async () => {
    const report = await judge([nearestPlaces(), {...nearestPlaces(), response: errorAnswer(503)}]);
    expectOnlyFails(
      report,
      'retry-server-errors',
      /^#1 GeoService_NearestPlaces answered 503 and was not sent again: the program ended$/,
      [1],
    );
  });

  it('fails two identical requests in flight together, both failing and neither sent again', async () => {
    // #0 is sent at 0 and answered at 300; #1, the same request, is sent at 100 and answered at 150
    const failed503 = (at: number, took: number): Step => ({...currencies(), response: errorAnswer(503), at, took});
    const report = await judge([failed503(0, 300), failed503(100, 50)]);
    expectOnlyFails(
      report,
      'retry-server-errors',
      new RegExp(
        [
          '^#0 CultureService_ListCurrencies was sent again \\(#1\\) before its 503 answer arrived',
          '#0 CultureService_ListCurrencies answered 503 and was not sent again: the program ended',
          '#1 CultureService_ListCurrencies answered 503 and was not sent again: the program ended$',
        ].join('; '),
      ),
      [0, 1],
    );
  });

  it('passes two identical requests sent in the same millisecond, one failing and then sent again', async () => {
    const both = (response = nearestPlaces().response): Step => ({...nearestPlaces(), response, at: 1000});
    const report = await judge([both(errorAnswer(503)), both(), {...nearestPlaces(), at: 2000}]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-server-errors')).toMatchObject({outcome: 'pass', calls: [0, 2]});
  });
});
