/**
 * A check as a CTRF report (Common Test Report Format, https://ctrf.io, `ctrf.json`), the JSON test report CI
 * services and their actions read: one test per rule judged in each run, named as the attestation names it
 * (`<scenario>/<rule-id>`, ../attest/statement.ts `resultLists`) with the run as its suite, `failed` with what
 * broke the rule and the calls, `skipped` when the run did not exercise it, and a failed test `check` for the
 * problems of the check itself: the same cases as junit.ts. Typed by the `ctrf` package, CTRF's reference
 * implementation; its validator reads the Node file system, so ./ctrf.test.ts validates what this writes, and
 * this stays browser-safe (the Worker writes it for a hosted run).
 */
import type {CTRFReport, Summary, Test, TestStatus} from 'ctrf';
import type {CheckReport, RunReport, Rule} from '../model';
import {clean, ruleCases, ruleRows, runName, type RuleCase} from './shared';

/** The CTRF specification version written (the `ctrf` package's `CURRENT_SPEC_VERSION`, which the test compares). */
export const CTRF_SPEC_VERSION = '0.0.0';
/** The tool, as the attestation names the check (../attest/statement.ts `CHECK_CONFIGURATION`). */
export const CTRF_TOOL = 'integration-check';

const STATUS: Record<RuleCase['outcome'], TestStatus> = {pass: 'passed', fail: 'failed', skipped: 'skipped'};

function test(suite: string, testcase: RuleCase): Test {
  return {
    name: `${suite}/${testcase.name}`,
    status: STATUS[testcase.outcome],
    // A rule is judged over the run's recording after it ended: it takes no time of its own
    duration: 0,
    suite: [suite],
    ...(testcase.message !== undefined ? {message: clean(testcase.message)} : {}),
    ...(testcase.text !== undefined ? {trace: clean(testcase.text)} : {}),
  };
}

/** When a run started and ended, ms since 1970: its start and its program's end, or its last call's. */
function spanOf(run: RunReport): [start: number, stop: number] | undefined {
  const start = Date.parse(run.recording.startedAt);
  if (!Number.isFinite(start)) return undefined;
  const lastCall = Math.max(0, ...run.recording.exchanges.map((exchange) => exchange.endedMs));
  return [start, start + Math.round(Math.max(run.recording.program?.durationMs ?? 0, lastCall))];
}

/** The check as a CTRF report. `siteUrl` makes the guides' links in failures absolute. */
export function ctrfReport(report: CheckReport, rules: Rule[], options: {siteUrl?: string} = {}): CTRFReport {
  const rows = ruleRows(report, rules);
  const tests = report.runs.flatMap((run) =>
    ruleCases(run, rows, options.siteUrl ?? '').map((testcase) => test(runName(run.recording), testcase)),
  );
  if (report.problems.length)
    tests.push({
      name: 'check',
      status: 'failed',
      duration: 0,
      suite: ['check'],
      message: clean(report.problems.join(' ')),
      trace: clean(report.problems.join('\n')),
    });
  const spans = report.runs.map(spanOf).filter((span) => span !== undefined);
  const count = (status: TestStatus) => tests.filter((item) => item.status === status).length;
  const summary: Summary = {
    tests: tests.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    pending: 0,
    other: 0,
    suites: new Set(tests.map((item) => item.suite?.[0])).size,
    start: spans.length ? Math.min(...spans.map(([start]) => start)) : 0,
    stop: spans.length ? Math.max(...spans.map(([, stop]) => stop)) : 0,
  };
  return {
    reportFormat: 'CTRF',
    specVersion: CTRF_SPEC_VERSION,
    results: {
      tool: {name: CTRF_TOOL},
      summary,
      tests,
      // The verdict, and what was checked: a check fails when it exercised no rule, with no failed test
      extra: {subject: clean(report.subject), passed: report.passed},
    },
  };
}

/** The report as the file `ctrf.json`. */
export const ctrfJson = (report: CheckReport, rules: Rule[], options: {siteUrl?: string} = {}): string =>
  `${JSON.stringify(ctrfReport(report, rules, options), null, 2)}\n`;
