/**
 * The recording, fault-injecting proxy of one run of the integration check on the partner's machine: an HTTP
 * server on a free loopback port that the partner's program calls (its `API_BASE_URL`), handing each call to
 * the run's recorder (recorder.ts, which a hosted run on the portal's edge uses too). Past the run's calls
 * (`MAX_CALLS_PER_RUN`) the run is flooding: the recorder answers 503 and the proxy tells the runner to stop
 * the program.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import type {OpenApiDocument} from '@portal/specs';
import {MAX_BODY_BYTES} from '@portal/sandbox';
import type {CheckScenario, Exchange, Header} from '../model';
import {createRecorder, HOP_HEADERS} from './recorder';

export {MAX_CALLS_PER_RUN} from './recorder';

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

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const clock = options.clock ?? (() => performance.now());
  const recorder = createRecorder(options);
  const started = clock();
  const startedAt = new Date().toISOString();
  let told = false;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const startedMs = clock() - started;
    const body = await readBody(request);
    const answer = await recorder.answer(
      {
        method: (request.method ?? 'GET').toUpperCase(),
        url: request.url ?? '/',
        headers: headersOf(request.rawHeaders).filter(([name]) => !HOP_HEADERS.has(name)),
        body,
        startedMs,
      },
      () => clock() - started,
    );
    if (recorder.flooded && !told) {
      told = true;
      options.onFlood?.();
    }
    const payload = Buffer.from(answer.body, 'utf8');
    response.writeHead(answer.status, [...answer.headers.flat(), 'content-length', String(payload.length)]);
    response.end(payload);
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
    exchanges: recorder.exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
