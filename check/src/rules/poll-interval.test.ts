/** `poll-interval` (poll-interval.ts) on synthetic recordings (fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {liveFlows} from '@portal/specs';
import {bundles, expectNoFailure, expectOnlyFails, failing, judge, politeSearch, verdictOf} from './fixture';
import {minPollGapMs} from './poll-interval';

/** The least wait `poll-interval` passes for the flights search, from its specification's x-live-flow. */
const FLIGHTS_POLL_GAP_MS = minPollGapMs(liveFlows('flights-live-pricing', bundles.get('flights-live-pricing')!)[0]);

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
