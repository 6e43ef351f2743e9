/**
 * The recorder of one run of the integration check, whatever carries the calls: the local proxy (proxy.ts, a
 * Node HTTP server on the partner's machine) and a hosted run (../hosted/run.ts, a Durable Object on the portal's
 * edge) both hand it each call. The call goes through the run's scenario script (../scenarios/script.ts): answered with
 * a fault, or passed to the sandbox (`upstream`, a Fetch-API handler) and its answer passed back, possibly
 * rewritten. Every call and answer is recorded with its times (../model.ts `Exchange`). Past `maxCalls` calls
 * the run is flooding: nothing more is recorded, the call answers 503 and `flooded` turns true.
 *
 * A run that had to be made again from what it recorded (a hosted run's object woke up afresh) replays its
 * exchanges through a new script (`replay`), which leaves the script where the run left it.
 */
import {operationMatcher, type OpenApiDocument} from '@portal/specs';
import {errorBody, errorTemplate, MAX_BODY_BYTES, SandboxError} from '@portal/sandbox';
import {MAX_CALLS_PER_RUN, type CheckScenario, type Exchange, type Header} from '../model';
import {callClassifier, scenarioScript, type ScriptedAnswer} from '../scenarios/script';
import {readAtMost} from '../readAtMost';

export {MAX_CALLS_PER_RUN};

/** Headers of one hop, not of the call: neither recorded nor passed on. */
export const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
]);

export interface RecorderOptions {
  bundles: Map<string, OpenApiDocument>;
  scenario: CheckScenario;
  /** The sandbox: a Fetch-API handler. */
  upstream: (request: Request) => Response | Promise<Response>;
  /** The portal's origin, for the error bodies' help links (as the sandbox's `siteUrl`). */
  siteUrl?: string;
  /** The calls the run may record (MAX_CALLS_PER_RUN). */
  maxCalls?: number;
  /** What the run recorded before, to replay into the script (a hosted run woken afresh). */
  replay?: Recorded[];
}

/** One call as it arrived: the path and query, its headers (names in lower case, hop headers left out) and body. */
export interface IncomingCall {
  method: string;
  /** The path and query from `/apiservices/` on. */
  url: string;
  headers: Header[];
  /** Up to MAX_BODY_BYTES + 1 bytes (enough for the sandbox to answer 413). */
  body: Uint8Array;
  /** When it arrived and when its answer was sent, ms since the run started (the caller's clock). */
  startedMs: number;
}

/** A call recorded: answered through the script, or refused before it (`refuse`). */
export interface Recorded {
  exchange: Exchange;
  refused?: boolean;
}

export interface RecordedAnswer {
  status: number;
  headers: Header[];
  body: string;
  /** What was recorded (undefined: past the run's calls, nothing recorded). */
  exchange?: Exchange;
}

export interface Recorder {
  /** Answers one call and records it; `endedMs` is asked once the answer is ready. */
  answer(call: IncomingCall, endedMs: () => number): Promise<RecordedAnswer>;
  /**
   * Records a call the carrier refused itself, never shown to the script or the sandbox (a hosted run refuses
   * a key that is not a sandbox key, and records the call with the key taken out).
   */
  refuse(call: IncomingCall, answer: {status: number; headers: Header[]; body: string}, endedMs: number): Exchange;
  /** Every call recorded, in the order they arrived. */
  readonly exchanges: Exchange[];
  /** True once the run made more calls than it may. */
  readonly flooded: boolean;
}

const text = (bytes: Uint8Array): string | undefined =>
  bytes.length ? new TextDecoder('utf-8', {fatal: false, ignoreBOM: false}).decode(bytes) : undefined;

export function createRecorder(options: RecorderOptions): Recorder {
  const classify = callClassifier(options.bundles);
  const matcher = operationMatcher(options.bundles);
  const script = scenarioScript(options.scenario);
  const exchanges: Exchange[] = [];
  const maxCalls = options.maxCalls ?? MAX_CALLS_PER_RUN;
  let flooded = false;

  for (const {exchange, refused} of options.replay ?? []) {
    exchanges.push(exchange);
    if (refused) continue;
    const call = classify(exchange.request.method, exchange.request.url.split('?')[0]);
    const plan = script.before(call);
    script.after(call, exchange.response.status, 'answer' in plan ? '' : (exchange.response.body ?? ''));
  }

  const exchangeOf = (
    call: IncomingCall,
    answer: {status: number; headers: Header[]; body: string},
    endedMs: number,
  ): Exchange => ({
    index: exchanges.length,
    startedMs: Math.round(call.startedMs),
    endedMs: Math.round(endedMs),
    request: {
      method: call.method,
      url: call.url,
      headers: call.headers,
      ...(call.body.length ? {body: text(call.body)} : {}),
    },
    response: {status: answer.status, headers: answer.headers, ...(answer.body ? {body: answer.body} : {})},
  });

  const scripted = (method: string, path: string, answer: ScriptedAnswer) => {
    const found = matcher.match(method, path);
    const error = new SandboxError(answer.status, answer.message, [], answer.retryAfterSeconds);
    const body = JSON.stringify(
      errorBody(errorTemplate(found?.doc, found?.operation, answer.status), error, options.siteUrl),
    );
    const headers: Header[] = [['content-type', 'application/json']];
    if (answer.retryAfterSeconds !== undefined) headers.push(['retry-after', String(answer.retryAfterSeconds)]);
    return {status: answer.status, headers, body};
  };

  async function forward(call: IncomingCall, headers?: Record<string, string>) {
    const sent = new Headers(call.headers);
    for (const [name, value] of Object.entries(headers ?? {})) sent.set(name, value);
    const hasBody = call.body.length > 0 && call.method !== 'GET' && call.method !== 'HEAD';
    let upstream: Response;
    try {
      upstream = await options.upstream(
        new Request(`http://sandbox.check${call.url}`, {
          method: call.method,
          headers: sent,
          body: hasBody ? new Uint8Array(call.body) : undefined,
        }),
      );
    } catch (error) {
      upstream = new Response(JSON.stringify({code: 2, message: `The sandbox failed: ${String(error)}`, details: []}), {
        status: 500,
        headers: {'content-type': 'application/json'},
      });
    }
    const answered: Header[] = [];
    upstream.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && name !== 'content-encoding') answered.push([name, value]);
    });
    return {status: upstream.status, headers: answered, body: text(new Uint8Array(await upstream.arrayBuffer())) ?? ''};
  }

  return {
    exchanges,
    get flooded() {
      return flooded;
    },
    refuse(call, answer, endedMs) {
      const exchange = exchangeOf(call, answer, endedMs);
      exchanges.push(exchange);
      return exchange;
    },
    async answer(call, endedMs) {
      if (exchanges.length >= maxCalls) {
        flooded = true;
        return {
          status: 503,
          headers: [['content-type', 'text/plain']],
          body: `The integration check stopped this run: more than ${maxCalls} calls.\n`,
        };
      }
      const path = call.url.split('?')[0];
      const kind = classify(call.method, path);
      const plan = script.before(kind);
      let answer: {status: number; headers: Header[]; body: string};
      let fault = 'answer' in plan ? plan.answer.fault : plan.fault;
      if ('answer' in plan) {
        answer = scripted(call.method, path, plan.answer);
        script.after(kind, answer.status, answer.body);
      } else {
        const upstream = await forward(call, plan.headers);
        const rewritten = script.after(kind, upstream.status, upstream.body);
        fault ??= rewritten.fault;
        answer = {...upstream, body: rewritten.body};
      }
      const exchange: Exchange = {...exchangeOf(call, answer, endedMs()), ...(fault ? {fault} : {})};
      exchanges.push(exchange);
      return {...answer, exchange};
    },
  };
}

/**
 * A Fetch-API request's body as a call carries it: at most MAX_BODY_BYTES + 1 bytes (enough for the sandbox to
 * answer 413, as the local proxy reads its calls); the rest is not read, so a huge body costs nothing.
 */
export const readCallBody = (request: Request): Promise<Uint8Array> => readAtMost(request.body, MAX_BODY_BYTES);
