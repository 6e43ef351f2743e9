/** `no-retry-client-errors` (no-retry-client-errors.ts) on synthetic recordings (fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {currencies, errorAnswer, expectNoFailure, expectOnlyFails, judge, KEY, type Step, verdictOf} from './fixture';

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
