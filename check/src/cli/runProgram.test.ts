import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CannotStart, runProgram} from './runProgram';

const dir = mkdtempSync(path.join(tmpdir(), 'check-run-'));
/** Whether a process runs: a zombie (ended, not yet reaped by whatever adopted it) does not. */
const alive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('running the partner program', () => {
  it('runs it in the directory and environment given, and reports how it exited', async () => {
    const end = await runProgram({
      command: 'bash',
      args: ['-c', 'echo "$API_KEY" > seen.txt; echo oops >&2; exit 3'],
      cwd: dir,
      env: {...process.env, API_KEY: 'sandbox_x'},
      timeLimitMs: 30_000,
    }).done;
    expect(end).toMatchObject({exitCode: 3, timedOut: false, flooded: false, stderrTail: 'oops'});
    expect(readFileSync(path.join(dir, 'seen.txt'), 'utf8')).toBe('sandbox_x\n');
  });

  it('refuses a program that does not exist with CannotStart', async () => {
    await expect(
      runProgram({command: './no-such-program', args: [], cwd: dir, env: process.env, timeLimitMs: 1000}).done,
    ).rejects.toThrow(CannotStart);
  });

  it('stops a program that hangs at the time limit, with everything it started', async () => {
    const pidFile = path.join(dir, 'child.pid');
    writeFileSync(pidFile, '');
    const end = await runProgram({
      command: 'bash',
      // A child that ignores SIGTERM, then a wait: only SIGKILL of the group ends it
      args: ['-c', `bash -c 'trap "" TERM; sleep 300' & echo $! > ${pidFile}; wait`],
      cwd: dir,
      env: process.env,
      timeLimitMs: 300,
    }).done;
    expect(end.timedOut).toBe(true);
    const child = Number(readFileSync(pidFile, 'utf8'));
    expect(child).toBeGreaterThan(0);
    await expect.poll(() => alive(child)).toBe(false);
  });

  it('leaves nothing behind when the program exits but its child goes on', async () => {
    const pidFile = path.join(dir, 'orphan.pid');
    const end = await runProgram({
      command: 'bash',
      args: ['-c', `sleep 300 & echo $! > ${pidFile}; exit 0`],
      cwd: dir,
      env: process.env,
      timeLimitMs: 30_000,
    }).done;
    expect(end).toMatchObject({exitCode: 0, timedOut: false});
    await expect.poll(() => alive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('stops a program on request, marked flooded', async () => {
    const program = runProgram({command: 'sleep', args: ['300'], cwd: dir, env: process.env, timeLimitMs: 30_000});
    program.stop();
    expect(await program.done).toMatchObject({flooded: true, timedOut: false, signal: 'SIGTERM'});
  });
});
