/**
 * The workerd side of `bench/sandbox.ts`: the ceiling of any Worker on this machine (a module Worker that
 * answers every request with 200 and fixed JSON bytes, after reading the request's body, run in workerd by
 * Miniflare as `deploy/src/local.ts` runs the sandbox), and the process id of the `workerd` a
 * Miniflare started (Miniflare spawns the `workerd` binary as a child of this process; its RSS is the
 * Worker's memory, Miniflare's own part staying in this process).
 */
import {readdirSync, readFileSync} from 'node:fs';
import {Miniflare} from 'miniflare';
import {LOOPBACK} from './servers';

/** workerd processes found by `withWorkerdPid` and not yet closed: killed if this process exits first. */
const live = new Set<number>();
process.on('exit', () => {
  for (const pid of live) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Forget a workerd that was closed (its pid may be reused). */
export const closedWorkerd = (pid: number | undefined) => pid !== undefined && live.delete(pid);

/** The ids of this process's children named `workerd` (Linux `/proc`; empty elsewhere). */
export function workerdChildren(): Set<number> {
  const found = new Set<number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so split after its last `)`
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm === 'workerd') found.add(Number(entry));
    } catch {
      // the process exited meanwhile
    }
  }
  return found;
}

/**
 * Runs `start` and returns what it returns with the pid of the one `workerd` child that appeared meanwhile
 * (undefined, with the reason, when there is not exactly one: not Linux, or another one started meanwhile).
 */
export async function withWorkerdPid<T>(start: () => Promise<T>): Promise<{started: T; pid?: number; why?: string}> {
  const before = workerdChildren();
  const started = await start();
  const appeared = [...workerdChildren()].filter((pid) => !before.has(pid));
  if (appeared.length === 1) {
    live.add(appeared[0]);
    return {started, pid: appeared[0]};
  }
  return {
    started,
    why:
      appeared.length === 0
        ? 'no new workerd child of this process found in /proc'
        : `${appeared.length} new workerd children, cannot tell which`,
  };
}

/** The module Worker of the ceiling: `body` (base64, decoded once at load) with content-type JSON. */
export function ceilingWorkerScript(body: Uint8Array): string {
  const base64 = Buffer.from(body).toString('base64');
  return `const body = Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0));
export default {
  async fetch(request) {
    if (request.method !== 'GET' && request.method !== 'HEAD') await request.arrayBuffer();
    return new Response(body, {status: 200, headers: {'content-type': 'application/json'}});
  },
};
`;
}

/**
 * Starts the workerd ceiling on 127.0.0.1 (a free port) with no outbound access and no `cf` fetch, at the
 * sandbox Worker's compatibility date (wrangler.jsonc's, given by the caller).
 */
export async function startWorkerdCeiling(
  body: Uint8Array,
  compatibilityDate: string,
): Promise<{url: string; close: () => Promise<void>}> {
  const instance = new Miniflare({
    name: 'bench-ceiling',
    modules: true,
    script: ceilingWorkerScript(body),
    compatibilityDate,
    host: LOOPBACK,
    port: 0,
    cf: false,
    outboundService: () => new Response('no outbound requests', {status: 502}),
  });
  try {
    const url = await instance.ready;
    return {url: url.origin, close: () => instance.dispose()};
  } catch (error) {
    await instance.dispose().catch(() => undefined);
    throw error;
  }
}
