/**
 * The console's calls and what they leave on screen: Send, Poll until complete (the loop of
 * pollSession.ts), carrying that session on (polling it again with another body, refreshing one of its
 * itineraries) and Stop. What changes together (busy, the last answer, the failure, the rows, the results
 * held) is one reducer; each run has an `AbortController`, which Stop, a new run and closing the console
 * abort, after which nothing of that run reaches the screen. A session's calls, carried on or not, are
 * recorded as one run of the integration check (its timeline, SessionTimeline.tsx).
 */
import {useEffect, useReducer, useRef} from 'react';
import type {OpenApiDocument} from '@portal/specs';
import type {Exchange, Recording} from '@portal/check';
import {heldContent} from './liveView';
import {abortableSleep, pollRequest, pollSession, type PollRow} from './pollSession';
import {requestUrl, sessionStateOf, type EditedRequest, type PollPlan, type TargetKind} from './request';
import {failureText, sendRequest, type Answer} from './send';

/** The specs ask for about a second between polls (specs/common ResultAction; sandbox/README.md). */
/** A search still incomplete after this many polls is left (the sandbox's slow scenario needs 12). */
const maxPolls = 30;

/** A session that can be carried on: its create request, how it is polled, and its latest token. */
export interface LiveSession {
  /** Where its calls went: a session carried on goes there too, whatever the form now points at. */
  target: TargetKind;
  request: EditedRequest;
  plan: PollPlan;
  token: string;
  /** Polls sent so far (the next is `poll <polls + 1>`). */
  polls: number;
}

/** A refresh of one result of the session (the flights itinerary refresh), as it stands. */
export interface Refreshed {
  /** What was refreshed (the itinerary id). */
  id: string;
  status: string;
  /** The refresh's content, each answer's action applied (heldContent). */
  content: unknown;
}

export interface RunState {
  busy: boolean;
  /** The last answer: Send's, or the latest call's of a poll session. */
  answer: Answer | undefined;
  failure: string | undefined;
  /** The calls of the last poll session, carried on or not; empty after a Send. */
  polls: PollRow[];
  /** Each of those calls' answer (with what was sent) and the results held after it, in the same order. */
  calls: {answer: Answer; held: unknown}[];
  /**
   * The last poll session as the integration check records a run (check/src/model.ts), once a
   * run of it has ended: what its timeline shows (SessionTimeline.tsx). Undefined after a Send.
   */
  session: Recording | undefined;
  /**
   * The results a client holds after the answers so far, each answer's `action` applied as Create and
   * poll says (`heldContent` of liveView.ts): what the readable view shows. A Send starts afresh.
   */
  held: unknown;
  /**
   * The body sent for the call whose answer gave the results held (a poll's names the page it asked
   * for, `pageOffset` of request.ts); undefined when that call sent none.
   */
  heldFrom: string | undefined;
  /** The session to carry on, once Poll until complete has given it a token. */
  live: LiveSession | undefined;
  /** The last refresh of one of its results. */
  refreshed: Refreshed | undefined;
}

type RunEvent =
  | {type: 'start'}
  | {type: 'resume'}
  | {type: 'answer'; answer: Answer}
  | {type: 'call'; row: PollRow; answer: Answer}
  | {type: 'refresh-call'; row: PollRow; answer: Answer; id: string}
  | {type: 'failed'; failure: string; keepAnswer: boolean}
  | {type: 'session'; session: Recording}
  | {type: 'live'; live: LiveSession}
  | {type: 'end'};

const idle: RunState = {
  busy: false,
  answer: undefined,
  failure: undefined,
  polls: [],
  calls: [],
  session: undefined,
  held: undefined,
  heldFrom: undefined,
  live: undefined,
  refreshed: undefined,
};

function reduce(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'start':
      return {...idle, busy: true, answer: state.answer};
    case 'resume':
      return {...state, busy: true, failure: undefined};
    case 'answer':
      return {
        ...state,
        answer: event.answer,
        held: heldContent(undefined, event.answer.json),
        heldFrom: event.answer.sent?.body,
      };
    case 'call': {
      const held = heldContent(state.held, event.answer.json);
      // Whether the answer's own content is held now, or what was held before it (heldContent)
      const taken = heldContent(undefined, event.answer.json) !== undefined;
      return {
        ...state,
        answer: event.answer,
        polls: [...state.polls, event.row],
        calls: [...state.calls, {answer: event.answer, held}],
        held,
        heldFrom: taken ? event.answer.sent?.body : state.heldFrom,
      };
    }
    case 'refresh-call': {
      const before = state.refreshed?.id === event.id ? state.refreshed.content : undefined;
      const content = heldContent(before, event.answer.json);
      return {
        ...state,
        answer: event.answer,
        polls: [...state.polls, event.row],
        calls: [...state.calls, {answer: event.answer, held: content}],
        refreshed: {id: event.id, status: event.row.status, content},
      };
    }
    case 'failed':
      return {...state, failure: event.failure, answer: event.keepAnswer ? state.answer : undefined};
    case 'session':
      return {...state, session: event.session};
    case 'live':
      return {...state, live: event.live};
    case 'end':
      return {...state, busy: false};
  }
}

export interface Run extends RunState {
  /** Sends one request and shows its answer. */
  send: (request: EditedRequest) => Promise<void>;
  /** Sends a create call, then polls its session (`plan`) until it is over, showing each call. */
  poll: (request: EditedRequest, plan: PollPlan) => Promise<void>;
  /** Polls the session again with its token and another body (the hotels' sort, filters and page). */
  pollAgain: (body: string) => Promise<void>;
  /**
   * Runs another create-and-poll flow from the session (`request` made with its token: the flights
   * itinerary refresh) until it is over, on the same timeline; `id` is what it refreshes.
   */
  refresh: (request: EditedRequest, plan: PollPlan, id: string) => Promise<void>;
  /** Ends the current run at once. */
  stop: () => void;
}

/** The calls of one session, as the integration check's proxy would record them. */
interface Recorder {
  started: number;
  startedAt: string;
  exchanges: Exchange[];
}

/** Runs the console's calls to `target` for the API `slug` (whose bundle is `doc`). */
export function useRun(target: TargetKind, slug: string, doc: OpenApiDocument): Run {
  const [state, dispatch] = useReducer(reduce, idle);
  const running = useRef<AbortController | undefined>(undefined);
  const recorder = useRef<Recorder | undefined>(undefined);
  // Closing the console stops what it was doing.
  useEffect(() => () => running.current?.abort(), []);

  /** Starts a run (stopping any other) and gives the dispatch that ignores it once it is stopped. */
  const begin = (resume = false) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    dispatch({type: resume ? 'resume' : 'start'});
    const emit = (event: RunEvent) => {
      if (!controller.signal.aborted) dispatch(event);
    };
    return {signal: controller.signal, emit};
  };

  /** Sends one call of the session and records it. */
  const recorded = async (sent: EditedRequest, callSignal: AbortSignal, to: TargetKind = target): Promise<Answer> => {
    const record = recorder.current!;
    const startedMs = Math.round(performance.now() - record.started);
    const answer = await sendRequest(to, slug, doc, sent, callSignal);
    const url = new URL(requestUrl(sent));
    record.exchanges.push({
      index: record.exchanges.length,
      startedMs,
      endedMs: Math.round(performance.now() - record.started),
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

  /**
   * Waits until the session's last answer is its flow's poll interval old (`PollPlan.intervalMs`), as the guides
   * ask of every poll (a poll sooner is answered RESULT_ACTION_OMITTED, and breaks the check's poll-interval rule).
   */
  const keepTheGap = async (signal: AbortSignal, pollIntervalMs: number) => {
    const record = recorder.current;
    const last = record?.exchanges.at(-1);
    if (!record || !last) return;
    const waited = performance.now() - record.started - last.endedMs;
    if (waited < pollIntervalMs) await abortableSleep(pollIntervalMs - waited, signal);
  };

  /** Ends a run of the session: its recording so far, for the timeline. */
  const recordingOf = (): Recording | undefined => {
    const record = recorder.current;
    if (!record?.exchanges.length) return undefined;
    return {scenario: null, label: 'Try it', startedAt: record.startedAt, exchanges: [...record.exchanges]};
  };

  const send = async (request: EditedRequest) => {
    const {signal, emit} = begin();
    recorder.current = undefined;
    try {
      emit({type: 'answer', answer: await sendRequest(target, slug, doc, request, signal)});
    } catch (error) {
      emit({type: 'failed', failure: failureText(error, target, request.base), keepAnswer: false});
    } finally {
      emit({type: 'end'});
    }
  };

  /** Runs a loop of the session (`firstName` and `pollName` name its calls), recording it and its token. */
  const loop = async (
    run: {signal: AbortSignal; emit: (event: RunEvent) => void},
    options: {
      create: (signal: AbortSignal) => Promise<Answer>;
      poll: (token: string, signal: AbortSignal) => Promise<Answer>;
      plan: PollPlan;
      firstName?: string;
      pollName?: (count: number) => string;
      onCall: (row: PollRow, answer: Answer) => void;
      base: string;
      /** Where the calls go (the session's target). */
      to: TargetKind;
    },
  ) => {
    try {
      await pollSession<Answer>({
        create: options.create,
        poll: options.poll,
        tokenField: options.plan.tokenField,
        terminalStatuses: options.plan.terminalStatuses,
        pollAtLeastOnce: options.plan.pollForContent,
        intervalMs: options.plan.intervalMs,
        maxPolls,
        signal: run.signal,
        ...(options.firstName ? {firstName: options.firstName} : {}),
        ...(options.pollName ? {pollName: options.pollName} : {}),
        onCall: options.onCall,
      });
    } catch (error) {
      run.emit({type: 'failed', failure: failureText(error, options.to, options.base), keepAnswer: true});
    } finally {
      const session = recordingOf();
      if (session) run.emit({type: 'session', session});
      run.emit({type: 'end'});
    }
  };

  const poll = async (request: EditedRequest, plan: PollPlan) => {
    const run = begin();
    recorder.current = {started: performance.now(), startedAt: new Date().toISOString(), exchanges: []};
    const live: LiveSession = {target, request, plan, token: '', polls: 0};
    await loop(run, {
      create: (signal) => recorded(request, signal),
      poll: (token, signal) => recorded(pollRequest(request, plan, token), signal),
      plan,
      base: request.base,
      to: target,
      onCall: (row, answer) => {
        run.emit({type: 'call', row, answer});
        if (row.call.startsWith('poll ')) live.polls = Number(/^poll (\d+)/.exec(row.call)?.[1] ?? live.polls);
        live.token = sessionStateOf(answer.json, plan.tokenField).token || live.token;
        if (live.token && answer.status < 300) run.emit({type: 'live', live: {...live}});
      },
    });
  };

  const pollAgain = async (body: string) => {
    const current = state.live;
    if (!current?.token || !recorder.current) return;
    const run = begin(true);
    await keepTheGap(run.signal, current.plan.intervalMs);
    if (run.signal.aborted) return;
    const plan = {...current.plan, body};
    const live = {...current};
    const name = (count: number) => `poll ${current.polls + count}`;
    const sent = (token: string, signal: AbortSignal) =>
      recorded(pollRequest(current.request, plan, token), signal, current.target);
    await loop(run, {
      create: (signal) => sent(current.token, signal),
      poll: sent,
      plan,
      base: current.request.base,
      to: current.target,
      firstName: name(1),
      pollName: (count) => name(count + 1),
      onCall: (row, answer) => {
        run.emit({type: 'call', row, answer});
        live.polls = Number(/^poll (\d+)/.exec(row.call)?.[1] ?? live.polls);
        live.token = sessionStateOf(answer.json, plan.tokenField).token || live.token;
        run.emit({type: 'live', live: {...live, plan}});
      },
    });
  };

  const refresh = async (request: EditedRequest, plan: PollPlan, id: string) => {
    const session = state.live;
    const to = session?.target;
    if (!recorder.current || !session || !to) return;
    const run = begin(true);
    // The gap after the search's last answer, as its flow asks
    await keepTheGap(run.signal, session.plan.intervalMs);
    if (run.signal.aborted) return;
    await loop(run, {
      create: (signal) => recorded(request, signal, to),
      poll: (token, signal) => recorded(pollRequest(request, plan, token), signal, to),
      plan,
      base: request.base,
      to,
      firstName: 'refresh',
      pollName: (count) => `refresh poll ${count}`,
      onCall: (row, answer) => run.emit({type: 'refresh-call', row, answer, id}),
    });
  };

  const stop = () => {
    running.current?.abort();
    dispatch({type: 'end'});
  };

  return {...state, send, poll, pollAgain, refresh, stop};
}
