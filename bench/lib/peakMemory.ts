/**
 * `runMeasured(command, args, options)`: runs a command as a child process (its output shown) and
 * measures its wall time and its peak memory: the largest sum of the resident memory (VmRSS) of the
 * child and all its descendants, sampled from /proc every 200 ms (Linux). A build spawns processes
 * (npm, its scripts, Docusaurus and its workers), and GNU time's "Maximum resident set size" is that of
 * the largest single process only, so the whole tree is read instead. What the figure is: pages shared
 * between processes (the Node binary, libraries) count once per process, so the sum is somewhat higher
 * than the memory the tree takes; a peak shorter than 200 ms can be missed. Without /proc the peak is
 * undefined.
 */
import {spawn, type SpawnOptions} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {performance} from 'node:perf_hooks';

/** A file of /proc, or '' when the process has gone. */
const proc = (file: string): string => {
  try {
    return readFileSync(`/proc/${file}`, 'utf8');
  } catch {
    return '';
  }
};

/** Every process's children, from the parent pid of /proc/<pid>/stat (the field after the state). */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = proc(`${entry}/stat`);
    // The command name, in parentheses, may hold spaces: the fields start after its last ')'.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  return children;
}

/** The summed VmRSS, in KiB, of a process and its descendants. */
export function treeRssKiB(root: number): number {
  const children = childrenByParent();
  let sum = 0;
  for (const queue = [root]; queue.length;) {
    const pid = queue.pop()!;
    sum += Number(/^VmRSS:\s+(\d+) kB/m.exec(proc(`${pid}/status`))?.[1] ?? 0);
    queue.push(...(children.get(pid) ?? []));
  }
  return sum;
}

export interface Measured {
  seconds: number;
  /** The peak of the process tree's summed RSS, in MiB (see the top of this file); undefined without /proc. */
  peakRssMiB?: number;
}

/** Runs `command args` to its end (a non-zero exit throws) and measures it (see the top of this file). */
export async function runMeasured(command: string, args: string[], options: SpawnOptions = {}): Promise<Measured> {
  const sampling = existsSync('/proc/self/status');
  const start = performance.now();
  const child = spawn(command, args, {stdio: 'inherit', ...options});
  let peakKiB = 0;
  const sample = (): void => {
    if (child.pid) peakKiB = Math.max(peakKiB, treeRssKiB(child.pid));
  };
  const timer = sampling ? setInterval(sample, 200) : undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
      );
    });
  } finally {
    clearInterval(timer);
  }
  return {seconds: (performance.now() - start) / 1000, peakRssMiB: sampling ? peakKiB / 1024 : undefined};
}
