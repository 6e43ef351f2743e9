/**
 * The console's calls and what they leave on screen: Send, Poll until complete (the loop of
 * pollSession.ts) and Stop. What changes together (busy, the last answer, the failure, the poll rows)
 * is one reducer; each run has an `AbortController`, which Stop, a new run and closing the console
 * abort, after which nothing of that run reaches the screen.
 */
import {useEffect, useReducer, useRef} from 'react';
import type {OpenApiDocument} from '@portal/specs';
import type {Exchange, Recording} from '@portal/sandbox/check';
import {heldContent} from './liveView';
import {pollRequest, pollSession, type PollRow} from './pollSession';
import {requestUrl, type EditedRequest, type PollPlan, type TargetKind} from './request';
import {failureText, sendRequest, type Answer} from './send';

/** The specs ask for about a second between polls (specs/common ResultAction; sandbox/README.md). */
const pollIntervalMs = 1000;
/** A search still incomplete after this many polls is left (the sandbox's slow scenario needs 12). */
const maxPolls = 30;

export interface RunState {
  busy: boolean;
  /** The last answer: Send's, or the latest call's of a poll session. */
  answer: Answer | undefined;
  failure: string | undefined;
  /** The calls of the last poll session; empty after a Send. */
  polls: PollRow[];
  /**
   * The last poll session as the integration check records a run (sandbox/src/check/model.ts), once it
   * has ended: what its timeline shows (SessionTimeline.tsx). Undefined after a Send.
   */
  session: Recording | undefined;
  /**
   * The results a client holds after the answers so far, each answer's `action` applied as Create and
   * poll says (`heldContent` of liveView.ts): what the readable view shows. A Send starts afresh.
   */
  held: unknown;
}

type RunEvent =
  | {type: 'start'}
  | {type: 'answer'; answer: Answer}
  | {type: 'call'; row: PollRow; answer: Answer}
  | {type: 'failed'; failure: string; keepAnswer: boolean}
  | {type: 'session'; session: Recording}
  | {type: 'end'};

const idle: RunState = {
  busy: false,
  answer: undefined,
  failure: undefined,
  polls: [],
  session: undefined,
  held: undefined,
};

function reduce(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'start':
      return {...state, busy: true, failure: undefined, polls: [], session: undefined, held: undefined};
    case 'answer':
      return {...state, answer: event.answer, held: heldContent(undefined, event.answer.json)};
    case 'call':
      return {
        ...state,
        answer: event.answer,
        polls: [...state.polls, event.row],
        held: heldContent(state.held, event.answer.json),
      };
    case 'failed':
      return {...state, failure: event.failure, answer: event.keepAnswer ? state.answer : undefined};
    case 'session':
      return {...state, session: event.session};
    case 'end':
      return {...state, busy: false};
  }
}

export interface Run extends RunState {
  /** Sends one request and shows its answer. */
  send: (request: EditedRequest) => Promise<void>;
  /** Sends a create call, then polls its session (`plan`) until it is over, showing each call. */
  poll: (request: EditedRequest, plan: PollPlan) => Promise<void>;
  /** Ends the current run at once. */
  stop: () => void;
}

/** Runs the console's calls to `target` for the API `slug` (whose bundle is `doc`). */
export function useRun(target: TargetKind, slug: string, doc: OpenApiDocument): Run {
  const [state, dispatch] = useReducer(reduce, idle);
  const running = useRef<AbortController | undefined>(undefined);
  // Closing the console stops what it was doing.
  useEffect(() => () => running.current?.abort(), []);

  /** Starts a run (stopping any other) and gives the dispatch that ignores it once it is stopped. */
  const begin = () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    dispatch({type: 'start'});
    const emit = (event: RunEvent) => {
      if (!controller.signal.aborted) dispatch(event);
    };
    return {signal: controller.signal, emit};
  };

  const send = async (request: EditedRequest) => {
    const {signal, emit} = begin();
    try {
      emit({type: 'answer', answer: await sendRequest(target, slug, doc, request, signal)});
    } catch (error) {
      emit({type: 'failed', failure: failureText(error, target, request.base), keepAnswer: false});
    } finally {
      emit({type: 'end'});
    }
  };

  const poll = async (request: EditedRequest, plan: PollPlan) => {
    const {signal, emit} = begin();
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const exchanges: Exchange[] = [];
    /** Sends one call of the session and records it, as the integration check's proxy would. */
    const recorded = async (sent: EditedRequest, callSignal: AbortSignal): Promise<Answer> => {
      const startedMs = Math.round(performance.now() - started);
      const answer = await sendRequest(target, slug, doc, sent, callSignal);
      const url = new URL(requestUrl(sent));
      exchanges.push({
        index: exchanges.length,
        startedMs,
        endedMs: Math.round(performance.now() - started),
        request: {
          method: sent.method,
          url: `${url.pathname}${url.search}`,
          headers: Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]),
          ...(sent.body ? {body: sent.body} : {}),
        },
        response: {status: answer.status, headers: answer.headers, ...(answer.body ? {body: answer.body} : {})},
      });
      return answer;
    };
    try {
      await pollSession<Answer>({
        create: (callSignal) => recorded(request, callSignal),
        poll: (token, callSignal) => recorded(pollRequest(request, plan, token), callSignal),
        tokenField: plan.tokenField,
        intervalMs: pollIntervalMs,
        maxPolls,
        signal,
        onCall: (row, answer) => emit({type: 'call', row, answer}),
      });
    } catch (error) {
      emit({type: 'failed', failure: failureText(error, target, request.base), keepAnswer: true});
    } finally {
      if (exchanges.length) emit({type: 'session', session: {scenario: null, label: 'Try it', startedAt, exchanges}});
      emit({type: 'end'});
    }
  };

  const stop = () => {
    running.current?.abort();
    dispatch({type: 'end'});
  };

  return {...state, send, poll, stop};
}
