/**
 * Create and poll without a store: the session token carries the query, the creation time, the
 * stage its holder was last sent, when, and the view (hotels' sort, filters and page). A search has
 * `stages` stages, one more each `STAGE_MS` after creation (results arrive as sources answer); the
 * last is `RESULT_STATUS_COMPLETE`. Any instance with the same secret answers any poll.
 *
 * Actions, as `specs/common` describes them:
 * - `RESULT_ACTION_REPLACED`: a new stage (or a new view) since the token's holder was last answered;
 *   the content is the full current set.
 * - `RESULT_ACTION_NOT_MODIFIED`: the same stage and view as last time; `content.results` is empty.
 * - `RESULT_ACTION_OMITTED`: a poll that finds a new stage sooner than half the wait between polls its
 *   specification asks for (`minPollMs`: `x-live-flow.pollIntervalSeconds` of its create's poll link) after
 *   the last answer, or a search that failed; the content is left out. A poll for another view (hotels) of
 *   the stage its holder was last sent is answered at once, however soon it comes: once a search is
 *   complete, such a poll is the traveller's own request, with nothing to wait for (the rule the
 *   integration check's `poll-interval` states, check/src/judge/rules/poll-interval.ts).
 *
 * Demo sessions: the specs' example tokens (the examples of the path parameters a create call's links
 * fill) are no token this sandbox signed, yet the reference's code samples send them as shown. Each
 * names the demo session of its create call's documented example: the session that call's first
 * request example starts, created `DEMO_AGE_MS` ago (so complete), with no behaviour. Any other token
 * this sandbox did not sign still answers 404.
 */
import {
  firstExample,
  liveFlows,
  operationLinks,
  parametersOf,
  requestMedia,
  type LiveFlow,
  type OpenApiDocument,
} from '@portal/specs';
import {SandboxError} from '../errors';
import type {Call, OperationId, RequestOf, ResultAction, ResultStatus, Behaviour} from './types';

export const STAGE_MS = 1000;

/** A poll sooner than this after its session's last answer is answered `RESULT_ACTION_OMITTED`. */
export const minPollMs = (flow: Pick<LiveFlow, 'pollIntervalMs'>): number => flow.pollIntervalMs / 2;

const flowsOfDocs = new WeakMap<OpenApiDocument, LiveFlow[]>();

/** The live flow whose poll `call` is, as its specification declares it (read once per document). */
export function flowOfPoll(call: Pick<Call, 'doc' | 'operation'>): LiveFlow {
  let flows = flowsOfDocs.get(call.doc);
  if (!flows) flowsOfDocs.set(call.doc, (flows = liveFlows(call.operation.slug, call.doc)));
  const flow = flows.find((candidate) => candidate.poll.operationId === call.operation.operationId);
  if (!flow) throw new Error(`${call.operation.operationId} polls no live flow of its specification`);
  return flow;
}
/** Sessions expire 30 minutes after creation (polls then answer 404, as the specs say). */
export const SESSION_TTL_MS = 30 * 60 * 1000;

export interface Session<Q> {
  /** Kind: which API the session belongs to. */
  k: string;
  q: Q;
  /** Created at (ms). */
  t: number;
  /** Stage the holder was last sent. */
  s: number;
  /** When the holder was last answered (ms). */
  p: number;
  /** Number of stages. */
  n: number;
  sc?: Behaviour;
  /** The view last sent (hotels). */
  h?: string;
}

/** The number of stages of a search: fewer or more on purpose with the `empty` and `slow` behaviours. */
export const stagesFor = (normal: number, behaviour: Behaviour | undefined, hasResults: boolean): number =>
  !hasResults || behaviour === 'empty' ? 1 : behaviour === 'slow' ? 12 : normal;

export function newSession<Q>(
  call: Pick<Call, 'now' | 'behaviour'>,
  kind: string,
  query: Q,
  stages: number,
): Session<Q> {
  return {
    k: kind,
    q: query,
    t: call.now,
    s: 1,
    p: call.now,
    n: stages,
    ...(call.behaviour ? {sc: call.behaviour} : {}),
  };
}

/**
 * How long ago a demo session was created: long enough for every stage to have arrived (12 seconds
 * with `slow`), well inside the ten minutes a flights search's prices stay cached and the 30 of a session.
 */
export const DEMO_AGE_MS = 60 * 1000;

/** The documented example of a create call that starts sessions (the create of a `liveFlows` pair). */
export interface DemoExample {
  /** Its first request example (undefined without a body). */
  body: unknown;
  /** Its path parameters' examples, by name. */
  path: Record<string, string>;
  /** The example tokens that name its demo session: the examples of the path parameters its links fill. */
  tokens: Set<string>;
}

const demoTables = new WeakMap<OpenApiDocument, Map<string, DemoExample>>();

/** The documented example of each create call of a document's live flows, by operationId; built once per document. */
export function demoExamples(doc: OpenApiDocument, slug: string): Map<string, DemoExample> {
  let table = demoTables.get(doc);
  if (table) return table;
  table = new Map();
  const pathExamples = (operation: Parameters<typeof parametersOf>[1]): Record<string, string> =>
    Object.fromEntries(
      parametersOf(doc, operation)
        .filter((parameter) => parameter.in === 'path' && parameter.name && parameter.example !== undefined)
        .map((parameter) => [parameter.name!, String(parameter.example)]),
    );
  const links = operationLinks(slug, doc);
  for (const {create} of liveFlows(slug, doc)) {
    if (table.has(create.operationId)) continue;
    const tokens = new Set<string>();
    for (const link of links) {
      if (link.from.operationId !== create.operationId || link.to.operationId === create.operationId) continue;
      const examples = pathExamples(link.to);
      for (const {parameter} of link.parameters) if (examples[parameter]) tokens.add(examples[parameter]);
    }
    const media = requestMedia(doc, create);
    table.set(create.operationId, {
      body: media ? structuredClone(firstExample(doc, media)) : undefined,
      path: pathExamples(create),
      tokens,
    });
  }
  demoTables.set(doc, table);
  return table;
}

/** How an API starts the demo session of one of its create calls. */
export interface Demo<S, Id extends OperationId = OperationId> {
  /** The create call whose documented example the demo session is. */
  create: Id;
  /** The session that call starts for its example (the body, as validated, and path values), created at `at`, with no behaviour. */
  start: (call: Call, example: {body: RequestOf<Id>; path: Record<string, string>}, at: number) => S | Promise<S>;
}

/** The example token of a create call's demo session (one of the specs' examples), or undefined for any other token. */
export function isDemoToken(call: Call, token: string, create: OperationId): boolean {
  return demoExamples(call.doc, call.operation.slug).get(create)?.tokens.has(token) ?? false;
}

/** The demo session a documented example token names, created `DEMO_AGE_MS` ago; undefined for any other token. */
export async function demoSession<S, Id extends OperationId>(
  call: Call,
  token: string,
  demo: Demo<S, Id>,
): Promise<S | undefined> {
  const example = demoExamples(call.doc, call.operation.slug).get(demo.create);
  if (!example?.tokens.has(token)) return undefined;
  return demo.start(call, {body: example.body as RequestOf<Id>, path: example.path}, call.now - DEMO_AGE_MS);
}

/**
 * The session a token names (or, with `demo`, the demo session a documented example token names);
 * 404 for a token this sandbox did not sign, of another API, or expired.
 */
export async function openSession<Q, Id extends OperationId = OperationId>(
  call: Call,
  token: string,
  kind: string,
  demo?: Demo<Session<Q>, Id>,
): Promise<Session<Q>> {
  const session =
    (await call.tokens.verify<Session<Q>>(token)) ?? (demo ? await demoSession(call, token, demo) : undefined);
  if (!session || session.k !== kind || typeof session.t !== 'number' || session.q === undefined) {
    throw new SandboxError(404, 'Session not found: use the session token of a create call of this API');
  }
  if (call.now - session.t > SESSION_TTL_MS) {
    throw new SandboxError(404, 'Session expired: sessions last 30 minutes, create a new search');
  }
  return session;
}

export interface PollOutcome<Q> {
  stage: number;
  status: ResultStatus;
  action: ResultAction;
  /** Whether the content is sent. */
  send: boolean;
  next: Session<Q>;
}

/** The poll `call` of `session`: its stage, status and action at `call.now`, and the session to sign next. */
export function poll<Q>(
  session: Session<Q>,
  call: Pick<Call, 'doc' | 'operation' | 'now'>,
  view?: string,
): PollOutcome<Q> {
  const {now} = call;
  const timeStage = 1 + Math.floor(Math.max(0, now - session.t) / STAGE_MS);
  const failed = session.sc === 'failed' && timeStage >= 2;
  const stage = Math.min(session.n, timeStage);
  const status = failed
    ? 'RESULT_STATUS_FAILED'
    : stage >= session.n
      ? 'RESULT_STATUS_COMPLETE'
      : 'RESULT_STATUS_INCOMPLETE';
  if (failed) return {stage, status, action: 'RESULT_ACTION_OMITTED', send: false, next: session};
  if (stage === session.s && view === session.h) {
    return {stage, status, action: 'RESULT_ACTION_NOT_MODIFIED', send: false, next: {...session, p: now}};
  }
  if (stage !== session.s && now - session.p < minPollMs(flowOfPoll(call)))
    return {stage, status, action: 'RESULT_ACTION_OMITTED', send: false, next: session};
  return {
    stage,
    status,
    action: 'RESULT_ACTION_REPLACED',
    send: true,
    next: {...session, s: stage, p: now, ...(view === undefined ? {} : {h: view})},
  };
}

/** The first `stage` of `stages` parts of a list: what the sources have answered so far. */
export const partial = <T>(items: T[], stage: number, stages: number): T[] =>
  items.slice(0, Math.ceil((items.length * Math.min(stage, stages)) / stages));
