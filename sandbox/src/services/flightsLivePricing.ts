/**
 * Flights live prices: create and poll a search (the session in the token, session.ts) and
 * refresh one itinerary's prices (create and poll a refresh), over the itineraries of
 * data/flightItineraries.ts. The specs' example tokens name demo sessions (session.ts): the search of
 * the create call's example, and its refresh; in that demo search, the refresh create's example
 * itinerary id names the search's first itinerary (the generated ids are not the example's).
 */
import {memoised, RawJson} from '../answers';
import {SandboxError} from '../errors';
import {Rng, stableText} from '../random';
import {
  demoExamples,
  demoSession,
  isDemoToken,
  newSession,
  openSession,
  partial,
  poll,
  stagesFor,
  type Demo,
  type Session,
} from './session';
import {type Call, type ApiHandlers, type Handler, type RequestOf, type SchemaOf} from './types';

import {content, generate, type LiveQuery} from '../data/flightItineraries';

const KIND = 'flights-live';
const utf8 = new TextEncoder();

/** The number of itineraries a query gives once complete (kept: answers.ts). */
const countOf = (query: LiveQuery): number =>
  Number(memoised(`${KIND} count ${stableText(query)}`, () => String(generate(query).order.length)));

/** The UTF-8 JSON of a search's content at a stage (kept: answers.ts). */
const contentText = (query: LiveQuery, behaviour: Call['behaviour'], stage: number, stages: number, final: boolean) =>
  new RawJson<SchemaOf<'flights-live-pricing', 'FlightsLiveContent'>>(
    memoised(`${KIND} content ${behaviour ?? ''} ${stage} ${stages} ${final} ${stableText(query)}`, () => {
      const all = generate(query);
      const ids = behaviour === 'empty' ? [] : partial(all.order, stage, stages);
      return utf8.encode(JSON.stringify(content(query, all, ids, final)));
    }),
  );

/** The session a create call starts. */
const startSearch = (call: Pick<Call, 'now' | 'behaviour'>, body: RequestOf<'FlightsService_CreateSearch'>) =>
  newSession(call, KIND, body.query, stagesFor(3, call.behaviour, countOf(body.query) > 0));

/** The demo search: the create call's example, created a while ago. */
const demoSearch: Demo<Session<LiveQuery>, 'FlightsService_CreateSearch'> = {
  create: 'FlightsService_CreateSearch',
  start: (_call, example, at) => startSearch({now: at}, example.body),
};

const createSearch: Handler<'FlightsService_CreateSearch'> = async (call) => {
  const {query} = call.body;
  const session = startSearch(call, call.body);
  return {
    sessionToken: await call.tokens.sign(session),
    status: session.n === 1 ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
    action: 'RESULT_ACTION_REPLACED',
    content: contentText(query, call.behaviour, 1, session.n, session.n === 1),
  };
};

const pollSearch: Handler<'FlightsService_PollSearch'> = async (call) => {
  const session = await openSession(call, call.params.sessionToken, KIND, demoSearch);
  const outcome = poll(session, call);
  return {
    sessionToken: await call.tokens.sign(outcome.next),
    status: outcome.status,
    action: outcome.action,
    content: outcome.send
      ? contentText(session.q, session.sc, outcome.stage, session.n, outcome.status === 'RESULT_STATUS_COMPLETE')
      : {results: {}},
  };
};

/** Prices are cached for about ten minutes: a refresh inside that window completes at once. */
const REFRESH_CACHE_MS = 10 * 60 * 1000;
const REFRESH_MS = 2000;

interface Refresh {
  k: 'flights-refresh';
  q: LiveQuery;
  i: string;
  t: number;
  c: boolean;
  sc?: Call['behaviour'];
}

/**
 * The itinerary a refresh create names. In the demo search (a documented example token), the refresh
 * create's example itinerary id names the search's first itinerary: the example's id is not one the
 * sandbox generates, and the first is the one every stage of the search has.
 */
function itineraryOf(call: Call, token: string, session: Session<LiveQuery>, requested: string): string {
  const example = demoExamples(call.doc, call.operation.slug).get('FlightsService_CreateItineraryRefresh')?.body as
    Partial<RequestOf<'FlightsService_CreateItineraryRefresh'>> | undefined;
  const all = generate(session.q);
  const id =
    isDemoToken(call, token, 'FlightsService_CreateSearch') && requested === example?.itineraryId
      ? (all.order[0] ?? requested)
      : requested;
  if (!all.itineraries[id]) throw new SandboxError(404, `Itinerary ${requested} is not in this search session`);
  return id;
}

/** A refresh of one itinerary of a search, created at `call.now`. */
function startRefresh(
  call: Pick<Call, 'now' | 'behaviour'>,
  session: Session<LiveQuery>,
  itineraryId: string,
): Refresh {
  const cached = call.now - session.t < REFRESH_CACHE_MS;
  return {
    k: 'flights-refresh',
    q: session.q,
    i: itineraryId,
    t: call.now,
    c: cached,
    ...((call.behaviour ?? session.sc) ? {sc: call.behaviour ?? session.sc} : {}),
  };
}

/** The demo refresh: the refresh create's example in the demo search, created a while ago. */
const demoRefresh: Demo<Refresh, 'FlightsService_CreateItineraryRefresh'> = {
  create: 'FlightsService_CreateItineraryRefresh',
  start: async (call, example, at) => {
    const token = example.path.sessionToken;
    const search = await openSession(call, token, KIND, demoSearch);
    return startRefresh({now: at}, search, itineraryOf(call, token, search, example.body.itineraryId));
  },
};

const createItineraryRefresh: Handler<'FlightsService_CreateItineraryRefresh'> = async (call) => {
  const token = call.params.sessionToken;
  const session = await openSession(call, token, KIND, demoSearch);
  const refresh = startRefresh(call, session, itineraryOf(call, token, session, call.body.itineraryId));
  return {
    refreshSessionToken: await call.tokens.sign(refresh),
    status: refresh.c ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
  };
};

const pollItineraryRefresh: Handler<'FlightsService_PollItineraryRefresh'> = async (call) => {
  const token = call.params.refreshSessionToken;
  const refresh = (await call.tokens.verify<Refresh>(token)) ?? (await demoSession(call, token, demoRefresh));
  if (!refresh || refresh.k !== 'flights-refresh') {
    throw new SandboxError(404, 'Refresh session not found: use the token of a refresh create call');
  }
  if (call.now - refresh.t > 30 * 60 * 1000) throw new SandboxError(404, 'Refresh session expired');
  if (refresh.sc === 'failed')
    return {refreshSessionToken: token, status: 'RESULT_STATUS_FAILED', degradationReasons: []};
  const done = refresh.c || call.now - refresh.t >= REFRESH_MS;
  if (!done) return {refreshSessionToken: token, status: 'RESULT_STATUS_INCOMPLETE', degradationReasons: []};
  const all = generate(refresh.q);
  // Drawn from the search and the itinerary, not the refresh's creation time: a demo refresh is created
  // anew at each poll (services/session.ts), and every instance answers the same poll the same
  const rng = new Rng(['refresh', refresh.q, refresh.i]);
  const body = content(refresh.q, all, [refresh.i], true);
  const degraded = rng.chance(0.2);
  return {
    refreshSessionToken: token,
    status: 'RESULT_STATUS_COMPLETE',
    content: {results: body.results},
    degradationReasons: degraded ? ['DEGRADATION_REASON_FARE_ATTRIBUTE_DATA'] : [],
  };
};

export const handlers = {
  FlightsService_CreateSearch: createSearch,
  FlightsService_PollSearch: pollSearch,
  FlightsService_CreateItineraryRefresh: createItineraryRefresh,
  FlightsService_PollItineraryRefresh: pollItineraryRefresh,
} satisfies ApiHandlers<'flights-live-pricing'>;
