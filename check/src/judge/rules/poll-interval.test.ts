/** `poll-interval` (poll-interval.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {liveFlows} from '@portal/specs';
import {
  answer,
  bundles,
  exampleBody,
  expectNoFailure,
  expectOnlyFails,
  failing,
  judge,
  op,
  pathOf,
  politeSearch,
  send,
  type Step,
  verdictOf,
} from './recordings.fixture';
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

  describe('over sessions of two flows that ask for different waits', () => {
    // Every flow of the specifications asks for 1 s today: here the hotels search asks for 2 s
    const hotelsDoc = JSON.stringify(bundles.get('hotels-live')).replace(
      /"pollIntervalSeconds":1(?=[,}])/,
      '"pollIntervalSeconds":2',
    );
    const slowHotels = new Map(bundles).set('hotels-live', JSON.parse(hotelsDoc));
    const hotelsSearch = (pollAfter: number): Step[] => [
      {
        request: send('POST', pathOf('HotelsService_CreateSearch'), exampleBody(op('HotelsService_CreateSearch'))),
        response: answer(200, {sessionToken: 'h1', status: 'RESULT_STATUS_INCOMPLETE'}),
      },
      {
        request: send('POST', pathOf('HotelsService_PollSearch', {sessionToken: 'h1'}), {}),
        response: answer(200, {sessionToken: 'h2', status: 'RESULT_STATUS_COMPLETE'}),
        after: pollAfter,
      },
    ];
    const [first, second, third] = politeSearch();

    it('reads the hotels flow as asking for 2 s', () => {
      expect(liveFlows('hotels-live', slowHotels.get('hotels-live')!)[0].pollIntervalMs).toBe(2000);
      expect(minPollGapMs(liveFlows('hotels-live', slowHotels.get('hotels-live')!)[0])).toBe(1800);
    });

    it('fails early polls of both, naming the longest wait asked', async () => {
      const report = await judge([...hotelsSearch(1000), first, {...second, after: 500}, third], {}, slowHotels);
      expect(verdictOf(report, 'poll-interval')).toEqual({
        rule: 'poll-interval',
        outcome: 'fail',
        detail:
          "2 polls of 3 came sooner than 1.8 s after their session's last answer: #1 of session 1 after 1 s; #3 of session 2 after 0.5 s",
        calls: [1, 3],
      });
    });

    it('passes polls of both on time, naming the least wait asked and the shortest wait', async () => {
      const report = await judge([...hotelsSearch(1800), first, {...second, after: 1500}, third], {}, slowHotels);
      expect(verdictOf(report, 'poll-interval')).toEqual({
        rule: 'poll-interval',
        outcome: 'pass',
        detail: "3 polls each came at least 0.9 s after their session's last answer (the shortest wait 1 s)",
        calls: [1, 3, 4],
      });
    });
  });
});
