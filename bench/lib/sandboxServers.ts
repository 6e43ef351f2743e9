/**
 * The servers of `bench:sandbox` (bench/sandbox.ts) and how each is started and loaded: the request of an
 * operation (`target`, the spec's first request example as its body), the sandbox, Prism and the two Node
 * ceilings spawned on free ports of 127.0.0.1 (`start`, timed from spawn to the first 200), the sandbox's
 * Worker and the workerd ceiling in workerd (`startInWorkerd`, timed from the call to the first 200, with
 * the pid of their `workerd`), and autocannon's load on one of them (`load`).
 */
import path from 'node:path';
import autocannon from 'autocannon';
import {firstExample, operations, requestMedia} from '@portal/specs';
import {bundlePath, loadBundle} from '@portal/specs/node';
import {freePort, LOOPBACK, spawnServer, stop} from './servers';
import {closedWorkerd, withWorkerdPid} from './workerd';

const root = path.resolve(__dirname, '..', '..');
const KEY = 'sandbox_bench';
export const CONNECTIONS = 10;
/** A server that has not answered this long after spawn fails the benchmark. */
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * The sandbox, Prism, the two Node ceilings of `lib/ceilingServer.ts`, the sandbox's Worker in workerd and
 * the workerd ceiling of `lib/workerd.ts`.
 */
export type Server =
  | 'sandbox'
  | 'prism'
  | 'node-http'
  | 'hono'
  | 'workerd-sandbox'
  | 'workerd'
  | 'sandbox-before'
  | 'workerd-sandbox-before'
  | 'node-http-before'
  | 'workerd-before';
/**
 * `sandbox-before`: the sandbox of another checkout (./sandboxBefore.ts), run from that checkout;
 * `node-http-before`: the node:http ceiling answering its bytes when they are not ours.
 */
export type Spawnable = 'sandbox' | 'prism' | 'node-http' | 'hono' | 'sandbox-before' | 'node-http-before';
export const ceilings = ['node-http', 'hono'] as const;
/** The token secret of the workerd sandbox. */
export const WORKER_SECRET = 'bench';

export interface Target {
  label: string;
  slug: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request of an operation, with the spec's first request example as its body. */
export function target(label: string, slug: string, operationId: string): Target {
  const doc = loadBundle(slug);
  const operation = operations(slug, doc).find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`${slug} has no operation ${operationId}`);
  if (operation.path.includes('{')) throw new Error(`${operationId}: path parameters are not supported here`);
  const media = requestMedia(doc, operation);
  const example = media && firstExample(doc, media);
  if (media && example === undefined) throw new Error(`${operationId} has no request example`);
  return {
    label,
    slug,
    method: operation.method,
    path: operation.path,
    headers: {'x-api-key': KEY, ...(media ? {'content-type': 'application/json'} : {})},
    body: media ? JSON.stringify(example) : undefined,
  };
}

export interface Running {
  server: Server;
  url: string;
  startupMs: number;
  /** The process whose RSS is the server's memory. */
  pid?: number;
  pidNote?: string;
  stop: () => Promise<void>;
  rounds: autocannon.Result[];
}

export function prismEntry(): string | undefined {
  try {
    return require.resolve('@stoplight/prism-cli/dist/index.js');
  } catch {
    return undefined;
  }
}

function command(server: Spawnable, slug: string, port: number, from: string, bodyFile: string): string[] {
  const address = ['--host', LOOPBACK, '--port', String(port)];
  // node itself (not the tsx CLI, which runs a second process), so the pid is the server's.
  if (server === 'sandbox' || server === 'sandbox-before')
    return ['--import', 'tsx', path.join(from, 'sandbox', 'src', 'node.ts'), ...address];
  if (server === 'node-http' || server === 'hono' || server === 'node-http-before') {
    const script = path.join(root, 'bench', 'lib', 'ceilingServer.ts');
    return ['--import', 'tsx', script, server === 'hono' ? 'hono' : 'node-http', ...address, '--body', bodyFile];
  }
  // Logging at warn, not Prism's default info: less work per request, in Prism's favour.
  return [prismEntry()!, 'mock', ...address, '--verboseLevel', 'warn', bundlePath(slug)];
}

/** The body of a 200 answer, or undefined when the server does not answer 200 (yet). */
export async function answer200(url: string, request: Target): Promise<Uint8Array | undefined> {
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(1000),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return response.status === 200 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a server; the ceilings answer the bytes of `bodyFile` (the sandbox's answer); `sandbox-before` runs
 * from the checkout `from` (its own tsx and dependencies).
 */
export async function start(server: Spawnable, request: Target, bodyFile = '', from = root): Promise<Running> {
  const port = await freePort();
  const url = `http://${LOOPBACK}:${port}${request.path}`;
  const spawned = await spawnServer(
    process.execPath,
    command(server, request.slug, port, from, bodyFile),
    async () => (await answer200(url, request)) !== undefined,
    {
      cwd: from,
      timeoutMs: STARTUP_TIMEOUT_MS,
    },
  );
  const {child} = spawned;
  return {server, url, startupMs: spawned.startupMs, pid: child.pid, stop: () => stop(child), rounds: []};
}

/** Polls `url` until it answers 200, at most STARTUP_TIMEOUT_MS after `started`. */
async function untilAnswered(url: string, request: Target, started: number): Promise<void> {
  while (performance.now() - started < STARTUP_TIMEOUT_MS) {
    if ((await answer200(url, request)) !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${STARTUP_TIMEOUT_MS} ms`);
}

/**
 * Starts a workerd server (`open` gives its origin and how to close it), timed from the call to the first
 * 200 answer, with the pid of the `workerd` child it started.
 */
export async function startInWorkerd(
  server: 'workerd-sandbox' | 'workerd' | 'workerd-sandbox-before' | 'workerd-before',
  request: Target,
  open: () => Promise<{url: string; close: () => Promise<void>}>,
): Promise<Running> {
  const started = performance.now();
  const {started: worker, pid, why} = await withWorkerdPid(open);
  const url = `${worker.url}${request.path}`;
  const close = async () => {
    await worker.close();
    closedWorkerd(pid);
  };
  try {
    await untilAnswered(url, request, started);
  } catch (error) {
    await close();
    throw error;
  }
  return {server, url, startupMs: performance.now() - started, pid, pidNote: why, stop: close, rounds: []};
}

export const load = (running: Running, request: Target, duration: number) =>
  autocannon({
    url: running.url,
    method: request.method as autocannon.Request['method'],
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
  });
