/**
 * Hotels live prices: create and poll a search (the session in the token, session.ts), each poll
 * with its own sort, filters and page (hotelsLiveView.ts), over the offers of data/hotels.ts.
 */
import {stableStringify} from '../random';
import {newSession, openSession, poll, stagesFor} from './session';
import {type ApiHandlers, type Handler} from './types';

import {offers, type LiveQuery} from '../data/hotels';
import {page, type PollBody} from './hotelsLiveView';

const KIND = 'hotels-live';
interface HotelsSession extends LiveQuery {
  /** initialPageSize */
  pageSize: number;
}

const createSearch: Handler<'HotelsService_CreateSearch'> = async (call) => {
  const query: HotelsSession = {...call.body.query, pageSize: call.body.initialPageSize};
  const all = offers(query);
  const session = newSession(call, KIND, query, stagesFor(2, call.scenario, all.offers.length > 0));
  const view: PollBody = {};
  const body = page(
    query,
    call.scenario === 'empty' ? {hotels: [], offers: []} : all,
    1,
    session.n,
    view,
    query.pageSize,
  );
  return {
    sessionToken: await call.tokens.sign({...session, h: stableStringify(view)}),
    status: session.n === 1 ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
    action: 'RESULT_ACTION_REPLACED',
    content: body,
  };
};

const pollSearch: Handler<'HotelsService_PollSearch'> = async (call) => {
  const session = await openSession<HotelsSession>(call, call.params.sessionToken, KIND);
  const view: PollBody = call.body ?? {};
  const outcome = poll(session, call.now, stableStringify(view));
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
