/**
 * A check as JUnit XML, the report CI systems show: one testsuite per run (its scenario, or a HAR's
 * label, or `har`), one testcase per rule judged in it (`classname` `integration-check.<run>`), a
 * `<failure>` listing the calls that broke the rule, a `<skipped>` when the run did not exercise it, and a
 * failing testcase `check` for the problems of the check itself. Browser-safe.
 */
import type {CheckReport, Rule, RunReport} from '../model';
import {
  applies,
  callsOf,
  clean,
  guideHref,
  programEnd,
  ruleRows,
  runName,
  seconds,
  verdictOf,
  type RuleRow,
} from './shared';

/** Text for XML 1.0: markup escaped, characters XML refuses removed; in attributes, line ends kept as references. */
export function escapeXml(text: string, attribute = false): string {
  const escaped = clean(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return attribute ? escaped.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;') : escaped;
}

const attr = (text: string | number): string => `"${escapeXml(String(text), true)}"`;

interface Testcase {
  name: string;
  outcome: 'pass' | 'fail' | 'skipped';
  message?: string;
  text?: string;
}

function testcases(run: RunReport, rows: RuleRow[], siteUrl: string): Testcase[] {
  const cases: Testcase[] = [];
  for (const {id, rule} of rows) {
    const verdict = verdictOf(run, id);
    if (!verdict) {
      // A rule the run's scenario cannot exercise is no test of it; one it could, but has no verdict, is skipped.
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

function testcaseXml(testcase: Testcase, classname: string): string {
  const open = `    <testcase name=${attr(testcase.name)} classname=${attr(classname)} time="0"`;
  if (testcase.outcome === 'pass') return `${open}/>`;
  if (testcase.outcome === 'skipped')
    return `${open}>\n      <skipped message=${attr(testcase.message ?? '')}/>\n    </testcase>`;
  return [
    `${open}>`,
    `      <failure message=${attr(testcase.message ?? '')} type="rule">${escapeXml(testcase.text ?? '')}</failure>`,
    '    </testcase>',
  ].join('\n');
}

function suiteXml(name: string, cases: Testcase[], classname: string, time: number, systemErr = ''): string {
  const failures = cases.filter((testcase) => testcase.outcome === 'fail').length;
  const skipped = cases.filter((testcase) => testcase.outcome === 'skipped').length;
  return [
    `  <testsuite name=${attr(name)} tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${(time / 1000).toFixed(3)}">`,
    ...cases.map((testcase) => testcaseXml(testcase, classname)),
    ...(systemErr ? [`    <system-err>${escapeXml(systemErr)}</system-err>`] : []),
    '  </testsuite>',
  ].join('\n');
}

/** The check as a JUnit XML document. `siteUrl` makes the guides' links in failures absolute. */
export function junitXml(report: CheckReport, rules: Rule[], options: {siteUrl?: string} = {}): string {
  const rows = ruleRows(report, rules);
  const suites: {xml: string; cases: Testcase[]}[] = report.runs.map((run) => {
    const name = runName(run.recording);
    const cases = testcases(run, rows, options.siteUrl ?? '');
    const program = run.recording.program;
    const systemErr = program
      ? [programEnd(run.recording), program.stderrTail ? `stderr (last lines):\n${program.stderrTail}` : '']
          .filter(Boolean)
          .join('\n')
      : '';
    return {xml: suiteXml(name, cases, `integration-check.${name}`, program?.durationMs ?? 0, systemErr), cases};
  });
  if (report.problems.length) {
    const cases: Testcase[] = [
      {name: 'check', outcome: 'fail', message: report.problems.join(' '), text: report.problems.join('\n')},
    ];
    suites.push({xml: suiteXml('check', cases, 'integration-check', 0), cases});
  }
  const all = suites.flatMap((suite) => suite.cases);
  const failures = all.filter((testcase) => testcase.outcome === 'fail').length;
  const skipped = all.filter((testcase) => testcase.outcome === 'skipped').length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="integration check" tests="${all.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
    ...suites.map((suite) => suite.xml),
    '</testsuites>',
    '',
  ].join('\n');
}
