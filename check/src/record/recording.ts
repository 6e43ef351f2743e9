/**
 * A recording read as the rules read it (`readRun`): each exchange with its operation, its role in a live
 * search (create or poll) and its answer, and the sessions of the live searches; `traceOf` gives a
 * session to the report's timeline. What the specifications say that the rules need (the live searches,
 * the headers that carry a key, the polls that take a body) is read once per set of bundles. Pure and
 * browser-safe: the site's HAR check runs it too. The rules themselves are rules/<id>.ts.
 *
 * A session of a live search is the chain of its tokens: a 2xx create of a live search starts one, its
 * answer's token and every token a poll answer of it carries belong to it (every poll answer of the
 * sandbox carries a new token, and any token of a session polls it). A poll with a token never seen
 * (a HAR that starts mid-search, a made-up token) is a session of its own.
 */
import {
  liveFlows,
  operationLinks,
  operations,
  referenceData,
  requestMedia,
  securityHeaders,
  type LiveFlow,
  type OpenApiDocument,
} from '@portal/specs';
import type {CheckedRequest, Exchange, Recording, SessionTrace} from '../model';

/** What the bundles say that the rules read, read once per set of bundles. */
export interface SpecFacts {
  /** The live searches (create and poll) by the operationId of either. */
  flowsByCreate: Map<string, LiveFlow>;
  flowsByPoll: Map<string, LiveFlow>;
  /** The headers that carry a key, by operationId (none for `security: []`). */
  keyHeaders: Map<string, string[]>;
  /** Every header name that carries a key in some operation (`x-api-key`). */
  allKeyHeaders: string[];
  /** The polls that take a body (hotels: sort, filters, page). */
  pollsWithBody: Set<string>;
  /** The operations of reference data (`x-refresh`), by operationId, with what each holds (`Currencies`). */
  referenceData: ReadonlyMap<string | undefined, string>;
  /** The creates of live searches whose answers link an itinerary refresh (a flow of kind `refresh`): flights. */
  refreshedSearches: ReadonlySet<string | undefined>;
}

const factsOfBundles = new WeakMap<Map<string, OpenApiDocument>, SpecFacts>();

export function specFacts(bundles: Map<string, OpenApiDocument>): SpecFacts {
  const known = factsOfBundles.get(bundles);
  if (known) return known;
  // The live searches: flows whose create starts a search (an itinerary refresh's create takes a token)
  const flows = [...bundles].flatMap(([slug, doc]) => liveFlows(slug, doc)).filter((flow) => flow.kind === 'search');
  const keyHeaders = new Map<string, string[]>();
  for (const [slug, doc] of bundles) {
    for (const operation of operations(slug, doc))
      keyHeaders.set(operation.operationId, securityHeaders(doc, operation));
  }
  const facts: SpecFacts = {
    flowsByCreate: new Map(flows.map((flow) => [flow.create.operationId, flow])),
    flowsByPoll: new Map(flows.map((flow) => [flow.poll.operationId, flow])),
    keyHeaders,
    allKeyHeaders: [...new Set([...keyHeaders.values()].flat())],
    pollsWithBody: new Set(
      flows.filter((flow) => requestMedia(bundles.get(flow.slug)!, flow.poll)).map((flow) => flow.poll.operationId),
    ),
    referenceData: new Map(
      [...bundles].flatMap(([slug, doc]) =>
        referenceData(slug, doc).map((entry) => [entry.operation.operationId, entry.data] as const),
      ),
    ),
    refreshedSearches: new Set(
      [...bundles].flatMap(([slug, doc]) => {
        const refreshes = new Set(
          liveFlows(slug, doc)
            .filter((flow) => flow.kind === 'refresh')
            .map((flow) => flow.create.operationId),
        );
        const linking = new Set(
          operationLinks(slug, doc)
            .filter((link) => refreshes.has(link.to.operationId))
            .map((link) => link.from.operationId),
        );
        return flows
          .filter((flow) => linking.has(flow.create.operationId) || linking.has(flow.poll.operationId))
          .map((flow) => flow.create.operationId);
      }),
    ),
  };
  factsOfBundles.set(bundles, facts);
  return facts;
}

/** One exchange with what the rules read of it. */
export interface Call {
  exchange: Exchange;
  checked: CheckedRequest;
  index: number;
  start: number;
  end: number;
  status: number;
  ok: boolean;
  role?: 'create' | 'poll';
  flow?: LiveFlow;
  /** The token a poll sent (its path parameter). */
  token?: string;
  /** The JSON of a 2xx answer, when it is a JSON object. */
  answer?: Record<string, unknown>;
  session?: Session;
  /**
   * The request as one: method, path, query parameters sorted and JSON body with its fields sorted
   * (`requestKey`), so two calls that ask the same thing have the same key however they were written.
   */
  key: string;
  /** For a create: its body's `query` as `stableJson` writes it (the search it asks for), when it has one. */
  query?: string;
}

export interface Session {
  id: number;
  slug: string;
  /** The live search it is a session of, with the facts its specification declares. */
  flow: LiveFlow;
  /** Its calls in the order they started. */
  calls: Call[];
}

/** A recording as the rules read it. */
export interface Run {
  recording: Recording;
  /** The exchanges in the order they started. */
  calls: Call[];
  sessions: Session[];
  specs: SpecFacts;
}

function jsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** JSON with the fields of every object in sorted order: the same value, written the same way. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A body as `stableJson` writes it when it is JSON, else as sent. */
function bodyKey(body: string | undefined): string {
  if (body === undefined || body.trim() === '') return '';
  try {
    return stableJson(JSON.parse(body));
  } catch {
    return body;
  }
}

/** A request as one key: method, path, query parameters sorted by name, and the body (`bodyKey`). */
export function requestKey(request: Exchange['request']): string {
  const url = new URL(request.url, 'http://recording.invalid');
  url.searchParams.sort();
  return `${request.method.toUpperCase()} ${url.pathname}?${url.searchParams.toString()} ${bodyKey(request.body)}`;
}

/** The `query` of a create's body as `stableJson` writes it, when the body is a JSON object with one. */
function queryOf(body: string | undefined): string | undefined {
  const query = jsonObject(body)?.query;
  return query === undefined ? undefined : stableJson(query);
}

/** How many results an answer's content holds, when it holds its flow's collection (`x-live-flow.results`). */
function resultCount(flow: LiveFlow, answer: Record<string, unknown> | undefined): number | undefined {
  const content = answer?.content as {results?: Record<string, unknown>} | undefined;
  const collection = content?.results?.[flow.results];
  if (Array.isArray(collection)) return collection.length;
  return collection && typeof collection === 'object' ? Object.keys(collection).length : undefined;
}

/** Reads a recording: each exchange's operation and role, and the sessions of its live searches. */
export function readRun(recording: Recording, checked: CheckedRequest[], bundles: Map<string, OpenApiDocument>): Run {
  const specs = specFacts(bundles);
  const calls = recording.exchanges
    .map((exchange, position): Call => {
      const found = checked[position] ?? {pathParams: {}, violations: []};
      const status = exchange.response.status;
      const ok = status >= 200 && status < 300;
      const operationId = found.operationId ?? '';
      const created = specs.flowsByCreate.get(operationId);
      const polled = specs.flowsByPoll.get(operationId);
      const flow = created ?? polled;
      return {
        exchange,
        checked: found,
        index: exchange.index,
        start: exchange.startedMs,
        end: exchange.endedMs,
        status,
        ok,
        role: created ? 'create' : polled ? 'poll' : undefined,
        flow,
        token: polled ? found.pathParams[polled.tokenParameter] : undefined,
        answer: ok && flow ? jsonObject(exchange.response.body) : undefined,
        key: requestKey(exchange.request),
        ...(created ? {query: queryOf(exchange.request.body)} : {}),
      };
    })
    .sort((a, b) => a.start - b.start || a.index - b.index);

  const sessions: Session[] = [];
  // When each session was first answered: its create's answer, or the first poll of a token never seen
  const answered = new Map<Session, number>();
  const byToken = new Map<string, Session>();
  const open = (call: Call, tokens: string[]): Session => {
    const session: Session = {id: 0, slug: call.flow!.slug, flow: call.flow!, calls: []};
    sessions.push(session);
    answered.set(session, call.end);
    for (const token of tokens) byToken.set(token, session);
    return session;
  };
  for (const call of calls) {
    let session: Session | undefined;
    if (call.role === 'create' && call.ok) session = open(call, []);
    else if (call.role === 'poll' && call.token !== undefined)
      session = byToken.get(call.token) ?? open(call, [call.token]);
    if (!session) continue;
    session.calls.push(call);
    call.session = session;
    const token = call.answer?.[call.flow!.tokenField];
    if (typeof token === 'string' && !byToken.has(token)) byToken.set(token, session);
  }
  sessions.sort((a, b) => answered.get(a)! - answered.get(b)!);
  sessions.forEach((session, position) => (session.id = position + 1));
  return {recording, calls, sessions, specs};
}

/**
 * The offset a poll's body asks for at `pointer` (the flow's `pageOffset`, `/pagination/offset`): 0 when the
 * body names none, undefined when what it names there is no whole number.
 */
function pageOffsetOf(pointer: string, body: string | undefined): number | undefined {
  let value: unknown = jsonObject(body) ?? {};
  for (const name of pointer.slice(1).split('/')) {
    if (value === undefined) break;
    value =
      value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : null;
  }
  if (value === undefined) return 0;
  return Number.isInteger(value) ? (value as number) : undefined;
}

/** A session for the report's timeline. */
export function traceOf(session: Session): SessionTrace {
  return {
    id: session.id,
    slug: session.slug,
    calls: session.calls.map((call) => {
      const resultStatus = call.answer?.status;
      const resultAction = call.answer?.action;
      const results = resultCount(session.flow, call.answer);
      const pointer = call.role === 'poll' ? call.flow?.pageOffset : undefined;
      const offset = pointer ? pageOffsetOf(pointer, call.exchange.request.body) : undefined;
      return {
        index: call.index,
        role: call.role!,
        ...(typeof resultStatus === 'string' ? {resultStatus} : {}),
        ...(typeof resultAction === 'string' ? {resultAction} : {}),
        ...(results === undefined ? {} : {results}),
        ...(offset === undefined ? {} : {offset}),
      };
    }),
  };
}
