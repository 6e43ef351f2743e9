/**
 * What the reporters (junit.ts, ctrf.ts, markdown.ts, html.tsx) read the same way from a check's report: a run's
 * name, the rows of the rule × run matrix, the test cases of a run (JUnit's and CTRF's), the counts, the calls a
 * failure names, and short forms of paths and result statuses. Browser-safe.
 */
import type {CheckReport, Exchange, Recording, Rule, RuleVerdict, RunReport, SessionTrace} from '../model';

/** A run's name: its scenario, the label of a HAR's group, or `har`. */
export const runName = (recording: Recording): string => recording.scenario ?? recording.label ?? 'har';

/** One row of the matrix: a rule of the list, or a rule id a verdict names that the list lacks. */
export interface RuleRow {
  id: string;
  rule?: Rule;
}

/** The rules in their order, then any rule a verdict names that is not in the list. */
export function ruleRows(report: CheckReport, rules: Rule[]): RuleRow[] {
  const rows: RuleRow[] = rules.map((rule) => ({id: rule.id, rule}));
  const known = new Set(rules.map((rule) => rule.id));
  for (const run of report.runs) {
    for (const verdict of run.verdicts) {
      if (!known.has(verdict.rule)) {
        known.add(verdict.rule);
        rows.push({id: verdict.rule});
      }
    }
  }
  return rows;
}

export const verdictOf = (run: RunReport, rule: string): RuleVerdict | undefined =>
  run.verdicts.find((verdict) => verdict.rule === rule);

/** Whether a rule can be judged in a run: it names no scenarios, or the run's among them. */
export const applies = (rule: Rule | undefined, recording: Recording): boolean =>
  !rule?.scenarios || (recording.scenario !== null && rule.scenarios.includes(recording.scenario));

export interface Counts {
  pass: number;
  fail: number;
  notExercised: number;
}

export function counts(report: CheckReport): Counts {
  const all = report.runs.flatMap((run) => run.verdicts);
  return {
    pass: all.filter((verdict) => verdict.outcome === 'pass').length,
    fail: all.filter((verdict) => verdict.outcome === 'fail').length,
    notExercised: all.filter((verdict) => verdict.outcome === 'not-exercised').length,
  };
}

/** "1 failed, 3 passed, 1 not exercised in 2 runs" */
export function countsSentence(report: CheckReport): string {
  const {pass, fail, notExercised} = counts(report);
  const runs = report.runs.length;
  return `${fail} failed, ${pass} passed, ${notExercised} not exercised in ${runs} run${runs === 1 ? '' : 's'}`;
}

/** The exchanges a verdict names, in its order (an index the recording lacks is left out). */
export const callsOf = (run: RunReport, indices: number[]): Exchange[] =>
  indices.flatMap((index) => run.recording.exchanges.filter((exchange) => exchange.index === index));

/** For each call that breaks a rule in the run: the rules. */
export function violationsOf(run: RunReport): Map<number, string[]> {
  const violations = new Map<number, string[]>();
  for (const verdict of run.verdicts) {
    if (verdict.outcome !== 'fail') continue;
    for (const index of verdict.calls) violations.set(index, [...(violations.get(index) ?? []), verdict.rule]);
  }
  return violations;
}

/** Each call of a session: its session and what it was. */
export function sessionCalls(
  run: RunReport,
): Map<number, {session: SessionTrace; call: SessionTrace['calls'][number]}> {
  const calls = new Map<number, {session: SessionTrace; call: SessionTrace['calls'][number]}>();
  for (const session of run.sessions) for (const call of session.calls) calls.set(call.index, {session, call});
  return calls;
}

/** Seconds with two decimals: `1.25`. */
export const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/** `RESULT_STATUS_COMPLETE` → `COMPLETE`, `RESULT_ACTION_REPLACED` → `REPLACED`. */
export const shortStatus = (status: string | undefined): string =>
  status === undefined ? '' : status.replace(/^RESULT_(STATUS|ACTION)_/, '');

/**
 * A path short enough for a table: long segments (session tokens) keep their first 8 and last 4
 * characters, a query is cut to 40 characters.
 */
export function shortPath(url: string): string {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  const query = question < 0 ? '' : url.slice(question);
  const short = path
    .split('/')
    .map((segment) => (segment.length > 24 ? `${segment.slice(0, 8)}…${segment.slice(-4)}` : segment))
    .join('/');
  return short + (query.length > 40 ? `${query.slice(0, 39)}…` : query);
}

/** The guide's link: absolute on `siteUrl` when given, the site path otherwise. */
export const guideHref = (rule: Rule, siteUrl = ''): string => `${siteUrl.replace(/\/+$/, '')}${rule.guide.path}`;

/** Text without terminal colour codes and without the control characters XML 1.0 and HTML refuse. */
export const clean = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/\x1b\[[\d;?]*[A-Za-z]/g, '')
    .replace(/[^\t\n\r\x20-\x7e\x85\xa0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

/** How the program of a run ended, in one sentence; undefined for a HAR. */
export function programEnd(recording: Recording): string | undefined {
  const program = recording.program;
  if (!program) return undefined;
  const after = `after ${seconds(program.durationMs)} s`;
  if (program.timedOut) {
    const limit = recording.timeLimitMs === undefined ? '' : ` (${seconds(recording.timeLimitMs)} s)`;
    return `The check stopped the program at the run's time limit${limit}.`;
  }
  if (program.flooded) return `The check stopped the program ${after}: it made more calls than a run may record.`;
  if (program.exitCode === null) return `The program ended by ${program.signal ?? 'a signal'} ${after}.`;
  return `The program exited with code ${program.exitCode} ${after}.`;
}

/** One rule judged in one run, as a test: passed, failed (with what broke it and the calls) or skipped. */
export interface RuleCase {
  /** The rule's id. */
  name: string;
  outcome: 'pass' | 'fail' | 'skipped';
  /** A failure's detail, or why the rule was skipped. */
  message?: string;
  /** A failure's detail, the rule, its tolerance, its guide (on `siteUrl`) and each call that broke it. */
  text?: string;
}

/**
 * The test cases of a run: one per rule the run's scenario can exercise. A rule it could exercise but has no
 * verdict on, or did not exercise, is skipped; a rule its scenario cannot exercise is no test of it.
 */
export function ruleCases(run: RunReport, rows: RuleRow[], siteUrl: string): RuleCase[] {
  const cases: RuleCase[] = [];
  for (const {id, rule} of rows) {
    const verdict = verdictOf(run, id);
    if (!verdict) {
      if (rule && applies(rule, run.recording)) {
        cases.push({name: id, outcome: 'skipped', message: 'The check gave no verdict on this rule in this run.'});
      }
      continue;
    }
    if (verdict.outcome === 'pass') cases.push({name: id, outcome: 'pass'});
    else if (verdict.outcome === 'not-exercised') cases.push({name: id, outcome: 'skipped', message: verdict.detail});
    else {
      const lines = [verdict.detail, ''];
      if (rule) {
        lines.push(`Rule: ${rule.sentence}`, `Tolerance: ${rule.tolerance}`);
        lines.push(`Guide: ${rule.guide.title}, ${guideHref(rule, siteUrl)}`, '');
      }
      const calls = callsOf(run, verdict.calls);
      lines.push(calls.length ? 'Calls:' : 'No call is named.');
      for (const call of calls) {
        const fault = call.fault ? ` (injected: ${call.fault.description})` : '';
        lines.push(
          `#${call.index} at ${seconds(call.startedMs)} s: ${call.request.method} ${call.request.url} -> ${call.response.status}${fault}`,
        );
      }
      cases.push({name: id, outcome: 'fail', message: verdict.detail, text: lines.join('\n')});
    }
  }
  return cases;
}
