/**
 * The one files for partners as a partner runs them (deploy/src/http.test.ts, mcp/src/oneFile.test.ts):
 * `loneCopy` writes files alone into a new empty temporary folder (no node_modules, no repository
 * around it), `startListening` starts a server process and waits for its line `... listening on
 * http://<host>:<port>`, answering that URL; `close()` stops it (SIGTERM, then SIGKILL) and waits for it.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** A new empty folder holding only `files` (name → contents). */
export function loneCopy(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'one-file-'));
  for (const [name, contents] of Object.entries(files)) writeFileSync(path.join(dir, name), contents);
  return dir;
}

export interface ListeningProcess {
  /** The URL its "listening on" line named. */
  url: string;
  /** Its output so far (stdout and stderr). */
  output: () => string;
  close(): Promise<void>;
}

/** Starts `command args` in `cwd` and resolves once it prints that it listens (rejects if it ends first). */
export function startListening(
  command: string,
  args: string[],
  options: {cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number},
): Promise<ListeningProcess> {
  const child = spawn(command, args, {cwd: options.cwd, env: options.env ?? process.env, stdio: 'pipe'});
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(
        new Error(
          `${command} ${args.join(' ')} did not say it listens in ${options.timeoutMs ?? 30_000} ms:\n${output}`,
        ),
      );
    }, options.timeoutMs ?? 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /listening on (http:\/\/[^\s)]+)/i.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({url, output: () => output, close});
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} ended (${signal ?? code}) before it listened:\n${output}`));
    });
  });
}
