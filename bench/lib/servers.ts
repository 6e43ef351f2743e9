/**
 * Servers the benchmarks run as child processes on loopback: a free port of 127.0.0.1, spawning with
 * the time from spawn to the first successful answer, the resident memory of the process, and
 * stopping it (also when the benchmark fails or is interrupted).
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createServer} from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** A port of 127.0.0.1 that was free a moment ago (the system's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port on 127.0.0.1'))));
    });
  });
}

export interface Spawned {
  child: ChildProcess;
  /** Milliseconds from spawn to the first answer `ready` accepted. */
  startupMs: number;
  /** The last lines the process printed (for error messages). */
  output: () => string;
}

const running = new Set<ChildProcess>();

/** Kills a spawned server (SIGTERM, then SIGKILL after `graceMs`) and waits for it to exit. */
export function stop(child: ChildProcess, graceMs = 2000): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Kills every server still running: on exit and on Ctrl-C, so none outlives the benchmark. */
function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/**
 * Spawns `command args` and calls `ready` every `intervalMs` until it resolves true (the server
 * answered), at most until `timeoutMs` after spawn. The output is drained (and its last lines kept),
 * so a server that logs never blocks on a full pipe.
 */
export async function spawnServer(
  command: string,
  args: string[],
  ready: () => Promise<boolean>,
  {cwd, timeoutMs = 60_000, intervalMs = 10}: {cwd?: string; timeoutMs?: number; intervalMs?: number} = {},
): Promise<Spawned> {
  const started = performance.now();
  const child = spawn(command, args, {cwd, stdio: ['ignore', 'pipe', 'pipe']});
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 20));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => lines.join('\n');
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${output()}`);
      if (await ready()) return {child, startupMs: performance.now() - started, output};
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    throw new Error(`${command} ${args.join(' ')} did not answer within ${timeoutMs} ms:\n${output()}`);
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** Resident memory of a process in bytes (Linux `/proc/<pid>/status`, else `ps`). */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
    if (kib) return kib * 1024;
  } catch {
    // not Linux: ask ps below
  }
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) * 1024
  );
}
