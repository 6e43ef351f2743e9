/**
 * Runs the partner's program once: in its own process group (so everything it starts can be stopped
 * with it), with a time limit, its stderr's last lines kept for the report. `stop()` ends it early (the
 * proxy saw it flood). Whatever happens, nothing it started is left running when `done` settles.
 */
import {spawn} from 'node:child_process';
import type {ProgramEnd} from '../model';

/** How long a program stopped with SIGTERM has before SIGKILL. */
const GRACE_MS = 2000;
const TAIL_CHARS = 4000;

/** The program could not be started at all (not found, not executable). */
export class CannotStart extends Error {}

export interface ProgramOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeLimitMs: number;
}

export interface RunningProgram {
  /** How it ended; rejects with CannotStart when it never started. */
  done: Promise<ProgramEnd>;
  /** Stops it now (its whole process group), marked flooded. */
  stop(): void;
}

const killGroup = (pid: number | undefined, signal: NodeJS.Signals): void => {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already
  }
};

/** Every group still running, so an interrupted check stops them all (check.ts). */
export const runningGroups = new Set<number>();

export function runProgram(options: ProgramOptions): RunningProgram {
  const started = performance.now();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-TAIL_CHARS);
  });
  // Read and dropped: a program that writes a lot must not block on a full pipe
  child.stdout.resume();

  let timedOut = false;
  let flooded = false;
  let killTimer: NodeJS.Timeout | undefined;
  const end = (signal: NodeJS.Signals) => {
    killGroup(child.pid, signal);
    killTimer ??= setTimeout(() => killGroup(child.pid, 'SIGKILL'), GRACE_MS);
  };
  const limit = setTimeout(() => {
    timedOut = true;
    end('SIGTERM');
  }, options.timeLimitMs);
  if (child.pid !== undefined) runningGroups.add(child.pid);

  const done = new Promise<ProgramEnd>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(limit);
      if (child.pid === undefined) {
        reject(new CannotStart(`cannot start "${options.command}": ${error.code ?? error.message}`));
      }
    });
    // 'exit', not 'close': a child it left behind may hold the pipes open
    child.once('exit', (exitCode, signal) => {
      clearTimeout(limit);
      clearTimeout(killTimer);
      killGroup(child.pid, 'SIGKILL');
      if (child.pid !== undefined) runningGroups.delete(child.pid);
      child.stderr.destroy();
      child.stdout.destroy();
      resolve({
        exitCode,
        signal,
        timedOut,
        flooded,
        durationMs: Math.round(performance.now() - started),
        stderrTail: stderr.split('\n').slice(-20).join('\n').trim(),
      });
    });
  });
  return {
    done,
    stop() {
      flooded = true;
      end('SIGTERM');
    },
  };
}
