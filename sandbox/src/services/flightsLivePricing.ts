/**
 * Flights live prices: create and poll a search (the session in the token, session.ts) and
 * refresh one itinerary's prices (create and poll a refresh), over the itineraries of
 * data/flightItineraries.ts.
 */
import {memoised, RawJson} from '../answers';
import {SandboxError} from '../errors';
import {Rng, stableText} from '../random';
import {newSession, openSession, partial, poll, stagesFor} from './session';
import {type Call, type ApiHandlers, type Handler, type SchemaOf} from './types';

import {content, generate, type LiveQuery} from '../data/flightItineraries';

const KIND = 'flights-live';
const utf8 = new TextEncoder();

/** The number of itineraries a query gives once complete (kept: answers.ts). */
const countOf = (query: LiveQuery): number =>
  Number(memoised(`${KIND} count ${stableText(query)}`, () => String(generate(query).order.length)));

/** The UTF-8 JSON of a search's content at a stage (kept: answers.ts). */
const contentText = (query: LiveQuery, scenario: Call['scenario'], stage: number, stages: number, final: boolean) =>
  new RawJson<SchemaOf<'flights-live-pricing', 'FlightsLiveContent'>>(
    memoised(`${KIND} content ${scenario ?? ''} ${stage} ${stages} ${final} ${stableText(query)}`, () => {
      const all = generate(query);
      const ids = scenario === 'empty' ? [] : partial(all.order, stage, stages);
      return utf8.encode(JSON.stringify(content(query, all, ids, final)));
    }),
  );

const createSearch: Handler<'FlightsService_CreateSearch'> = async (call) => {
  const {query} = call.body;
  const session = newSession(call, KIND, query, stagesFor(3, call.scenario, countOf(query) > 0));
  return {
    sessionToken: await call.tokens.sign(session),
    status: session.n === 1 ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
    action: 'RESULT_ACTION_REPLACED',
    content: contentText(query, call.scenario, 1, session.n, session.n === 1),
  };
};

const pollSearch: Handler<'FlightsService_PollSearch'> = async (call) => {
  const session = await openSession<LiveQuery>(call, call.params.sessionToken, KIND);
  const outcome = poll(session, call.now);
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
  sc?: Call['scenario'];
}

const createItineraryRefresh: Handler<'FlightsService_CreateItineraryRefresh'> = async (call) => {
  const session = await openSession<LiveQuery>(call, call.params.sessionToken, KIND);
  const {itineraryId} = call.body;
  if (!generate(session.q).itineraries[itineraryId]) {
    throw new SandboxError(404, `Itinerary ${itineraryId} is not in this search session`);
  }
  const cached = call.now - session.t < REFRESH_CACHE_MS;
  const refresh: Refresh = {
    k: 'flights-refresh',
    q: session.q,
    i: itineraryId,
    t: call.now,
    c: cached,
    ...((call.scenario ?? session.sc) ? {sc: call.scenario ?? session.sc} : {}),
  };
  return {
    refreshSessionToken: await call.tokens.sign(refresh),
    status: cached ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
  };
};

const pollItineraryRefresh: Handler<'FlightsService_PollItineraryRefresh'> = async (call) => {
  const token = call.params.refreshSessionToken;
  const refresh = await call.tokens.verify<Refresh>(token);
  if (!refresh || refresh.k !== 'flights-refresh') {
    throw new SandboxError(404, 'Refresh session not found: use the token of a refresh create call');
  }
  if (call.now - refresh.t > 30 * 60 * 1000) throw new SandboxError(404, 'Refresh session expired');
  if (refresh.sc === 'failed')
    return {refreshSessionToken: token, status: 'RESULT_STATUS_FAILED', degradationReasons: []};
  const done = refresh.c || call.now - refresh.t >= REFRESH_MS;
  if (!done) return {refreshSessionToken: token, status: 'RESULT_STATUS_INCOMPLETE', degradationReasons: []};
  const all = generate(refresh.q);
  const rng = new Rng(['refresh', refresh.i, refresh.t]);
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
