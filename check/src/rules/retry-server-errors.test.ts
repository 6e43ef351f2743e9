/** `retry-server-errors` (retry-server-errors.ts) on synthetic recordings (fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {create, expectNoFailure, expectOnlyFails, failing, judge, politeSearch, verdictOf} from './fixture';

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
