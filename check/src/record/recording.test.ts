/**
 * Reading a recording into calls and sessions (recording.ts), through the whole judging (../judge/rules/recordings.fixture.ts):
 * the sessions of live searches chain their tokens, are numbered as their creates were answered, count
 * their results in their own flow's collection, and a token never seen is a session of its own.
 */
import {describe, expect, it} from 'vitest';
import {liveSearches} from '@portal/sandbox/testing';
import {
  answer,
  create,
  errorAnswer,
  exampleBody,
  judge,
  op,
  pathOf,
  poll,
  send,
  currencies,
} from '../judge/rules/recordings.fixture';

describe('sessions', () => {
  it('chain a create token and every token its poll answers carry, numbered as the creates were answered', async () => {
    const steps = [
      // Two searches at once; the second is answered first
      {...create('a1'), at: 0, took: 500},
      {...create('b1'), at: 100, took: 100},
      {...poll('b1', 'b2'), at: 1300},
      {...poll('a1', 'a2'), at: 1600},
      {...poll('a2', 'a3', 'RESULT_STATUS_COMPLETE', 7), at: 2800},
      {...poll('b2', 'b3', 'RESULT_STATUS_FAILED', 0), at: 2900},
    ];
    const report = await judge(steps);
    expect(report.sessions).toEqual([
      {
        id: 1,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 1,
            role: 'create',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 2,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 5,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_FAILED',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 0,
          },
        ],
      },
      {
        id: 2,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 0,
            role: 'create',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 3,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
          {
            index: 4,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_COMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 7,
          },
        ],
      },
    ]);
    expect(report.operations).toEqual([
      'FlightsService_CreateSearch',
      'FlightsService_CreateSearch',
      'FlightsService_PollSearch',
      'FlightsService_PollSearch',
      'FlightsService_PollSearch',
      'FlightsService_PollSearch',
    ]);
  });

  it('count the results of each live search in its own collection, and a token never seen as a session', async () => {
    const hotels = liveSearches.find((search) => search.slug === 'hotels-live')!;
    const report = await judge([
      {
        request: send('POST', pathOf(hotels.create), exampleBody(op(hotels.create))),
        response: answer(200, {
          sessionToken: 'h1',
          status: 'RESULT_STATUS_INCOMPLETE',
          content: {results: {hotelContent: {'1': {}, '2': {}, '3': {}}}},
        }),
      },
      // A failed answer is a call of its session too, with no status
      {
        request: send('POST', pathOf(hotels.poll, {sessionToken: 'h1'}), exampleBody(op(hotels.poll))),
        response: errorAnswer(503),
      },
      {...poll('unknown', 'unknown2'), after: 1000},
      {request: currencies().request, response: answer(200, {currencies: []})},
    ]);
    expect(report.sessions).toEqual([
      {
        id: 1,
        slug: 'hotels-live',
        calls: [
          {index: 0, role: 'create', resultStatus: 'RESULT_STATUS_INCOMPLETE', results: 3},
          // The poll's example asks the second page of 15 hotels: offset 15
          {index: 1, role: 'poll', offset: 15},
        ],
      },
      {
        id: 2,
        slug: 'flights-live-pricing',
        calls: [
          {
            index: 2,
            role: 'poll',
            resultStatus: 'RESULT_STATUS_INCOMPLETE',
            resultAction: 'RESULT_ACTION_REPLACED',
            results: 2,
          },
        ],
      },
    ]);
    expect(report.operations).toEqual([
      'HotelsService_CreateSearch',
      'HotelsService_PollSearch',
      'FlightsService_PollSearch',
      'CultureService_ListCurrencies',
    ]);
  });

  it("carry the page a paged poll asked for (hotels live's pagination.offset), 0 when it names none", async () => {
    const hotels = liveSearches.find((search) => search.slug === 'hotels-live')!;
    const pollWith = (body: unknown) => ({
      request: send('POST', pathOf(hotels.poll, {sessionToken: 'h1'}), body),
      response: answer(200, {sessionToken: 'h1', status: 'RESULT_STATUS_COMPLETE'}),
    });
    const report = await judge([
      {
        request: send('POST', pathOf(hotels.create), exampleBody(op(hotels.create))),
        response: answer(200, {sessionToken: 'h1', status: 'RESULT_STATUS_INCOMPLETE'}),
      },
      pollWith({}),
      pollWith({pagination: {limit: 15, offset: 30}}),
      pollWith({pagination: {limit: 15}}),
      pollWith({pagination: {limit: 15, offset: '30'}}),
      pollWith({pagination: null}),
    ]);
    expect(report.sessions[0].calls.map((call) => call.offset)).toEqual([undefined, 0, 30, 0, undefined, undefined]);
    // A flow whose poll takes no page carries none
    const flights = await judge([create('f1'), poll('f1', 'f2', 'RESULT_STATUS_COMPLETE', 2)]);
    expect(flights.sessions[0].calls.map((call) => 'offset' in call)).toEqual([false, false]);
  });
});
