/**
 * The rules of the contract the guides state, and how a recording is judged against them. `ruleBook`
 * below is the one place a rule's id, sentence, tolerance and guide link are written, each with its
 * judgement: a small pure function of what was seen in one recording (`Run`: each exchange with its
 * operation, and the sessions of the live searches). Pure and browser-safe: the site's HAR check runs
 * it too.
 *
 * A session of a live search is the chain of its tokens: a 2xx create of a live search starts one, its
 * answer's token and every token a poll answer of it carries belong to it (every poll answer of the
 * sandbox carries a new token, and any token of a session polls it). A poll with a token never seen
 * (a HAR that starts mid-search, a made-up token) is a session of its own.
 */
import {liveFlows, operations, requestMedia, securityHeaders, type LiveFlow, type OpenApiDocument} from '@portal/specs';
import {SANDBOX_KEY_PREFIX} from '@portal/sandbox';
import {isKeyName} from './keyNames';
import {minPollGapMs, RETRY_AFTER_SLACK_MS, rules, type RuleId} from './contract';
import type {
  CheckedRequest,
  CheckScenario,
  Exchange,
  Recording,
  Rule,
  RuleVerdict,
  RunReport,
  SessionTrace,
} from './model';

const RETRYABLE = [429, 500, 503];
const CLIENT_ERRORS = [400, 401, 403];

// ---------------------------------------------------------------------------------------------------
// What the bundles say, read once per set of bundles

interface BundleFacts {
  /** The live searches (create and poll) by the operationId of either. */
  flowsByCreate: Map<string, LiveFlow>;
  flowsByPoll: Map<string, LiveFlow>;
  /** The headers that carry a key, by operationId (none for `security: []`). */
  keyHeaders: Map<string, string[]>;
  /** Every header name that carries a key in some operation (`x-api-key`). */
  allKeyHeaders: string[];
  /** The polls that take a body (hotels: sort, filters, page). */
  pollsWithBody: Set<string>;
}

const factsOfBundles = new WeakMap<Map<string, OpenApiDocument>, BundleFacts>();

function bundleFacts(bundles: Map<string, OpenApiDocument>): BundleFacts {
  const known = factsOfBundles.get(bundles);
  if (known) return known;
  // The live searches: flows whose create starts a search (an itinerary refresh's create takes a token)
  const flows = [...bundles].flatMap(([slug, doc]) => liveFlows(slug, doc)).filter((flow) => flow.kind === 'search');
  const keyHeaders = new Map<string, string[]>();
  for (const [slug, doc] of bundles) {
    for (const operation of operations(slug, doc))
      keyHeaders.set(operation.operationId, securityHeaders(doc, operation));
  }
  const facts: BundleFacts = {
    flowsByCreate: new Map(flows.map((flow) => [flow.create.operationId, flow])),
    flowsByPoll: new Map(flows.map((flow) => [flow.poll.operationId, flow])),
    keyHeaders,
    allKeyHeaders: [...new Set([...keyHeaders.values()].flat())],
    pollsWithBody: new Set(
      flows.filter((flow) => requestMedia(bundles.get(flow.slug)!, flow.poll)).map((flow) => flow.poll.operationId),
    ),
  };
  factsOfBundles.set(bundles, facts);
  return facts;
}

// ---------------------------------------------------------------------------------------------------
// What was seen in one recording

/** One exchange with what the rules read of it. */
interface Call {
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
}

interface Session {
  id: number;
  slug: string;
  /** The live search it is a session of, with the facts its specification declares. */
  flow: LiveFlow;
  /** Its calls in the order they started. */
  calls: Call[];
  tokens: Set<string>;
  /** Started by a create seen in the recording (not a token never seen). */
  created: boolean;
}

/** A recording as the rules read it. */
interface Run {
  recording: Recording;
  /** The exchanges in the order they started. */
  calls: Call[];
  sessions: Session[];
  bundle: BundleFacts;
}

const headerOf = (headers: Exchange['request']['headers'], name: string): string | undefined =>
  headers.find(([key]) => key.toLowerCase() === name)?.[1];

function jsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** How many results an answer's content holds, when it holds its flow's collection (`x-live-flow.results`). */
function resultCount(flow: LiveFlow, answer: Record<string, unknown> | undefined): number | undefined {
  const content = answer?.content as {results?: Record<string, unknown>} | undefined;
  const collection = content?.results?.[flow.results];
  if (Array.isArray(collection)) return collection.length;
  return collection && typeof collection === 'object' ? Object.keys(collection).length : undefined;
}

/** Reads a recording: each exchange's operation and role, and the sessions of its live searches. */
function readRun(recording: Recording, checked: CheckedRequest[], bundles: Map<string, OpenApiDocument>): Run {
  const bundle = bundleFacts(bundles);
  const calls = recording.exchanges
    .map((exchange, position): Call => {
      const found = checked[position] ?? {pathParams: {}, violations: []};
      const status = exchange.response.status;
      const ok = status >= 200 && status < 300;
      const operationId = found.operationId ?? '';
      const created = bundle.flowsByCreate.get(operationId);
      const polled = bundle.flowsByPoll.get(operationId);
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
      };
    })
    .sort((a, b) => a.start - b.start || a.index - b.index);

  const sessions: Session[] = [];
  // When each session was first answered: its create's answer, or the first poll of a token never seen
  const answered = new Map<Session, number>();
  const byToken = new Map<string, Session>();
  const open = (call: Call, tokens: string[], created: boolean): Session => {
    const session: Session = {
      id: 0,
      slug: call.flow!.slug,
      flow: call.flow!,
      calls: [],
      tokens: new Set(tokens),
      created,
    };
    sessions.push(session);
    answered.set(session, call.end);
    for (const token of tokens) byToken.set(token, session);
    return session;
  };
  for (const call of calls) {
    let session: Session | undefined;
    if (call.role === 'create' && call.ok) session = open(call, [], true);
    else if (call.role === 'poll' && call.token !== undefined)
      session = byToken.get(call.token) ?? open(call, [call.token], false);
    if (!session) continue;
    session.calls.push(call);
    call.session = session;
    const token = call.answer?.[call.flow!.tokenField];
    if (typeof token === 'string' && !byToken.has(token)) {
      session.tokens.add(token);
      byToken.set(token, session);
    }
  }
  sessions.sort((a, b) => answered.get(a)! - answered.get(b)!);
  sessions.forEach((session, position) => (session.id = position + 1));
  return {recording, calls, sessions, bundle};
}

/** A session for the report's timeline. */
function traceOf(session: Session): SessionTrace {
  return {
    id: session.id,
    slug: session.slug,
    calls: session.calls.map((call) => {
      const resultStatus = call.answer?.status;
      const resultAction = call.answer?.action;
      const results = resultCount(session.flow, call.answer);
      return {
        index: call.index,
        role: call.role!,
        ...(typeof resultStatus === 'string' ? {resultStatus} : {}),
        ...(typeof resultAction === 'string' ? {resultAction} : {}),
        ...(results === undefined ? {} : {results}),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Small helpers of the judgements

type Judgement = Omit<RuleVerdict, 'rule'>;
const passed = (detail: string, calls: Call[]): Judgement => ({outcome: 'pass', detail, calls: indices(calls)});
const failed = (detail: string, calls: Call[]): Judgement => ({outcome: 'fail', detail, calls: indices(calls)});
const notExercised = (detail: string): Judgement => ({outcome: 'not-exercised', detail, calls: []});
const indices = (calls: Call[]): number[] => [...new Set(calls.map((call) => call.index))].sort((a, b) => a - b);

const seconds = (ms: number): string => `${Math.round(ms) / 1000} s`;
const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
/** The first few items of a list, then how many more. */
const listed = (items: string[], shown = 3): string =>
  `${items.slice(0, shown).join('; ')}${items.length > shown ? `; and ${items.length - shown} more` : ''}`;
const callName = (call: Call): string => `#${call.index} ${call.checked.operationId ?? call.exchange.request.method}`;
const calls = (list: Call[]): string => list.map((call) => `#${call.index}`).join(', ');

/** The same request: method, URL and body. */
const sameRequest = (a: Call, b: Call): boolean =>
  a.exchange.request.method.toUpperCase() === b.exchange.request.method.toUpperCase() &&
  a.exchange.request.url === b.exchange.request.url &&
  (a.exchange.request.body ?? '') === (b.exchange.request.body ?? '');

/** The time a 429's Retry-After asks to wait, in ms: seconds, or an HTTP date compared with the answer's time. */
function retryAfterMs(run: Run, call: Call): number | undefined {
  const value = headerOf(call.exchange.response.headers, 'retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - (Date.parse(run.recording.startedAt) + call.end));
}

/** Query parameters that carry a key: named like one, or holding a key the call's headers send. */
function keysInQuery(run: Run, call: Call): string[] {
  const query = call.exchange.request.url.split('?')[1];
  if (!query) return [];
  const sent = run.bundle.allKeyHeaders
    .map((name) => headerOf(call.exchange.request.headers, name))
    .filter((value): value is string => Boolean(value));
  const found: string[] = [];
  new URLSearchParams(query).forEach((value, name) => {
    const named = isKeyName(name, run.bundle.allKeyHeaders);
    if (named || sent.includes(value) || value.startsWith(SANDBOX_KEY_PREFIX)) found.push(name);
  });
  return found;
}

// ---------------------------------------------------------------------------------------------------
// The judgements, one per rule

function validRequests(run: Run): Judgement {
  const calling = run.calls.filter((call) => call.checked.operationId);
  if (!calling.length) return notExercised('no call of the run called an operation of the APIs');
  const invalid = calling.filter((call) => call.checked.violations.length);
  if (invalid.length) {
    const described = invalid.map(
      (call) =>
        `${callName(call)}: ${call.checked.violations
          .slice(0, 2)
          .map(
            (violation) =>
              `${violation.field ? `${violation.field} ` : ''}${violation.description} (${violation.reason})`,
          )
          .join(', ')}`,
    );
    return failed(
      `${plural(invalid.length, 'call')} of ${calling.length} to operations were not valid: ${listed(described)}`,
      invalid,
    );
  }
  return passed(
    `all ${plural(calling.length, 'call')} to operations were valid against their schemas and rules`,
    calling,
  );
}

function apiKeyHeader(run: Run): Judgement {
  const checkRun = run.recording.scenario !== null;
  const judged: Call[] = [];
  const broken: string[] = [];
  const breaking: Call[] = [];
  for (const call of run.calls) {
    const operationId = call.checked.operationId;
    if (!operationId) continue;
    const needed = run.bundle.keyHeaders.get(operationId) ?? [];
    const inQuery = keysInQuery(run, call);
    const sentKeys = run.bundle.allKeyHeaders
      .map((name) => [name, headerOf(call.exchange.request.headers, name)] as const)
      .filter((entry): entry is readonly [string, string] => Boolean(entry[1]));
    if (!needed.length && !inQuery.length && !sentKeys.length) continue;
    judged.push(call);
    const problems = [
      ...needed.filter((name) => !headerOf(call.exchange.request.headers, name)).map((name) => `no ${name} header`),
      ...inQuery.map((name) => `a key in the query string (${name})`),
      // Never a real key to the sandbox; a HAR's keys are masked or real, and not judged
      ...(checkRun
        ? sentKeys
            .filter(([, value]) => !value.startsWith(SANDBOX_KEY_PREFIX))
            .map(([name]) => `a key in ${name} that is not a ${SANDBOX_KEY_PREFIX} key`)
        : []),
    ];
    if (problems.length) {
      breaking.push(call);
      broken.push(`${callName(call)}: ${problems.join(', ')}`);
    }
  }
  if (!judged.length) return notExercised('no call needed or sent a key');
  if (breaking.length) {
    const sandboxNote = checkRun ? `; the sandbox takes ${SANDBOX_KEY_PREFIX} keys only` : '';
    return failed(`${plural(breaking.length, 'call')} of ${judged.length}: ${listed(broken)}${sandboxNote}`, breaking);
  }
  return passed(
    `all ${plural(judged.length, 'call')} that needed a key sent it in the header${checkRun ? `, a ${SANDBOX_KEY_PREFIX} key` : ''}, none in the query string`,
    judged,
  );
}

function pollInterval(run: Run): Judgement {
  const judged: {call: Call; gap: number; session: Session; least: number}[] = [];
  for (const session of run.sessions) {
    session.calls.forEach((call, position) => {
      const previous = session.calls[position - 1];
      if (call.role === 'poll' && previous?.ok)
        judged.push({call, gap: call.start - previous.end, session, least: minPollGapMs(session.flow)});
    });
  }
  if (!judged.length) return notExercised('no poll followed a 2xx answer of its session');
  const soon = judged.filter(({gap, least}) => gap < least);
  if (soon.length) {
    return failed(
      `${plural(soon.length, 'poll')} of ${judged.length} came sooner than ${seconds(Math.max(...soon.map(({least}) => least)))} after their session's last answer: ${listed(
        soon.map(({call, gap, session}) => `#${call.index} of session ${session.id} after ${seconds(gap)}`),
      )}`,
      soon.map(({call}) => call),
    );
  }
  const shortest = Math.min(...judged.map(({gap}) => gap));
  return passed(
    `${plural(judged.length, 'poll')} each came at least ${seconds(Math.min(...judged.map(({least}) => least)))} after their session's last answer (the shortest wait ${seconds(shortest)})`,
    judged.map(({call}) => call),
  );
}

/** A session's first 2xx answer that said COMPLETE or FAILED. */
const doneAnswer = (session: Session): Call | undefined =>
  session.calls.find((call) => call.ok && session.flow.terminalStatuses.includes(String(call.answer?.status)));

function stopWhenDone(run: Run): Judgement {
  const done = run.sessions.flatMap((session) => {
    const answer = doneAnswer(session);
    return answer ? [{session, answer}] : [];
  });
  if (!done.length) return notExercised('no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED');
  const broken: string[] = [];
  const breaking: Call[] = [];
  for (const {session, answer} of done) {
    const polls = session.calls.filter((call) => call.role === 'poll');
    const after = polls.filter((call, position) => {
      if (call.start < answer.end) return false;
      // A poll that asks for another view (hotels: another sort, filter or page) is a new request
      const previous = polls[position - 1];
      const body = call.exchange.request.body ?? '';
      const newView =
        run.bundle.pollsWithBody.has(call.checked.operationId ?? '') &&
        body.trim() !== '' &&
        body !== (previous?.exchange.request.body ?? '');
      return !newView;
    });
    if (after.length) {
      breaking.push(...after);
      broken.push(
        `session ${session.id} was polled ${plural(after.length, 'more time')} (${calls(after)}) after #${answer.index} said ${String(answer.answer?.status)}`,
      );
    }
  }
  if (broken.length) return failed(listed(broken), breaking);
  return passed(
    `${plural(done.length, 'session')} stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED`,
    done.map(({answer}) => answer),
  );
}

function boundedPolling(run: Run): Judgement {
  const program = run.recording.program;
  if (!program) return notExercised('the recording does not say how the program ended');
  const endless = run.sessions.filter(
    (session) => !doneAnswer(session) && session.calls.some((call) => call.role === 'poll'),
  );
  if (!endless.length) return notExercised('no session that never completed was polled');
  const polls = endless.flatMap((session) => session.calls.filter((call) => call.role === 'poll'));
  const summary = listed(
    endless.map((session) => {
      const own = session.calls.filter((call) => call.role === 'poll');
      return `session ${session.id} was polled ${plural(own.length, 'time')}, the last at ${seconds(own.at(-1)!.start)}`;
    }),
  );
  if (program.timedOut || program.flooded) {
    const why = program.flooded
      ? 'for making more calls than a run may record'
      : `at the run's time limit${run.recording.timeLimitMs === undefined ? '' : ` of ${seconds(run.recording.timeLimitMs)}`}`;
    return failed(
      `the check stopped the program ${why} while it polled a search that never completed: ${summary}`,
      polls,
    );
  }
  return passed(
    `the program stopped polling and ended by itself after ${seconds(program.durationMs)}: ${summary}`,
    polls,
  );
}

function retryAfter(run: Run): Judgement {
  const asked = run.calls.flatMap((call) => {
    const wait = call.status === 429 ? retryAfterMs(run, call) : undefined;
    return wait === undefined ? [] : [{call, wait}];
  });
  if (!asked.length) return notExercised('no answer was a 429 with a Retry-After header');
  const broken: string[] = [];
  const breaking: Call[] = [];
  const waits: string[] = [];
  for (const {call, wait} of asked) {
    const next = run.calls.find((other) => other !== call && other.start >= call.end);
    if (!next) {
      waits.push(`nothing was sent after #${call.index}`);
      continue;
    }
    const waited = next.start - call.end;
    if (waited < wait - RETRY_AFTER_SLACK_MS) {
      breaking.push(call, next);
      broken.push(
        `#${next.index} came ${seconds(waited)} after the 429 #${call.index} that asked to wait ${seconds(wait)}`,
      );
    } else waits.push(`#${next.index} came ${seconds(waited)} after #${call.index}, which asked for ${seconds(wait)}`);
  }
  if (broken.length) return failed(listed(broken), breaking);
  return passed(
    `the next call waited what each 429 asked: ${listed(waits)}`,
    asked.map(({call}) => call),
  );
}

function retryServerErrors(run: Run): Judgement {
  const failing = run.calls.filter((call) => RETRYABLE.includes(call.status));
  if (!failing.length) return notExercised('no answer was a 429, 500 or 503');
  const broken: string[] = [];
  const breaking: Call[] = [];
  const retries: Call[] = [];
  for (const call of failing) {
    const same = run.calls.filter((other) => other !== call && sameRequest(other, call));
    const early = same.filter((other) => other.start > call.start && other.start < call.end);
    const retry = same.find((other) => other.start >= call.end);
    // Giving up after a retry is allowed: the retry budget of the guides is spent
    const wasRetry = same.some((other) => other.end <= call.start && RETRYABLE.includes(other.status));
    if (early.length) {
      breaking.push(call, ...early);
      broken.push(`${callName(call)} was sent again (${calls(early)}) before its ${call.status} answer arrived`);
    }
    if (retry) retries.push(retry);
    else if (!wasRetry) {
      breaking.push(call);
      const movedOn = run.calls.some((other) => other.start >= call.end);
      broken.push(
        `${callName(call)} answered ${call.status} and was not sent again: the program ${movedOn ? 'moved on to other calls' : 'ended'}`,
      );
    }
  }
  if (broken.length) return failed(listed(broken), breaking);
  return passed(
    `each of the ${plural(failing.length, 'answer')} 429, 500 or 503 was followed by the same request once it had arrived (or the retries were spent)`,
    [...failing, ...retries],
  );
}

function noRetryClientErrors(run: Run): Judgement {
  const refused = run.calls.filter((call) => CLIENT_ERRORS.includes(call.status));
  if (!refused.length) return notExercised('no answer was a 400, 401 or 403');
  const keyOf = (call: Call) =>
    run.bundle.allKeyHeaders.map((name) => headerOf(call.exchange.request.headers, name) ?? '').join('\n');
  const broken: string[] = [];
  const breaking: Call[] = [];
  for (const call of refused) {
    const again = run.calls.filter(
      (other) => other !== call && other.start >= call.end && sameRequest(other, call) && keyOf(other) === keyOf(call),
    );
    if (again.length) {
      breaking.push(call, ...again);
      broken.push(`${callName(call)} answered ${call.status} and was sent again unchanged (${calls(again)})`);
    }
  }
  if (broken.length) return failed(listed(broken), breaking);
  return passed(
    `none of the ${plural(refused.length, 'request')} answered 400, 401 or 403 was sent again unchanged`,
    refused,
  );
}

function newSearchAfter404(run: Run): Judgement {
  const lost = run.calls.filter((call) => call.role === 'poll' && call.status === 404);
  if (!lost.length) return notExercised('no poll was answered 404');
  const broken: string[] = [];
  const breaking: Call[] = [];
  for (const call of lost) {
    const session = call.session!;
    const again = session.calls.filter((other) => other.role === 'poll' && other !== call && other.start >= call.end);
    if (again.length) {
      breaking.push(call, ...again);
      broken.push(
        `after poll #${call.index} of session ${session.id} was answered 404, the session was polled again (${calls(again)})`,
      );
    }
  }
  if (broken.length) return failed(listed(broken), breaking);
  return passed(
    `after each of the ${plural(lost.length, 'poll')} answered 404 no poll used a token of its session again`,
    lost,
  );
}

// ---------------------------------------------------------------------------------------------------
// Each rule of contract.ts (where its id, sentence, tolerance and guide link are written) with its judgement

interface JudgedRule extends Rule {
  judge(run: Run): Judgement;
}

const judges: Record<RuleId, (run: Run) => Judgement> = {
  'valid-requests': validRequests,
  'api-key-header': apiKeyHeader,
  'poll-interval': pollInterval,
  'stop-when-done': stopWhenDone,
  'bounded-polling': boundedPolling,
  'retry-after': retryAfter,
  'retry-server-errors': retryServerErrors,
  'no-retry-client-errors': noRetryClientErrors,
  'new-search-after-404': newSearchAfter404,
};

// Every id of contract.ts has its judgement (`judges` is keyed by all of them)
const ruleBook: JudgedRule[] = rules.map((rule) => ({...rule, judge: judges[rule.id as RuleId]}));

export {rules};

/** Why a rule is not judged in a recording of another scenario, or undefined when it is. */
function outOfScenario(rule: Rule, scenario: CheckScenario | null): string | undefined {
  if (!rule.scenarios || (scenario !== null && rule.scenarios.includes(scenario))) return undefined;
  const which = `only the ${rule.scenarios.join(', ')} scenario${rule.scenarios.length > 1 ? 's' : ''} of the check exercise${rule.scenarios.length > 1 ? '' : 's'} it`;
  return scenario === null ? `a HAR plays no scenario: ${which}` : `the ${scenario} scenario does not: ${which}`;
}

/** Judges one recording: each exchange's operation, the sessions of its live searches, and a verdict per rule. */
export function judgeRecording(
  recording: Recording,
  checked: CheckedRequest[],
  bundles: Map<string, OpenApiDocument>,
): RunReport {
  const run = readRun(recording, checked, bundles);
  const verdicts = ruleBook.map((rule): RuleVerdict => {
    const why = outOfScenario(rule, recording.scenario);
    return {rule: rule.id, ...(why ? notExercised(why) : rule.judge(run))};
  });
  return {
    recording,
    operations: recording.exchanges.map((_, position) => checked[position]?.operationId),
    verdicts,
    sessions: run.sessions.map(traceOf),
  };
}
