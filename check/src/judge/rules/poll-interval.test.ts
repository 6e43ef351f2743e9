/** `poll-interval` (poll-interval.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {liveFlows} from '@portal/specs';
import {
  answer,
  bundles,
  create,
  exampleBody,
  expectNoFailure,
  expectOnlyFails,
  failing,
  judge,
  op,
  pathOf,
  poll,
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

  describe('only polls for progress: those sent before an answer said the search was done arrived', () => {
    const hotelsAnswer = (token: string, status: string) =>
      answer(200, {sessionToken: token, status, content: {results: {hotelContent: {}}}});
    const hotelsCreate: Step = {
      request: send('POST', pathOf('HotelsService_CreateSearch'), exampleBody(op('HotelsService_CreateSearch'))),
      response: hotelsAnswer('h1', 'RESULT_STATUS_INCOMPLETE'),
    };
    /** A hotels poll of `token` asking for page `page` of the cheapest first. */
    const viewPoll = (token: string, page: number, next: string, status = 'RESULT_STATUS_COMPLETE'): Step => ({
      request: send('POST', pathOf('HotelsService_PollSearch', {sessionToken: token}), {
        sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
        pagination: {limit: 15, offset: (page - 1) * 15},
      }),
      response: hotelsAnswer(next, status),
    });

    it('does not judge a hotels poll for another view sent the very millisecond the complete answer arrived', async () => {
      const report = await judge([hotelsCreate, viewPoll('h1', 1, 'h2'), {...viewPoll('h2', 2, 'h3'), after: 0}]);
      expectNoFailure(report);
      expect(verdictOf(report, 'poll-interval')).toMatchObject({outcome: 'pass', calls: [1]});
      expect(verdictOf(report, 'stop-when-done')).toMatchObject({outcome: 'pass'});
    });

    it('judges one sent a millisecond before that answer arrived, as a poll for progress', async () => {
      const report = await judge([hotelsCreate, viewPoll('h1', 1, 'h2'), {...viewPoll('h1', 2, 'h3'), after: -1}]);
      expectOnlyFails(
        report,
        'poll-interval',
        /^1 poll of 2 came sooner than 0\.9 s .*#2 of session 1 after -0\.001 s$/,
        [2],
      );
    });

    it('judges polls for another view of a search that is not complete', async () => {
      const incomplete = 'RESULT_STATUS_INCOMPLETE';
      const early = await judge([
        hotelsCreate,
        viewPoll('h1', 1, 'h2', incomplete),
        {...viewPoll('h2', 2, 'h3', incomplete), after: FLIGHTS_POLL_GAP_MS - 1},
      ]);
      expectOnlyFails(early, 'poll-interval', /#2 of session 1 after 0\.899 s/, [2]);
      const onTime = await judge([
        hotelsCreate,
        viewPoll('h1', 1, 'h2', incomplete),
        {...viewPoll('h2', 2, 'h3', incomplete), after: FLIGHTS_POLL_GAP_MS},
      ]);
      expectNoFailure(onTime);
      expect(verdictOf(onTime, 'poll-interval')).toMatchObject({outcome: 'pass', calls: [1, 2]});
    });

    it('judges the poll whose answer said done itself, also when that answer took no time', async () => {
      const report = await judge([create('s1'), {...poll('s1', 's2', 'RESULT_STATUS_COMPLETE'), after: 200, took: 0}]);
      expectOnlyFails(report, 'poll-interval', /#1 of session 1 after 0\.2 s/, [1]);
    });

    it('leaves a repeat after RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED, however soon, to stop-when-done', async () => {
      for (const status of ['RESULT_STATUS_COMPLETE', 'RESULT_STATUS_FAILED']) {
        const report = await judge([create('s1'), poll('s1', 's2', status), {...poll('s2', 's3', status), after: 0}]);
        expectOnlyFails(report, 'stop-when-done', /session 1 was polled 1 more time \(#2\)/, [2]);
        expect(verdictOf(report, 'poll-interval'), status).toMatchObject({outcome: 'pass', calls: [1]});
      }
    });

    it('is not exercised when every poll came after the answer that said done', async () => {
      const completeAtOnce = {...hotelsCreate, response: hotelsAnswer('h1', 'RESULT_STATUS_COMPLETE')};
      const report = await judge([completeAtOnce, {...viewPoll('h1', 1, 'h2'), after: 0}]);
      expectNoFailure(report);
      expect(verdictOf(report, 'poll-interval')).toEqual({
        rule: 'poll-interval',
        outcome: 'not-exercised',
        detail: 'no poll of an incomplete search followed a 2xx answer of its session',
        calls: [],
      });
    });
  });
});
