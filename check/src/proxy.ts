/**
 * The recording, fault-injecting proxy of one run of the integration check: an HTTP server on a free
 * loopback port that the partner's program calls (its `API_BASE_URL`). Each call goes through the
 * run's scenario script (scenarios.ts): answered with a fault, or passed to the sandbox (`upstream`,
 * the app's fetch handler in the same process) and its answer passed back, possibly rewritten. Every
 * call and answer is recorded with its times (model.ts `Exchange`). Past `MAX_CALLS_PER_RUN` calls the
 * run is flooding: the proxy stops recording, answers 503 and tells the runner to stop the program.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {operationMatcher, type OpenApiDocument} from '@portal/specs';
import {errorBody, errorTemplate, MAX_BODY_BYTES, SandboxError} from '@portal/sandbox';
import type {CheckScenario, Exchange, Header} from './model';
import {callClassifier, scenarioScript, type ScriptedAnswer} from './scenarios';

/** The calls one run may make before the check stops it (the guides' loops make a few dozen at most). */
export const MAX_CALLS_PER_RUN = 1000;

export interface ProxyOptions {
  bundles: Map<string, OpenApiDocument>;
  scenario: CheckScenario;
  /** The sandbox: a Fetch-API handler. */
  upstream: (request: Request) => Response | Promise<Response>;
  /** The portal's origin, for the error bodies' help links (as the sandbox's `siteUrl`). */
  siteUrl?: string;
  /** A monotonic clock in ms (tests pass their own). */
  clock?: () => number;
  /** Called once when the run passes `maxCalls` calls. */
  onFlood?: () => void;
  /** The calls the run may make (MAX_CALLS_PER_RUN). */
  maxCalls?: number;
}

export interface RunningProxy {
  /** `http://127.0.0.1:<port>`: the program's API_BASE_URL. */
  url: string;
  /** ISO time the proxy started: the run's `startedAt`. */
  startedAt: string;
  /** The calls recorded so far, in the order they arrived. */
  exchanges: Exchange[];
  close(): Promise<void>;
}

// Headers of one hop, not of the call: neither recorded nor passed on
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade']);

/** The body, up to MAX_BODY_BYTES + 1 bytes (enough for the sandbox to answer 413); the rest is drained. */
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    request.on('end', () => resolve(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1)));
    request.on('error', reject);
  });
}

const headersOf = (raw: string[]): Header[] => {
  const headers: Header[] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) headers.push([raw[index].toLowerCase(), raw[index + 1]]);
  return headers;
};

const text = (bytes: Uint8Array): string | undefined =>
  bytes.length ? new TextDecoder('utf-8', {fatal: false}).decode(bytes) : undefined;

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const clock = options.clock ?? (() => performance.now());
  const classify = callClassifier(options.bundles);
  const matcher = operationMatcher(options.bundles);
  const script = scenarioScript(options.scenario);
  const exchanges: Exchange[] = [];
  const maxCalls = options.maxCalls ?? MAX_CALLS_PER_RUN;
  const started = clock();
  const startedAt = new Date().toISOString();
  let flooded = false;

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

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const startedMs = clock() - started;
    const method = (request.method ?? 'GET').toUpperCase();
    const url = request.url ?? '/';
    const bytes = await readBody(request);
    if (exchanges.length >= maxCalls) {
      if (!flooded) {
        flooded = true;
        options.onFlood?.();
      }
      response.writeHead(503, {'content-type': 'text/plain'});
      response.end(`The integration check stopped this run: more than ${maxCalls} calls.\n`);
      return;
    }
    const path = url.split('?')[0];
    const call = classify(method, path);
    const requestHeaders = headersOf(request.rawHeaders).filter(([name]) => !HOP_HEADERS.has(name));
    const plan = script.before(call);
    let answer: {status: number; headers: Header[]; body?: string};
    let fault = 'answer' in plan ? plan.answer.fault : plan.fault;
    if ('answer' in plan) {
      answer = scripted(method, path, plan.answer);
    } else {
      const sent = new Headers(requestHeaders);
      for (const [name, value] of Object.entries(plan.headers ?? {})) sent.set(name, value);
      const hasBody = bytes.length > 0 && method !== 'GET' && method !== 'HEAD';
      let upstream: Response;
      try {
        upstream = await options.upstream(
          new Request(`http://sandbox.check${url}`, {
            method,
            headers: sent,
            body: hasBody ? new Uint8Array(bytes) : undefined,
          }),
        );
      } catch (error) {
        upstream = new Response(
          JSON.stringify({code: 2, message: `The sandbox failed: ${String(error)}`, details: []}),
          {
            status: 500,
            headers: {'content-type': 'application/json'},
          },
        );
      }
      const body = text(new Uint8Array(await upstream.arrayBuffer())) ?? '';
      const rewritten = script.after(call, upstream.status, body);
      fault ??= rewritten.fault;
      const headers: Header[] = [];
      upstream.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name) && name !== 'content-encoding') headers.push([name, value]);
      });
      answer = {status: upstream.status, headers, body: rewritten.body || undefined};
    }
    if ('answer' in plan) script.after(call, answer.status, answer.body ?? '');
    const payload = Buffer.from(answer.body ?? '', 'utf8');
    response.writeHead(answer.status, [...answer.headers.flat(), 'content-length', String(payload.length)]);
    response.end(payload);
    exchanges.push({
      index: exchanges.length,
      startedMs: Math.round(startedMs),
      endedMs: Math.round(clock() - started),
      request: {method, url, headers: requestHeaders, ...(bytes.length ? {body: text(bytes)} : {})},
      response: {status: answer.status, headers: answer.headers, ...(answer.body ? {body: answer.body} : {})},
      ...(fault ? {fault} : {}),
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // Our own fault: the program still gets an answer, never a hung call
      if (!response.headersSent) response.writeHead(500, {'content-type': 'text/plain'});
      response.end(`The integration check's proxy failed: ${String(error)}\n`);
    });
  });
  // A program that sends bytes that are not HTTP gets 400 and a closed connection, as Node answers
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    startedAt,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
