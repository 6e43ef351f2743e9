/**
 * Car hire live prices: create and poll a search (the session in the token, session.ts) over the
 * quotes of data/carQuotes.ts.
 */
import {newSession, openSession, partial, poll, stagesFor} from './session';
import {type ApiHandlers, type Handler} from './types';

import {content, generate, type LiveQuery} from '../data/carQuotes';

const KIND = 'carhire-live';

const createSearch: Handler<'CarHireService_CreateSearch'> = async (call) => {
  const {query} = call.body;
  const quotes = generate(query);
  const session = newSession(call, KIND, query, stagesFor(2, call.scenario, quotes.length > 0));
  return {
    sessionToken: await call.tokens.sign(session),
    status: session.n === 1 ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
    action: 'RESULT_ACTION_REPLACED',
    content: content(call.scenario === 'empty' ? [] : partial(quotes, 1, session.n)),
  };
};

const pollSearch: Handler<'CarHireService_PollSearch'> = async (call) => {
  const session = await openSession<LiveQuery>(call, call.params.sessionToken, KIND);
  const outcome = poll(session, call.now);
  const quotes = session.sc === 'empty' ? [] : partial(generate(session.q), outcome.stage, session.n);
  return {
    sessionToken: await call.tokens.sign(outcome.next),
    status: outcome.status,
    action: outcome.action,
    content: outcome.send ? content(quotes) : {results: {}},
  };
};

export const handlers = {
  CarHireService_CreateSearch: createSearch,
  CarHireService_PollSearch: pollSearch,
} satisfies ApiHandlers<'carhire-live-pricing'>;
