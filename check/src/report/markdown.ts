/**
 * A check as Markdown (a CI job summary, a pull request comment): the verdict line first, the rule × run
 * matrix with each rule linked to its guide, each failure with its calls, then each run's sessions and how
 * the program ended. Text a program or a HAR wrote is escaped. Browser-safe.
 */
import type {CheckReport, Exchange, Rule, RunReport} from '../model';
import {
  callsOf,
  clean,
  countsSentence,
  guideHref,
  programEnd,
  ruleRows,
  runName,
  seconds,
  sessionCalls,
  shortPath,
  shortStatus,
  verdictOf,
} from './shared';

export interface MarkdownOptions {
  /** The portal's origin, to make the guides' links absolute (a job summary is read elsewhere). Default: site paths. */
  siteUrl?: string;
}

/** Prose with Markdown's and HTML's special characters escaped, on one line. */
export const escapeMarkdown = (text: string): string =>
  clean(text)
    .replace(/[\\`*_[\]<>|&#!~]/g, (character) => `\\${character}`)
    .replace(/\s*[\r\n]+\s*/g, ' ');

/**
 * Text as a code span: the fence longer than any backtick run in it. In a table cell (`cell`) its `|` are
 * escaped, which GitHub's tables read inside code spans too (elsewhere the backslash would show).
 */
export function code(text: string, cell = false): string {
  const line = clean(text)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const padded = line.startsWith('`') || line.endsWith('`') ? ` ${line} ` : line;
  const span = `${fence}${padded}${fence}`;
  return cell ? span.replace(/\|/g, '\\|') : span;
}

/** A fenced block that no backtick run of the text can close. */
function fenced(text: string, language = 'text'): string {
  const body = clean(text);
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${body.replace(/\n+$/, '')}\n${fence}`;
}

const linkTarget = (href: string): string => href.replace(/[\s()<>]/g, (character) => encodeURIComponent(character));

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;

const SYMBOL = {pass: '✓', fail: '✗', 'not-exercised': '–'} as const;

const cell = (run: RunReport, id: string): string => {
  const verdict = verdictOf(run, id);
  return verdict ? SYMBOL[verdict.outcome] : ' ';
};

function ruleCell(id: string, rule: Rule | undefined, siteUrl: string): string {
  return rule ? `[${code(id, true)}](${linkTarget(guideHref(rule, siteUrl))})` : code(id, true);
}

function matrix(report: CheckReport, rules: Rule[], siteUrl: string): string[] {
  const runs = report.runs;
  return [
    row(['Rule', ...runs.map((run) => escapeMarkdown(runName(run.recording)))]),
    row(['---', ...runs.map(() => ':-:')]),
    ...ruleRows(report, rules).map(({id, rule}) =>
      row([ruleCell(id, rule, siteUrl), ...runs.map((run) => cell(run, id))]),
    ),
    '',
    '✓ passed, ✗ failed, – not exercised, blank: not judged in that run',
  ];
}

function callsTable(calls: Exchange[]): string[] {
  return [
    row(['#', 'time s', 'method', 'path', 'status']),
    row(['-:', '-:', '---', '---', '---']),
    ...calls.map((call) =>
      row([
        String(call.index),
        seconds(call.startedMs),
        escapeMarkdown(call.request.method),
        code(shortPath(call.request.url), true),
        `${call.response.status}${call.fault ? ' (injected)' : ''}`,
      ]),
    ),
  ];
}

/**
 * A call the check injected a fault in, numbered as the HTML report's table and the rules' details number
 * calls (`#1`): "- #1 `POST /path` → 429, injected by the check: the first call answered 429 ...".
 */
const injectedLine = (call: Exchange): string =>
  `- #${call.index} ${code(`${call.request.method} ${shortPath(call.request.url)}`)} → ${call.response.status}, ` +
  `injected by the check: ${escapeMarkdown(call.fault?.description ?? '')}.`;

function failures(report: CheckReport, rules: Rule[], siteUrl: string): string[] {
  const lines: string[] = [];
  for (const run of report.runs) {
    for (const verdict of run.verdicts) {
      if (verdict.outcome !== 'fail') continue;
      const rule = rules.find((candidate) => candidate.id === verdict.rule);
      const guide = rule ? ` ([${escapeMarkdown(rule.guide.title)}](${linkTarget(guideHref(rule, siteUrl))}))` : '';
      lines.push(`#### ✗ ${code(verdict.rule)} in ${escapeMarkdown(runName(run.recording))}`, '');
      lines.push(`${escapeMarkdown(verdict.detail)}${guide}`, '');
      const calls = callsOf(run, verdict.calls);
      if (calls.length) lines.push(...callsTable(calls), '');
      const faults = calls.filter((call) => call.fault);
      lines.push(...faults.map(injectedLine));
      if (faults.length) lines.push('');
    }
  }
  return lines;
}

function runSection(run: RunReport): string[] {
  const recording = run.recording;
  const lines = [`#### ${escapeMarkdown(runName(recording))}`, ''];
  const calls = recording.exchanges.length;
  const about = [
    `${calls} call${calls === 1 ? '' : 's'} in ${run.sessions.length} session${run.sessions.length === 1 ? '' : 's'}.`,
  ];
  if (recording.ignored) about.push(`${recording.ignored} entries of the HAR ignored (other hosts, assets).`);
  const end = programEnd(recording);
  if (end) about.push(end);
  lines.push(about.join(' '), '');
  const bySession = sessionCalls(run);
  for (const session of run.sessions) {
    lines.push(`Session ${session.id} · ${code(session.slug)}`, '');
    lines.push(row(['#', 'call', 'time s', 'status', 'result', 'action', 'results']));
    lines.push(row(['-:', '---', '-:', '-:', '---', '---', '-:']));
    for (const {index, role, resultStatus, resultAction, results} of session.calls) {
      const exchange = recording.exchanges.find((candidate) => candidate.index === index);
      lines.push(
        row([
          String(index),
          role,
          exchange ? seconds(exchange.startedMs) : '',
          exchange ? `${exchange.response.status}${exchange.fault ? ' (injected)' : ''}` : '',
          escapeMarkdown(shortStatus(resultStatus)),
          escapeMarkdown(shortStatus(resultAction)),
          results === undefined ? '' : String(results),
        ]),
      );
    }
    lines.push('');
  }
  // Every call the check injected is listed as such; the other calls outside the sessions are counted.
  const injected = recording.exchanges.filter((exchange) => exchange.fault);
  if (injected.length) lines.push('Injected by the check:', '', ...injected.map(injectedLine), '');
  const outside = recording.exchanges.filter((exchange) => !bySession.has(exchange.index) && !exchange.fault).length;
  if (run.sessions.length && outside > 0) lines.push(`${outside} other call${outside === 1 ? '' : 's'}.`, '');
  const tail = recording.program?.stderrTail.trim();
  if (tail) lines.push('stderr (last lines):', '', fenced(tail), '');
  return lines;
}

/** The check as Markdown. */
export function reportMarkdown(report: CheckReport, rules: Rule[], options: MarkdownOptions = {}): string {
  const siteUrl = options.siteUrl ?? '';
  const lines = [
    `## Integration check ${report.passed ? 'PASSED' : 'FAILED'}: ${countsSentence(report)}`,
    '',
    `${report.mode === 'har' ? 'HAR' : 'Program'}: ${code(report.subject)}`,
    '',
  ];
  if (report.problems.length) {
    lines.push('### Problems', '', ...report.problems.map((problem) => `- ${escapeMarkdown(problem)}`), '');
  }
  lines.push('### Rules', '', ...matrix(report, rules, siteUrl), '');
  const failed = failures(report, rules, siteUrl);
  if (failed.length) lines.push('### Failures', '', ...failed);
  lines.push('### Runs', '', ...report.runs.flatMap(runSection));
  // One blank line between blocks, whatever the sections pushed (a fenced block is one line here, kept whole).
  const blocks = lines.filter((line, at) => line !== '' || (at > 0 && lines[at - 1] !== ''));
  return `${blocks.join('\n').trimEnd()}\n`;
}
