/** `new-search-after-404` (new-search-after-404.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {expectNoFailure, expectOnlyFails, failing, judge, politeSearch, poll, verdictOf} from './recordings.fixture';

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

  it('fails a poll sent in the very millisecond the 404 arrived, and passes one sent a millisecond before', async () => {
    const atOnce = await judge([first, second, lost, {...poll('s1', 'x'), after: 0}]);
    expectOnlyFails(
      atOnce,
      'new-search-after-404',
      /^after poll #2 of session 1 was answered 404, the session was polled again \(#3\)$/,
      [2, 3],
    );
    const inFlight = await judge([first, second, lost, {...poll('s1', 'x'), after: -1}]);
    expectNoFailure(inFlight);
    expect(verdictOf(inFlight, 'new-search-after-404')).toEqual({
      rule: 'new-search-after-404',
      outcome: 'pass',
      detail: 'after each of the 1 poll answered 404 no poll used a token of its session again',
      calls: [2],
    });
  });

  it('passes a 404 answered in no time (a call timed at 0 ms) followed by a new search', async () => {
    const report = await judge([first, second, {...lost, took: 0}, ...politeSearch('t')]);
    expectNoFailure(report);
    expect(verdictOf(report, 'new-search-after-404')).toMatchObject({outcome: 'pass', calls: [2]});
  });

  it('passes a new search after the 404', async () => {
    const report = await judge([first, second, lost, ...politeSearch('t')]);
    expectNoFailure(report);
    expect(verdictOf(report, 'new-search-after-404')).toMatchObject({outcome: 'pass', calls: [2]});
  });
});
