/** `refresh-in-session` (refresh-in-session.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {
  answer,
  create,
  exampleBody,
  expectNoFailure,
  expectOnlyFails,
  failing,
  flightsQuery,
  judge,
  op,
  otherFlightsQuery,
  pathOf,
  poll,
  politeSearch,
  send,
  type Step,
  verdictOf,
} from './recordings.fixture';

const verdict = async (steps: Step[]) => verdictOf(await judge(steps), 'refresh-in-session');

describe('refresh-in-session', () => {
  it('fails a create that runs a usable session’s search again to refresh its prices', async () => {
    const report = await judge([...politeSearch(), ...politeSearch('t')]);
    expectOnlyFails(
      report,
      'refresh-in-session',
      /^1 create asked again for the query of a session still usable, where its itinerary refresh renews the prices: #3 FlightsService_CreateSearch repeated session 1$/,
      [3],
    );
  });

  it('passes a search for another query, and names the sessions it judged', async () => {
    const report = await judge([...politeSearch(), ...politeSearch('t', otherFlightsQuery())]);
    expectNoFailure(report);
    expect(verdictOf(report, 'refresh-in-session')).toEqual({
      rule: 'refresh-in-session',
      outcome: 'pass',
      detail:
        'no create repeated the query of a usable session (2 sessions of a search that offers an itinerary refresh)',
      calls: [0, 3],
    });
  });

  it('reads the query as JSON, its fields in any order', async () => {
    const {query} = flightsQuery();
    const reordered = {query: Object.fromEntries(Object.entries(query).reverse())};
    expect(await verdict([...politeSearch(), create('t1', undefined, undefined, reordered)])).toMatchObject({
      outcome: 'fail',
      calls: [3],
    });
  });

  it('passes a new search the millisecond a poll’s 404 arrived, and fails one a millisecond before', async () => {
    const [first, second] = politeSearch();
    const lost = failing(poll('s2', 's3'), 404);
    expect(await verdict([first, second, lost, {...create('t1'), after: 0}])).toMatchObject({outcome: 'pass'});
    expect(await verdict([first, second, lost, {...create('t1'), after: -1}])).toMatchObject({
      outcome: 'fail',
      calls: [3],
    });
  });

  it('passes a new search once an answer said RESULT_STATUS_FAILED; a 503 leaves the session usable', async () => {
    const failedSearch = [create('s1'), poll('s1', 's2', 'RESULT_STATUS_FAILED')];
    expect(await verdict([...failedSearch, {...create('t1'), after: 0}])).toMatchObject({outcome: 'pass'});
    expect(await verdict([...failedSearch, {...create('t1'), after: -1}])).toMatchObject({outcome: 'fail'});
    const [first, second] = politeSearch();
    expect(await verdict([first, failing(second, 503), create('t1')])).toMatchObject({outcome: 'fail', calls: [2]});
  });

  it('is not exercised without a search that offers an itinerary refresh: a car hire search repeated is not its to judge', async () => {
    const carHire = (token: string): Step => ({
      request: send('POST', pathOf('CarHireService_CreateSearch'), exampleBody(op('CarHireService_CreateSearch'))),
      response: answer(200, {sessionToken: token, status: 'RESULT_STATUS_COMPLETE', content: {results: {quotes: {}}}}),
    });
    const report = await judge([carHire('c1'), carHire('c2')]);
    expect(verdictOf(report, 'refresh-in-session')).toEqual({
      rule: 'refresh-in-session',
      outcome: 'not-exercised',
      detail: 'no search that offers an itinerary refresh (flights) was created',
      calls: [],
    });
    expect(verdictOf(report, 'views-in-session').outcome).toBe('not-exercised');
    // A create the service refused starts no session: its retry repeats nothing
    expect(await verdict([failing(create('s1'), 503), create('s1')])).toMatchObject({outcome: 'pass', calls: [1]});
  });
});
