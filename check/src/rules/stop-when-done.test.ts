/** `stop-when-done` (stop-when-done.ts) on synthetic recordings (fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {liveSearches} from '@portal/sandbox/testing';
import type {Exchange} from '../model';
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
} from './fixture';

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
});
