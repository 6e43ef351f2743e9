/**
 * What `check` prints once a check is judged (check.ts `summarise`): a line per run named by its scenario (or
 * the scenario its HAR names, else the HAR's file name), each rule it breaks, and for a program that made no
 * call what its stderr said, from the line that says what went wrong; said once when every run's program
 * made no call and said the same.
 */
import type {CheckReport} from '../model';

/** The most stderr lines shown for a run: the first error line and those after it. */
const EXCERPT_LINES = 5;

/** A line that says what went wrong: `Error: ...`, `TypeError: ...`, `ModuleNotFoundError: ...`, `error: ...`. */
const ERROR_LINE = /^\s*(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception)\b|^\s*(?:error|fatal|panic)\b/i;

/**
 * The part of a stderr tail that says what went wrong: from its first error line (Node's
 * `Error: Cannot find module ...` comes before its stack and version lines), at most five lines; the last
 * five lines when no line reads as an error.
 */
export function stderrExcerpt(tail: string): string[] {
  const lines = tail.replace(/\s+$/, '').split('\n');
  const first = lines.findIndex((line) => ERROR_LINE.test(line));
  const excerpt = first < 0 ? lines.slice(-EXCERPT_LINES) : lines.slice(first, first + EXCERPT_LINES);
  return excerpt.map((line) => line.replace(/\s+$/, ''));
}

const indented = (lines: string[]): string[] => lines.map((line) => `    ${line}`);

/** The lines `check` prints for a judged check. */
export function summaryLines(report: CheckReport): string[] {
  const out: string[] = [];
  const silent = report.runs.filter(
    (run) => run.recording.program && !run.recording.exchanges.length && run.recording.program.stderrTail.trim(),
  );
  const tails = new Set(silent.map((run) => run.recording.program!.stderrTail.trim()));
  // Every run's program made no call and said the same: said once, after the runs
  const once = report.runs.length > 1 && silent.length === report.runs.length && tails.size === 1;
  for (const run of report.runs) {
    const label = run.recording.scenario ?? run.recording.label ?? report.subject;
    const count = (outcome: string) => run.verdicts.filter((verdict) => verdict.outcome === outcome).length;
    out.push(`${label}: ${count('pass')} passed, ${count('fail')} failed, ${count('not-exercised')} not exercised`);
    for (const verdict of run.verdicts.filter((candidate) => candidate.outcome === 'fail'))
      out.push(`  ✗ ${verdict.rule}: ${verdict.detail}`);
    // A program that made no call usually could not run at all: what it said is the first thing to read
    if (!once && silent.includes(run))
      out.push('  it made no call; its stderr said:', ...indented(stderrExcerpt(run.recording.program!.stderrTail)));
  }
  if (once)
    out.push(
      `The program made no call in any of the ${report.runs.length} runs; each time its stderr said:`,
      ...indented(stderrExcerpt([...tails][0])),
    );
  for (const problem of report.problems) out.push(`✗ ${problem}`);
  return out;
}
