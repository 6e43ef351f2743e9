/**
 * Hotels live prices: create and poll a search (the session in the token, session.ts), each poll
 * with its own sort, filters and page (hotelsLiveView.ts), over the offers of data/hotels.ts.
 */
import {stableStringify} from '../random';
import {newSession, openSession, poll, stagesFor, type Demo, type Session} from './session';
import {type ApiHandlers, type Call, type Handler, type RequestOf} from './types';

import {offers, type LiveQuery} from '../data/hotels';
import {page, type PollBody} from './hotelsLiveView';

const KIND = 'hotels-live';
interface HotelsSession extends LiveQuery {
  /** initialPageSize */
  pageSize: number;
}

/** The view a create call sends: the first page, unsorted and unfiltered. */
const createView: PollBody = {};

/** The session a create call starts (with the view it sends: the first page, unsorted and unfiltered). */
function startSearch(
  call: Pick<Call, 'now' | 'behaviour'>,
  body: RequestOf<'HotelsService_CreateSearch'>,
): Session<HotelsSession> {
  const query: HotelsSession = {...body.query, pageSize: body.initialPageSize};
  const session = newSession(call, KIND, query, stagesFor(2, call.behaviour, offers(query).offers.length > 0));
  return {...session, h: stableStringify(createView)};
}

/** The demo search (session.ts): the create call's example, created a while ago. */
const demoSearch: Demo<Session<HotelsSession>, 'HotelsService_CreateSearch'> = {
  create: 'HotelsService_CreateSearch',
  start: (_call, example, at) => startSearch({now: at}, example.body),
};

const createSearch: Handler<'HotelsService_CreateSearch'> = async (call) => {
  const session = startSearch(call, call.body);
  const query = session.q;
  const all = offers(query);
  const view = createView;
  const body = page(
    query,
    call.behaviour === 'empty' ? {hotels: [], offers: []} : all,
    1,
    session.n,
    view,
    query.pageSize,
  );
  return {
    sessionToken: await call.tokens.sign(session),
    status: session.n === 1 ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
    action: 'RESULT_ACTION_REPLACED',
    content: body,
  };
};

const pollSearch: Handler<'HotelsService_PollSearch'> = async (call) => {
  const session = await openSession(call, call.params.sessionToken, KIND, demoSearch);
  const view: PollBody = call.body ?? {};
  const outcome = poll(session, call, stableStringify(view));
  const all = session.sc === 'empty' ? {hotels: [], offers: []} : offers(session.q);
  const body = page(session.q, all, outcome.stage, session.n, view, session.q.pageSize);
  return {
    sessionToken: await call.tokens.sign(outcome.next),
    status: outcome.status,
    action: outcome.action,
    content: outcome.send ? body : {results: {}},
  };
};

export const handlers = {
  HotelsService_CreateSearch: createSearch,
  HotelsService_PollSearch: pollSearch,
} satisfies ApiHandlers<'hotels-live'>;
