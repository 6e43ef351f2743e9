/** `views-in-session` (views-in-session.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {
  answer,
  errorAnswer,
  exampleBody,
  expectNoFailure,
  expectOnlyFails,
  judge,
  op,
  pathOf,
  politeSearch,
  send,
  type Step,
  verdictOf,
} from './recordings.fixture';

type Body = {query: Record<string, unknown>; initialPageSize?: number};
/** The specification's example hotels create body. */
const hotelsBody = (): Body => exampleBody(op('HotelsService_CreateSearch')) as Body;
const hotelsAnswer = (token: string, status: string) =>
  answer(200, {sessionToken: token, status, content: {results: {hotelContent: {}}}});
const hotelsCreate = (token: string, body: unknown = hotelsBody(), status = 'RESULT_STATUS_INCOMPLETE'): Step => ({
  request: send('POST', pathOf('HotelsService_CreateSearch'), body),
  response: hotelsAnswer(token, status),
});
/** A hotels poll of `token` asking for page `page`. */
const hotelsPoll = (token: string, next: string, status = 'RESULT_STATUS_COMPLETE', page = 1): Step => ({
  request: send('POST', pathOf('HotelsService_PollSearch', {sessionToken: token}), {
    pagination: {limit: 15, offset: (page - 1) * 15},
  }),
  response: hotelsAnswer(next, status),
});
/** A complete hotels search: created, then polled to RESULT_STATUS_COMPLETE. */
const completeSearch = (): Step[] => [hotelsCreate('h1'), hotelsPoll('h1', 'h2')];
const verdict = async (steps: Step[]) => verdictOf(await judge(steps), 'views-in-session');

describe('views-in-session', () => {
  it('fails a create that asks a usable session’s query again for its next page', async () => {
    const report = await judge([...completeSearch(), hotelsCreate('h3', {...hotelsBody(), initialPageSize: 30})]);
    expectOnlyFails(
      report,
      'views-in-session',
      /^1 create asked again for the query of a session still usable, where a poll of it asks for another view: #2 HotelsService_CreateSearch repeated session 1$/,
      [2],
    );
  });

  it('passes the next page asked by polling the session', async () => {
    const report = await judge([...completeSearch(), {...hotelsPoll('h2', 'h3', undefined, 2), after: 0}]);
    expectNoFailure(report);
    expect(verdictOf(report, 'views-in-session')).toEqual({
      rule: 'views-in-session',
      outcome: 'pass',
      detail: 'no create repeated the query of a usable session (1 session of a search whose poll takes a view)',
      calls: [0],
    });
  });

  it('reads the query as JSON, its fields in any order; another query is a new search', async () => {
    const {query} = hotelsBody();
    const reordered = Object.fromEntries(Object.entries(query).reverse());
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(query));
    expect(await verdict([...completeSearch(), hotelsCreate('h3', {query: reordered})])).toMatchObject({
      outcome: 'fail',
      calls: [2],
    });
    const another = await judge([
      ...completeSearch(),
      hotelsCreate('h3', {...hotelsBody(), query: {...query, adults: 3}}),
    ]);
    expectNoFailure(another);
    expect(verdictOf(another, 'views-in-session')).toMatchObject({outcome: 'pass', calls: [0, 2]});
  });

  it('passes a new search sent the very millisecond a poll’s 404 arrived, and fails one a millisecond before', async () => {
    const lost: Step = {...hotelsPoll('h2', 'h3'), response: errorAnswer(404)};
    const after404 = await verdict([...completeSearch(), lost, {...hotelsCreate('h4'), after: 0}]);
    expect(after404).toMatchObject({outcome: 'pass', calls: [0, 3]});
    const before404 = await verdict([...completeSearch(), lost, {...hotelsCreate('h4'), after: -1}]);
    expect(before404).toMatchObject({outcome: 'fail', calls: [3]});
  });

  it('passes a new search once an answer said RESULT_STATUS_FAILED, and fails one sent before that answer arrived', async () => {
    const failedSearch = [hotelsCreate('h1'), hotelsPoll('h1', 'h2', 'RESULT_STATUS_FAILED')];
    expect(await verdict([...failedSearch, {...hotelsCreate('h3'), after: 0}])).toMatchObject({outcome: 'pass'});
    expect(await verdict([...failedSearch, {...hotelsCreate('h3'), after: -1}])).toMatchObject({
      outcome: 'fail',
      calls: [2],
    });
  });

  it('passes a second create sent before the first one’s answer arrived, and fails one sent the millisecond it did', async () => {
    expect(await verdict([hotelsCreate('h1'), {...hotelsCreate('h2'), after: -1}])).toMatchObject({outcome: 'pass'});
    expect(await verdict([hotelsCreate('h1'), {...hotelsCreate('h2'), after: 0}])).toMatchObject({
      outcome: 'fail',
      calls: [1],
    });
  });

  it('judges only sessions a create started, and only creates whose body holds a query', async () => {
    // A poll of a token never seen opens a session of its own, which no create started
    expect(await verdict([{...hotelsPoll('h9', 'h10'), after: 0}])).toMatchObject({outcome: 'not-exercised'});
    // Two creates with no query to compare (the request check refuses their bodies): neither repeats the other
    const noQuery = await verdict([hotelsCreate('h1', {initialPageSize: 5}), hotelsCreate('h2', {initialPageSize: 5})]);
    expect(noQuery).toMatchObject({outcome: 'pass', calls: [0, 1]});
  });

  it('judges only searches whose poll takes a view: a repeated flights search is not its to judge', async () => {
    const flights = await verdict([...politeSearch(), ...politeSearch('t')]);
    expect(flights).toEqual({
      rule: 'views-in-session',
      outcome: 'not-exercised',
      detail: 'no search whose poll takes a view (hotels) was created',
      calls: [],
    });
    // A create the service refused starts no session: nothing to repeat
    const refused = await verdict([{...hotelsCreate('h1'), response: errorAnswer(503)}, hotelsCreate('h1')]);
    expect(refused).toMatchObject({outcome: 'pass', calls: [1]});
  });
});
