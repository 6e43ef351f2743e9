/**
 * Car hire live prices: create and poll a search (the session in the token, session.ts) over the
 * quotes of data/carQuotes.ts.
 */
import {newSession, openSession, partial, poll, stagesFor, type Demo, type Session} from './session';
import {type ApiHandlers, type Call, type Handler, type RequestOf} from './types';

import {content, generate, type LiveQuery} from '../data/carQuotes';

const KIND = 'carhire-live';

/** The session a create call starts. */
const startSearch = (call: Pick<Call, 'now' | 'behaviour'>, body: RequestOf<'CarHireService_CreateSearch'>) =>
  newSession(call, KIND, body.query, stagesFor(2, call.behaviour, generate(body.query).length > 0));

/** The demo search (session.ts): the create call's example, created a while ago. */
const demoSearch: Demo<Session<LiveQuery>, 'CarHireService_CreateSearch'> = {
  create: 'CarHireService_CreateSearch',
  start: (_call, example, at) => startSearch({now: at}, example.body),
};

const createSearch: Handler<'CarHireService_CreateSearch'> = async (call) => {
  const quotes = generate(call.body.query);
  const session = startSearch(call, call.body);
  return {
    sessionToken: await call.tokens.sign(session),
    status: session.n === 1 ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
    action: 'RESULT_ACTION_REPLACED',
    content: content(call.behaviour === 'empty' ? [] : partial(quotes, 1, session.n)),
  };
};

const pollSearch: Handler<'CarHireService_PollSearch'> = async (call) => {
  const session = await openSession(call, call.params.sessionToken, KIND, demoSearch);
  const outcome = poll(session, call);
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
