/** `stop-when-done` (stop-when-done.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {liveSearches} from '@portal/sandbox/testing';
import type {Exchange} from '../../model';
import {
  answer,
  create,
  exampleBody,
  expectNoFailure,
  expectOnlyFails,
  judge,
  op,
  pathOf,
  politeSearch,
  poll,
  pollRequest,
  searchAnswer,
  send,
  type Step,
  timeline,
  verdictOf,
} from './recordings.fixture';

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

  it('passes the answer that said RESULT_STATUS_COMPLETE itself when it took no time (a call timed at 0 ms)', async () => {
    const instant = politeSearch().map((step) => ({...step, took: 0}));
    expect(verdictOf(await judge(instant), 'stop-when-done').outcome).toBe('pass');
    const pollAfter = await judge([...instant, {...poll('s3', 's4', 'RESULT_STATUS_COMPLETE'), took: 0}]);
    expectOnlyFails(pollAfter, 'stop-when-done', /polled 1 more time \(#3\) after #2/, [3]);
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

  it('fails a poll sent in the very millisecond the done answer arrived, and passes one sent a millisecond before', async () => {
    const atOnce = await judge([...politeSearch(), {...poll('s3', 's4', 'RESULT_STATUS_COMPLETE'), after: 0}]);
    expect(verdictOf(atOnce, 'stop-when-done')).toEqual({
      rule: 'stop-when-done',
      outcome: 'fail',
      detail: 'session 1 was polled 1 more time (#3) after #2 said RESULT_STATUS_COMPLETE',
      calls: [3],
    });
    const inFlight = await judge([...politeSearch(), {...poll('s2', 's4', 'RESULT_STATUS_COMPLETE'), after: -1}]);
    expect(verdictOf(inFlight, 'stop-when-done')).toMatchObject({outcome: 'pass', calls: [2]});
  });

  describe('a hotels poll after the done answer', () => {
    const hotels = liveSearches.find((search) => search.slug === 'hotels-live')!;
    const view = exampleBody(op(hotels.poll));
    const hotelsAnswer = (token: string, status = 'RESULT_STATUS_COMPLETE') =>
      answer(200, {sessionToken: token, status, content: {results: {hotelContent: {}}}});
    const hotelsCreate = (status = 'RESULT_STATUS_INCOMPLETE'): Step => ({
      request: send('POST', pathOf(hotels.create), exampleBody(op(hotels.create))),
      response: hotelsAnswer('h1', status),
    });
    /** A hotels poll of `token` whose body is this text exactly (none when undefined). */
    const hotelsPoll = (token: string, body: string | undefined, next: string): Step => {
      const request = send('POST', pathOf(hotels.poll, {sessionToken: token}), {});
      return {request: {...request, body}, response: hotelsAnswer(next)};
    };
    const stopVerdict = async (steps: Step[]) => verdictOf(await judge(steps), 'stop-when-done');

    it.each([
      ['no body', undefined],
      ['an empty body', ''],
      ['a blank body', '  \n '],
      ['the same body as the poll before', '{}'],
    ])('fails one with %s: it asks for no other view', async (_, body) => {
      expect(await stopVerdict([hotelsCreate(), hotelsPoll('h1', '{}', 'h2'), hotelsPoll('h2', body, 'h3')])).toEqual({
        rule: 'stop-when-done',
        outcome: 'fail',
        detail: 'session 1 was polled 1 more time (#2) after #1 said RESULT_STATUS_COMPLETE',
        calls: [2],
      });
    });

    it('passes one that asks for another view, also as the first poll after a create that said done', async () => {
      const another = JSON.stringify(view);
      expect(another).not.toBe('{}');
      const afterPoll = await stopVerdict([
        hotelsCreate(),
        hotelsPoll('h1', '{}', 'h2'),
        hotelsPoll('h2', another, 'h3'),
      ]);
      expect(afterPoll).toMatchObject({outcome: 'pass', calls: [1]});
      const afterCreate = await stopVerdict([hotelsCreate('RESULT_STATUS_COMPLETE'), hotelsPoll('h1', another, 'h2')]);
      expect(afterCreate).toMatchObject({outcome: 'pass', calls: [0]});
      const blankAfterCreate = await stopVerdict([hotelsCreate('RESULT_STATUS_COMPLETE'), hotelsPoll('h1', ' ', 'h2')]);
      expect(blankAfterCreate).toMatchObject({outcome: 'fail', calls: [1]});
    });
  });

  it('fails a flights poll after the done answer even with a body: its poll takes none, so it asks for no other view', async () => {
    const withBody = {...pollRequest('s3'), body: JSON.stringify({sort: 'price'})};
    const report = await judge([...politeSearch(), {...poll('s3', 's4'), request: withBody}]);
    expect(verdictOf(report, 'stop-when-done')).toEqual({
      rule: 'stop-when-done',
      outcome: 'fail',
      detail: 'session 1 was polled 1 more time (#3) after #2 said RESULT_STATUS_COMPLETE',
      calls: [3],
    });
  });
});
