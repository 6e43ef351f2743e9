/**
 * Reading a recording (recording.ts) at its edges, on exchanges written here with the operation each was
 * checked as: what the specifications give the rules (the live searches only, not an itinerary refresh; the
 * polls that take a body), which answers are 2xx (200 to 299), which answers are read as JSON (a 2xx object
 * of a live search, nothing else), the calls in the order they started (then by index), how sessions open
 * and chain (a failed create or a poll with no token opens none; the first session to get a token keeps
 * it), and what a session's timeline shows of each answer. And the helpers every verdict uses
 * (../judge/rules/judgement.ts): the calls it names (once each, in order), the lists it writes, the same request,
 * the answer that ended a session.
 */
import {describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import type {CheckedRequest, Exchange} from '../model';
import {readRun, requestKey, specFacts, stableJson, traceOf} from './recording';
import {callList, doneAnswer, orList, passed, sameRequest} from '../judge/rules/judgement';

const facts = specFacts(bundles);
const flights = facts.flowsByCreate.get('FlightsService_CreateSearch')!;
const START = '2026-06-15T12:00:00.000Z';

type Call = [Exchange, CheckedRequest];
const exchange = (index: number, startedMs: number, status: number, body?: unknown): Exchange => ({
  index,
  startedMs,
  endedMs: startedMs + 10,
  request: {method: 'POST', url: `/apiservices/${index}`, headers: []},
  response: {
    status,
    headers: [],
    ...(body === undefined ? {} : {body: typeof body === 'string' ? body : JSON.stringify(body)}),
  },
});
const checkedAs = (operationId: string | undefined, pathParams: Record<string, string> = {}): CheckedRequest => ({
  ...(operationId ? {operationId} : {}),
  pathParams,
  violations: [],
});
const create = (index: number, at: number, status = 200, body: unknown = {sessionToken: `t${index}`}): Call => [
  exchange(index, at, status, body),
  checkedAs(flights.create.operationId),
];
const poll = (index: number, at: number, token: string | undefined, body: unknown = {}, status = 200): Call => [
  exchange(index, at, status, body),
  checkedAs(flights.poll.operationId, token === undefined ? {} : {[flights.tokenParameter]: token}),
];
const run = (...calls: Call[]) =>
  readRun(
    {scenario: 'normal', startedAt: START, exchanges: calls.map(([made]) => made)},
    calls.map(([, checked]) => checked),
    bundles,
  );

describe('what the specifications give the rules', () => {
  it('is read once per set of bundles', () => {
    expect(specFacts(bundles)).toBe(facts);
  });

  it('knows the live searches, not the itinerary refresh, and the one poll that takes a body', () => {
    // A set of bundles of its own, so they are read here and not taken from the first reading
    const facts = specFacts(new Map(bundles));
    expect([...facts.flowsByCreate.keys()].sort()).toEqual([
      'CarHireService_CreateSearch',
      'FlightsService_CreateSearch',
      'HotelsService_CreateSearch',
    ]);
    expect(facts.flowsByPoll.has('FlightsService_PollItineraryRefresh')).toBe(false);
    expect([...facts.pollsWithBody]).toEqual(['HotelsService_PollSearch']);
  });

  it('knows the calls of reference data by what their x-refresh says they hold, and the search an itinerary refresh renews', () => {
    const facts = specFacts(new Map(bundles));
    expect(Object.fromEntries(facts.referenceData)).toEqual({
      GeoService_ListPlaces: 'Place hierarchy',
      CultureService_ListCurrencies: 'Currencies',
      CultureService_ListLocales: 'Locales',
      CultureService_ListMarkets: 'Markets',
      CultureService_NearestCulture: 'Nearest culture',
      CarriersService_ListCarriers: 'Carriers',
      CarHireAgentsService_ListAgents: 'Car hire agents',
      HotelsContentService_GetContent: 'Hotel content',
    });
    expect([...facts.refreshedSearches]).toEqual(['FlightsService_CreateSearch']);
  });

  it('knows a search an itinerary refresh renews by the link of its create or of its poll', () => {
    /** The searches renewed once the refresh links of these answers are taken out. */
    const without = (...from: ('create' | 'poll')[]) => {
      const doc = structuredClone(bundles.get('flights-live-pricing')!);
      for (const which of from) {
        const path = which === 'create' ? flights.create.path : flights.poll.path;
        const links = (doc.paths[path].post!.responses['200'] as {links: Record<string, unknown>}).links;
        expect(links, which).toHaveProperty('refreshItinerary');
        delete links.refreshItinerary;
      }
      return [...specFacts(new Map(bundles).set('flights-live-pricing', doc)).refreshedSearches];
    };
    expect(without('poll')).toEqual(['FlightsService_CreateSearch']);
    expect(without('create')).toEqual(['FlightsService_CreateSearch']);
    expect(without('create', 'poll')).toEqual([]);
    // A link to a search's own create is no itinerary refresh
    const relinked = structuredClone(bundles.get('flights-live-pricing')!);
    for (const path of [flights.create.path, flights.poll.path]) {
      const links = (relinked.paths[path].post!.responses['200'] as {links: Record<string, unknown>}).links;
      delete links.refreshItinerary;
      links.searchAgain = {operationId: flights.create.operationId, description: 'The same search again.'};
    }
    expect([...specFacts(new Map(bundles).set('flights-live-pricing', relinked)).refreshedSearches]).toEqual([]);
  });
});

describe('a call as one request', () => {
  const key = (method: string, url: string, body?: string) => requestKey({method, url, headers: [], body});

  it('writes JSON with every object’s fields sorted, arrays in their order', () => {
    expect(stableJson({b: [2, {d: 1, c: null}], a: 'x'})).toBe('{"a":"x","b":[2,{"c":null,"d":1}]}');
    expect(stableJson([3, 1])).toBe('[3,1]');
    expect(stableJson(undefined)).toBe('null');
  });

  it('is the same for another case of method, another order of query parameters or of body fields', () => {
    const one = key('get', '/apiservices/x?b=2&a=1', '{"q":{"b":1,"a":2}}');
    expect(key('GET', '/apiservices/x?a=1&b=2', '{ "q": {"a": 2, "b": 1} }')).toBe(one);
    expect(one).toBe('GET /apiservices/x?a=1&b=2 {"q":{"a":2,"b":1}}');
  });

  it('differs by method, path, any query value, any body value, and the order of an array', () => {
    const one = key('POST', '/apiservices/x?a=1', '{"ids":["1","2"]}');
    for (const other of [
      key('PUT', '/apiservices/x?a=1', '{"ids":["1","2"]}'),
      key('POST', '/apiservices/y?a=1', '{"ids":["1","2"]}'),
      key('POST', '/apiservices/x?a=2', '{"ids":["1","2"]}'),
      key('POST', '/apiservices/x', '{"ids":["1","2"]}'),
      key('POST', '/apiservices/x?a=1', '{"ids":["2","1"]}'),
      key('POST', '/apiservices/x?a=1'),
    ])
      expect(other).not.toBe(one);
  });

  it('keeps a body that is no JSON as sent, and an empty or blank one as none', () => {
    expect(key('POST', '/x', 'not json')).toBe('POST /x? not json');
    expect(key('POST', '/x', '  ')).toBe('POST /x? ');
    expect(key('POST', '/x')).toBe('POST /x? ');
  });

  it('reads the query of a create, and of nothing else', () => {
    const read = run(
      [
        {
          ...exchange(0, 0, 200, {sessionToken: 't0'}),
          request: {method: 'POST', url: '/c', headers: [], body: '{"query":{"b":1,"a":2},"initialPageSize":5}'},
        },
        checkedAs(flights.create.operationId),
      ],
      [
        {
          ...exchange(1, 100, 200, {}),
          request: {method: 'POST', url: '/c', headers: [], body: '{"initialPageSize":5}'},
        },
        checkedAs(flights.create.operationId),
      ],
      [
        {...exchange(2, 200, 200, {}), request: {method: 'POST', url: '/c', headers: [], body: 'no json'}},
        checkedAs(flights.create.operationId),
      ],
      [
        {...exchange(3, 300, 200, {}), request: {method: 'POST', url: '/p', headers: [], body: '{"query":{"a":2}}'}},
        checkedAs(flights.poll.operationId, {[flights.tokenParameter]: 't0'}),
      ],
    );
    expect(read.calls.map((call) => call.query)).toEqual(['{"a":2,"b":1}', undefined, undefined, undefined]);
    expect(read.calls[0].key).toBe('POST /c? {"initialPageSize":5,"query":{"a":2,"b":1}}');
  });
});

describe('reading the calls', () => {
  it('takes 200 to 299 as 2xx, and 199 and 300 as not', () => {
    const calls = run(create(0, 0, 199), create(1, 1, 200), create(2, 2, 299), create(3, 3, 300)).calls;
    expect(calls.map((call) => call.ok)).toEqual([false, true, true, false]);
    // Only a 2xx create opens a session
    expect(run(create(0, 0, 199), create(1, 1, 200), create(2, 2, 299), create(3, 3, 300)).sessions).toHaveLength(2);
  });

  it("reads a 2xx live search answer's JSON object, and nothing else", () => {
    const {calls} = run(
      poll(0, 0, 'a', {status: 'RESULT_STATUS_COMPLETE'}),
      poll(1, 1, 'a', []),
      poll(2, 2, 'a', 'null'),
      poll(3, 3, 'a', '"text"'),
      poll(4, 4, 'a', '5'),
      poll(5, 5, 'a', 'not json'),
      poll(6, 6, 'a', {code: 5}, 404),
      [exchange(7, 7, 200, {currencies: []}), checkedAs('CultureService_ListCurrencies')],
    );
    expect(calls.map((call) => call.answer)).toEqual([
      {status: 'RESULT_STATUS_COMPLETE'},
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(calls.map((call) => call.role)).toEqual(['poll', 'poll', 'poll', 'poll', 'poll', 'poll', 'poll', undefined]);
  });

  it('orders the calls as they started, and calls that started together by index', () => {
    const {calls} = run(create(0, 300), poll(1, 100, 't0'), poll(2, 100, 't0'), poll(3, 50, 't0'));
    expect(calls.map((call) => call.index)).toEqual([3, 1, 2, 0]);
    const together = run(poll(5, 100, 'a'), poll(3, 100, 'a'), poll(4, 100, 'a'), poll(6, 100, 'a'));
    expect(together.calls.map((call) => call.index)).toEqual([3, 4, 5, 6]);
  });

  it('reads an exchange the request check gave nothing for as a call of no operation', () => {
    const read = readRun({scenario: 'normal', startedAt: START, exchanges: [exchange(0, 0, 200, {})]}, [], bundles);
    expect(read.calls[0]).toMatchObject({checked: {pathParams: {}, violations: []}, role: undefined});
  });

  it('gives a call checked as no operation no role and no session', () => {
    const {calls, sessions} = run([exchange(0, 0, 200, {sessionToken: 'x'}), checkedAs(undefined)]);
    expect(calls[0]).toMatchObject({role: undefined, flow: undefined, answer: undefined});
    expect(sessions).toEqual([]);
  });
});

describe('sessions', () => {
  it('opens none for a failed create or a poll that sent no token', () => {
    const {sessions, calls} = run(create(0, 0, 500), poll(1, 100, undefined));
    expect(sessions).toEqual([]);
    expect(calls.map((call) => call.session)).toEqual([undefined, undefined]);
    expect(calls[1].token).toBeUndefined();
  });

  it('opens one for a poll of a token never seen, and chains the tokens its answers carry', () => {
    const {sessions} = run(poll(0, 0, 'lost', {sessionToken: 'next'}), poll(1, 100, 'next'), poll(2, 200, 'other'));
    expect(sessions.map((session) => session.calls.map((call) => call.index))).toEqual([[0, 1], [2]]);
  });

  it('leaves a token with the first session that got it', () => {
    const {sessions} = run(
      create(0, 0, 200, {sessionToken: 'same'}),
      create(1, 100, 200, {sessionToken: 'same'}),
      poll(2, 200, 'same'),
    );
    expect(sessions.map((session) => session.calls.map((call) => call.index))).toEqual([[0, 2], [1]]);
  });

  it('numbers sessions by when each was first answered', () => {
    const slow: Call = create(0, 0);
    slow[0].endedMs = 500;
    const {sessions} = run(slow, create(1, 100));
    expect(sessions.map((session) => [session.id, session.calls[0].index])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });
});

describe("a session's timeline", () => {
  it('shows a status and an action only as text, and counts its collection as an array or an object', () => {
    const {sessions} = run(
      create(0, 0, 200, {sessionToken: 't', status: 'RESULT_STATUS_INCOMPLETE', action: 'RESULT_ACTION_REPLACED'}),
      poll(1, 100, 't', {status: 5, action: null, content: {results: {itineraries: {a: {}, b: {}, c: {}}}}}),
      poll(2, 200, 't', {content: {results: {itineraries: [1, 2]}}}),
      poll(3, 300, 't', {content: {results: {itineraries: 'none'}}}),
      poll(4, 400, 't', {content: {results: {}}}),
      poll(5, 500, 't', {content: {}}),
    );
    // Strictly: a count that is absent is no key at all, not a key holding undefined
    expect(traceOf(sessions[0])).toStrictEqual({
      id: 1,
      slug: 'flights-live-pricing',
      calls: [
        {index: 0, role: 'create', resultStatus: 'RESULT_STATUS_INCOMPLETE', resultAction: 'RESULT_ACTION_REPLACED'},
        {index: 1, role: 'poll', results: 3},
        {index: 2, role: 'poll', results: 2},
        {index: 3, role: 'poll'},
        {index: 4, role: 'poll'},
        {index: 5, role: 'poll'},
      ],
    });
  });
});

describe('what every verdict uses', () => {
  const {calls, sessions} = run(
    create(0, 0),
    poll(1, 100, 't0', {sessionToken: 't1'}),
    poll(2, 200, 't1', 'not json'),
    poll(3, 300, 't1', {status: 'RESULT_STATUS_COMPLETE'}),
  );

  it('names each call once, in index order (as numbers, not as text)', () => {
    const many = [...calls, ...calls].map((call, position) => ({...call, index: [10, 2, 100, 2][position % 4]}));
    expect(passed('x', many).calls).toEqual([2, 10, 100]);
    expect(callList(calls.slice(1, 3))).toBe('#1, #2');
  });

  it('writes a list of one, two and none', () => {
    expect([orList([429]), orList([429, 500, 503]), orList([])]).toEqual(['429', '429, 500 or 503', '']);
  });

  it('takes the same method in another case as the same request, and another method, URL or body as another', () => {
    const [a] = calls;
    const like = (request: Partial<Exchange['request']>) => ({
      ...a,
      exchange: {...a.exchange, request: {...a.exchange.request, ...request}},
    });
    expect(sameRequest(a, like({method: 'post'}))).toBe(true);
    expect(sameRequest(a, like({method: 'PUT'}))).toBe(false);
    expect(sameRequest(a, like({url: '/elsewhere'}))).toBe(false);
    expect(sameRequest(a, like({body: '{}'}))).toBe(false);
    expect(sameRequest(like({body: ''}), a)).toBe(true);
  });

  it('finds the answer that ended a session, past a 2xx poll whose answer is no JSON', () => {
    expect(doneAnswer(sessions[0])?.index).toBe(3);
    expect(doneAnswer({...sessions[0], calls: sessions[0].calls.slice(0, 3)})).toBeUndefined();
  });
});
