/**
 * What each scenario of the integration check does to the calls of one run. The sandbox stays
 * stateless: the script and its state live here, in the proxy of one run (../record/proxy.ts), for the time of
 * that run. A script sees each call before it goes to the sandbox (`before`: answer it with a fault
 * instead, or pass it on, possibly asking the sandbox for one of its own scenarios) and each answer
 * before it goes back (`after`: rewrite it). The first session is the first live search whose create
 * was answered 2xx; its tokens are every token its create and poll answers carried (each poll answer
 * of the sandbox carries a new one).
 */
import {liveFlows, operationMatcher, type OpenApiDocument} from '@portal/specs';
import {BEHAVIOUR_HEADER} from '@portal/sandbox/behaviours';
import type {CheckScenario, Fault} from '../model';

/** Seconds the rate-limited scenario's 429 asks to wait. */
export const SCRIPTED_RETRY_AFTER_SECONDS = 2;

/** What a call is to the scripts: a live search's create or poll (with its token), or anything else. */
export type CallKind =
  | {kind: 'create'; slug: string; tokenField: string}
  | {kind: 'poll'; slug: string; token: string; tokenField: string}
  | {kind: 'other'};

/**
 * Tells the creates and polls of live searches from other calls: the specs' live flows (their `poll`
 * links) whose `x-live-flow` says they are searches (an itinerary refresh continues one).
 */
export function callClassifier(bundles: Map<string, OpenApiDocument>): (method: string, path: string) => CallKind {
  const flows = [...bundles].flatMap(([slug, doc]) => liveFlows(slug, doc)).filter((flow) => flow.kind === 'search');
  const creates = new Map(flows.map((flow) => [flow.create.operationId, flow]));
  const polls = new Map(flows.map((flow) => [flow.poll.operationId, flow]));
  const matcher = operationMatcher(bundles);
  return (method, path) => {
    const found = matcher.match(method, path);
    const created = found && creates.get(found.operation.operationId);
    if (created) return {kind: 'create', slug: created.slug, tokenField: created.tokenField};
    const polled = found && polls.get(found.operation.operationId);
    if (polled)
      return {
        kind: 'poll',
        slug: polled.slug,
        token: found.params[polled.tokenParameter],
        tokenField: polled.tokenField,
      };
    return {kind: 'other'};
  };
}

/** A fault answered in place of the sandbox's answer. */
export interface ScriptedAnswer {
  status: number;
  message?: string;
  retryAfterSeconds?: number;
  fault: Fault;
}

/** What to do with a call before the sandbox sees it. */
export type Before =
  | {answer: ScriptedAnswer}
  | {
      forward: true;
      /** Extra request headers for the sandbox (its own scenarios). */
      headers?: Record<string, string>;
      fault?: Fault;
    };

/** What a scenario does in one run. */
export interface ScenarioScript {
  before(call: CallKind): Before;
  /** The answer the program gets: the sandbox's, or rewritten. */
  after(call: CallKind, status: number, body: string): {body: string; fault?: Fault};
}

const tokenOf = (body: string, field: string): string | undefined => {
  try {
    const value = (JSON.parse(body) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
};

/** The first session of a run, as the answers reveal it. */
class FirstSession {
  private readonly tokens = new Set<string>();
  private started = false;
  polls = 0;

  /** Notes an answer: a first 2xx create starts it; a poll of it adds its answer's token. */
  note(call: CallKind, status: number, body: string): void {
    if (call.kind === 'other' || status < 200 || status >= 300) return;
    if (call.kind === 'create' && this.started) return;
    if (call.kind === 'poll' && !this.tokens.has(call.token)) return;
    this.started = true;
    const token = tokenOf(body, call.tokenField);
    if (token) this.tokens.add(token);
  }

  holds(call: CallKind): boolean {
    return call.kind === 'poll' && this.tokens.has(call.token);
  }

  isFirstCreate(call: CallKind): boolean {
    return call.kind === 'create' && !this.started;
  }
}

const pass: Before = {forward: true};

/** The script of a scenario for one run: a new object per run, holding that run's state. */
export function scenarioScript(scenario: CheckScenario): ScenarioScript {
  const first = new FirstSession();
  const noted = (
    rewrite?: (call: CallKind, status: number, body: string) => {body: string; fault?: Fault},
  ): ScenarioScript['after'] =>
    function after(call, status, body) {
      const result = rewrite?.(call, status, body) ?? {body};
      first.note(call, status, body);
      return result;
    };

  /**
   * Rewrites the 2xx answers of the calls `which` picks to say RESULT_STATUS_INCOMPLETE (a search still in
   * progress), however far the sandbox's search has got.
   */
  const inProgress =
    (which: (call: CallKind) => boolean, description: string) => (call: CallKind, status: number, body: string) => {
      if (status < 200 || status >= 300 || !which(call)) return {body};
      try {
        const answer = JSON.parse(body) as Record<string, unknown>;
        if (answer.status === 'RESULT_STATUS_INCOMPLETE') return {body};
        answer.status = 'RESULT_STATUS_INCOMPLETE';
        return {body: JSON.stringify(answer), fault: {kind: 'rewrite', description} satisfies Fault};
      } catch {
        return {body};
      }
    };
  const ofFirstSession = (call: CallKind) => first.isFirstCreate(call) || first.holds(call);

  switch (scenario) {
    case 'normal':
      return {before: () => pass, after: noted()};
    case 'rate-limited': {
      let calls = 0;
      return {
        before: () =>
          calls++ === 0
            ? {
                answer: {
                  status: 429,
                  retryAfterSeconds: SCRIPTED_RETRY_AFTER_SECONDS,
                  fault: {
                    kind: 'status',
                    description: `the first call answered 429 with Retry-After: ${SCRIPTED_RETRY_AFTER_SECONDS}`,
                  },
                },
              }
            : pass,
        after: noted(),
      };
    }
    case 'server-error': {
      let injected = false;
      return {
        before(call) {
          if (injected || !first.holds(call)) return pass;
          injected = true;
          return {answer: {status: 503, fault: {kind: 'status', description: 'the first poll answered 503 once'}}};
        },
        after: noted(),
      };
    }
    case 'session-lost':
      return {
        // Until the 404, the first session says it is in progress: a program that follows the status polls it
        // a second time, however slowly it runs (the sandbox's search completes by the clock)
        before(call) {
          if (!first.holds(call) || ++first.polls < 2) return pass;
          return {
            answer: {
              status: 404,
              fault: {
                kind: 'status',
                description:
                  'a poll of the first session from the second on answered 404, as for a session the service no longer holds',
              },
            },
          };
        },
        after: noted(
          inProgress(
            ofFirstSession,
            'the first session answered RESULT_STATUS_INCOMPLETE in place of its status before its poll answered 404',
          ),
        ),
      };
    case 'never-completes':
      return {
        before: () => pass,
        after: noted(
          inProgress(ofFirstSession, 'the first session answered RESULT_STATUS_INCOMPLETE in place of its status'),
        ),
      };
    case 'failed':
      return {
        // The sandbox's own `failed` scenario (Sandbox page): the search it starts ends RESULT_STATUS_FAILED
        before: (call) =>
          first.isFirstCreate(call)
            ? {
                forward: true,
                headers: {[BEHAVIOUR_HEADER]: 'failed'},
                fault: {kind: 'rewrite', description: "the first search started in the sandbox's failed scenario"},
              }
            : pass,
        after: noted(),
      };
    case 'rejected':
      return {
        before: () => ({
          answer: {
            status: 401,
            fault: {kind: 'status', description: 'every call answered 401, as for a missing or wrong key'},
          },
        }),
        after: noted(),
      };
  }
}
