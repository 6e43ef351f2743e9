/**
 * A check as one self-contained HTML page: no script, no external stylesheet, font or image, light and
 * dark, readable on a phone (wide tables and timelines scroll in their own box). The verdict, the rule ×
 * run matrix, each failure with its calls, and for each run a timeline of its sessions (an SVG, with a
 * table as its text alternative). Everything a program or a HAR wrote is escaped. Browser-safe.
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
  violationsOf,
} from './shared';

export interface HtmlOptions {
  /** The portal's origin, to make the guides' links absolute. Default: site paths. */
  siteUrl?: string;
}

/** Text for HTML, in content or in a quoted attribute. */
export const escapeHtml = (text: string | number): string =>
  clean(String(text))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--line:#d1d9e0;--soft:#f6f8fa;
--ok:#1a7f37;--c4:#9a6700;--c5:#cf222e;--fault:#8250df;--other:#59636e;--bad:#cf222e}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--soft:#151b23;
--ok:#3fb950;--c4:#d29922;--c5:#f85149;--fault:#ab7df8;--other:#9198a1;--bad:#ff7b72}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:72rem;padding:1rem;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.1rem;margin-top:1.5rem}h4{font-size:1rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875em}
pre{background:var(--soft);padding:.75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:inherit}
.verdict{font-weight:700}.verdict.passed{color:var(--ok)}.verdict.failed{color:var(--bad)}
.scroll{overflow-x:auto;max-width:100%;border:1px solid var(--line);margin:.5rem 0}
table{border-collapse:collapse;font-size:.875rem}
th,td{border-bottom:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
thead th{background:var(--soft)}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.path{overflow-wrap:anywhere;min-width:12rem}
.rule{min-width:16rem}.muted{color:var(--muted)}
.pass{color:var(--ok)}.fail{color:var(--bad);font-weight:700}.not-exercised,.none{color:var(--muted)}
td.pass,td.fail,td.not-exercised,td.none{text-align:center;font-size:1.1rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.legend span{display:inline-block;margin-right:1rem}
.swatch{display:inline-block;width:.8em;height:.8em;margin-right:.3em;vertical-align:-.05em;border-radius:2px}
svg text{font:10px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;fill:var(--fg)}
svg .lane{font:600 11px system-ui,sans-serif}svg .tick{stroke:var(--line)}
.k2xx{fill:var(--ok);background:var(--ok)}.k4xx{fill:var(--c4);background:var(--c4)}
.k5xx{fill:var(--c5);background:var(--c5)}.kfault{fill:var(--fault);background:var(--fault)}
.kother{fill:var(--other);background:var(--other)}
.viol{stroke:var(--bad);stroke-width:2;fill:none}.faultmark{fill:var(--fault)}
`;

const kind = (exchange: Exchange): string => {
  if (exchange.fault) return 'kfault';
  const status = exchange.response.status;
  if (status >= 500) return 'k5xx';
  if (status >= 400) return 'k4xx';
  if (status >= 200 && status < 300) return 'k2xx';
  return 'kother';
};

const OUTCOME = {pass: ['✓', 'passed'], fail: ['✗', 'failed'], 'not-exercised': ['–', 'not exercised']} as const;

function matrix(report: CheckReport, rules: Rule[], siteUrl: string): string {
  const head = report.runs.map((run) => `<th scope="col">${escapeHtml(runName(run.recording))}</th>`).join('');
  const body = ruleRows(report, rules).map(({id, rule}) => {
    const about = rule
      ? `${escapeHtml(rule.sentence)}<br><span class="muted">Tolerance: ${escapeHtml(rule.tolerance)}</span><br>` +
        `<a href="${escapeHtml(guideHref(rule, siteUrl))}">${escapeHtml(rule.guide.title)}</a>`
      : '<span class="muted">Not in the list of rules.</span>';
    const cells = report.runs.map((run) => {
      const verdict = verdictOf(run, id);
      if (!verdict) return '<td class="none"><span aria-hidden="true">·</span><span class="sr">not judged</span></td>';
      const [symbol, word] = OUTCOME[verdict.outcome];
      return (
        `<td class="${verdict.outcome}" title="${escapeHtml(verdict.detail)}"><span aria-hidden="true">${symbol}</span>` +
        `<span class="sr">${word}: ${escapeHtml(verdict.detail)}</span></td>`
      );
    });
    return `<tr><th scope="row"><code>${escapeHtml(id)}</code></th><td class="rule">${about}</td>${cells.join('')}</tr>`;
  });
  return (
    `<div class="scroll"><table><caption class="sr">Each rule's verdict in each run</caption>` +
    `<thead><tr><th scope="col">Rule</th><th scope="col">What it asks</th>${head}</tr></thead>` +
    `<tbody>${body.join('\n')}</tbody></table></div>` +
    `<p class="muted">✓ passed, ✗ failed, – not exercised, · not judged in that run</p>`
  );
}

function failures(report: CheckReport, rules: Rule[], siteUrl: string): string {
  const sections: string[] = [];
  for (const run of report.runs) {
    for (const verdict of run.verdicts.filter((candidate) => candidate.outcome === 'fail')) {
      const rule = rules.find((candidate) => candidate.id === verdict.rule);
      const guide = rule
        ? ` <a href="${escapeHtml(guideHref(rule, siteUrl))}">${escapeHtml(rule.guide.title)}</a>`
        : '';
      const calls = callsOf(run, verdict.calls);
      const rows = calls.map(
        (call) =>
          `<tr><td class="num">${call.index}</td><td class="num">${seconds(call.startedMs)}</td>` +
          `<td>${escapeHtml(call.request.method)}</td><td class="path"><code title="${escapeHtml(call.request.url)}">${escapeHtml(shortPath(call.request.url))}</code></td>` +
          `<td class="num">${call.response.status}</td><td>${escapeHtml(call.fault?.description ?? '')}</td></tr>`,
      );
      sections.push(
        `<h3><code>${escapeHtml(verdict.rule)}</code> failed in ${escapeHtml(runName(run.recording))}</h3>` +
          `<p>${escapeHtml(verdict.detail)}${guide}</p>` +
          (calls.length
            ? `<div class="scroll"><table><caption class="sr">The calls that broke it</caption><thead><tr>` +
              `<th scope="col">#</th><th scope="col">time s</th><th scope="col">method</th><th scope="col">path</th>` +
              `<th scope="col">status</th><th scope="col">fault injected</th></tr></thead>` +
              `<tbody>${rows.join('')}</tbody></table></div>`
            : '<p class="muted">No call is named.</p>'),
      );
    }
  }
  return sections.length ? `<h2>Failures</h2>\n${sections.join('\n')}` : '';
}

/** A coordinate to a tenth of a pixel. */
const round = (value: number): number => Math.round(value * 10) / 10;

/** A tick step, in seconds, that leaves at least 48 px between ticks. */
const tickStep = (pxPerSecond: number): number =>
  [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600].find((step) => step * pxPerSecond >= 48) ?? 7200;

/** The short label of a call above its mark: its status, and what a create or poll answered. */
function markLabel(exchange: Exchange, resultStatus?: string, action?: string, results?: number): string {
  return [exchange.response.status, shortStatus(resultStatus), shortStatus(action), results ?? '']
    .filter((part) => part !== '')
    .join(' ');
}

/** The timeline of a run: one lane per session (and one for the calls outside sessions) on a time axis. */
function timeline(run: RunReport): string {
  const recording = run.recording;
  const exchanges = recording.exchanges;
  const inSession = sessionCalls(run);
  const violations = violationsOf(run);
  const lanes = [
    ...run.sessions.map((session) => ({
      title: `Session ${session.id} · ${session.slug}`,
      calls: session.calls.flatMap((call) => exchanges.filter((exchange) => exchange.index === call.index)),
    })),
    {
      title: run.sessions.length ? 'Other calls' : 'Calls',
      calls: exchanges.filter((call) => !inSession.has(call.index)),
    },
  ].filter((lane) => lane.calls.length);
  const span = Math.max(1000, recording.program?.durationMs ?? 0, ...exchanges.map((call) => call.endedMs));
  // Wide enough that consecutive calls' labels do not overlap, within 4000 px.
  const starts = [...new Set(exchanges.map((call) => call.startedMs))].sort((a, b) => a - b);
  const gaps = starts.slice(1).map((start, at) => start - starts[at]);
  const pxPerMs = Math.max(720 / span, Math.min(14 / Math.min(Infinity, ...gaps), 4000 / span));
  const left = 12;
  const width = Math.ceil(left + span * pxPerMs + 24);
  const x = (ms: number): number => round(left + ms * pxPerMs);
  const label = (call: Exchange): string => {
    const traced = inSession.get(call.index)?.call;
    return markLabel(call, traced?.resultStatus, traced?.resultAction, traced?.results);
  };
  const parts: string[] = [];
  let y = 24;
  for (const lane of lanes) {
    const labelHeight = round(Math.max(...lane.calls.map((call) => label(call).length)) * 6.2 + 8);
    parts.push(`<text class="lane" x="${left}" y="${y + 12}">${escapeHtml(lane.title)}</text>`);
    const bar = y + 20 + labelHeight;
    for (const call of lane.calls) {
      const x0 = x(call.startedMs);
      const barWidth = round(Math.max(3, x(call.endedMs) - x0));
      const broken = violations.get(call.index);
      const describe = [
        `#${call.index} at ${seconds(call.startedMs)} s: ${call.request.method} ${call.request.url} → ${call.response.status}`,
        call.fault ? `injected: ${call.fault.description}` : '',
        broken ? `breaks ${broken.join(', ')}` : '',
      ].filter(Boolean);
      parts.push(
        `<g><title>${escapeHtml(describe.join('; '))}</title>` +
          `<text transform="translate(${x0 + 7} ${bar - 3}) rotate(-90)">${escapeHtml(label(call))}</text>` +
          `<rect class="${kind(call)}" x="${x0}" y="${bar}" width="${barWidth}" height="14" rx="1"/>` +
          (call.fault ? `<path class="faultmark" d="M${x0} ${bar + 26}l5 -8l5 8z"/>` : '') +
          (broken
            ? `<rect class="viol" x="${round(x0 - 2)}" y="${round(bar - 2)}" width="${round(barWidth + 4)}" height="18"/>` +
              `<path class="viol" d="M${x0 + 12} ${bar + 18}l8 8m0 -8l-8 8"/>`
            : '') +
          '</g>',
      );
    }
    y = bar + 34;
  }
  const height = y + 4;
  const step = tickStep(pxPerMs * 1000);
  const ticks: string[] = [];
  for (let second = 0; second * 1000 <= span + 1e-9; second = Math.round((second + step) * 10) / 10) {
    const tx = x(second * 1000);
    ticks.push(
      `<line class="tick" x1="${tx}" y1="16" x2="${tx}" y2="${height}"/><text x="${tx + 2}" y="12">${second}s</text>`,
    );
  }
  const faults = exchanges.filter((call) => call.fault).length;
  const aria =
    `Timeline of the ${runName(recording)} run: ${exchanges.length} calls over ${seconds(span)} s ` +
    `in ${run.sessions.length} session${run.sessions.length === 1 ? '' : 's'}; ${faults} fault${faults === 1 ? '' : 's'} injected; ` +
    `${violations.size} call${violations.size === 1 ? '' : 's'} breaking a rule. The table that follows lists them.`;
  return (
    `<div class="scroll"><svg role="img" aria-label="${escapeHtml(aria)}" viewBox="0 0 ${width} ${height}" ` +
    `width="${width}" height="${height}">${ticks.join('')}${parts.join('')}</svg></div>`
  );
}

function callsTable(run: RunReport): string {
  const inSession = sessionCalls(run);
  const violations = violationsOf(run);
  const head = [
    '#',
    'session',
    'time s',
    'duration ms',
    'method',
    'path',
    'status',
    'result status',
    'action',
    'results',
    'fault injected',
    'breaks',
  ];
  const rows = run.recording.exchanges.map((call) => {
    const traced = inSession.get(call.index);
    const numbers = (value: string | number | undefined) => `<td class="num">${escapeHtml(value ?? '')}</td>`;
    return (
      `<tr>${numbers(call.index)}<td>${traced ? `${traced.session.id} ${traced.call.role}` : ''}</td>` +
      `${numbers(seconds(call.startedMs))}${numbers(Math.round(call.endedMs - call.startedMs))}` +
      `<td>${escapeHtml(call.request.method)}</td><td class="path"><code title="${escapeHtml(call.request.url)}">` +
      `${escapeHtml(shortPath(call.request.url))}</code></td>${numbers(call.response.status)}` +
      `<td>${escapeHtml(shortStatus(traced?.call.resultStatus))}</td><td>${escapeHtml(shortStatus(traced?.call.resultAction))}</td>` +
      `${numbers(traced?.call.results)}<td>${escapeHtml(call.fault?.description ?? '')}</td>` +
      `<td${violations.has(call.index) ? ' class="fail"' : ''}>${escapeHtml((violations.get(call.index) ?? []).join(', '))}</td></tr>`
    );
  });
  return (
    `<div class="scroll"><table><caption>The calls of the ${escapeHtml(runName(run.recording))} run</caption>` +
    `<thead><tr>${head.map((name) => `<th scope="col">${name}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.join('\n')}</tbody></table></div>`
  );
}

const LEGEND =
  '<p class="legend muted"><span><i class="swatch k2xx"></i>2xx</span><span><i class="swatch k4xx"></i>4xx</span>' +
  '<span><i class="swatch k5xx"></i>5xx</span><span><i class="swatch kfault"></i>fault injected (▲)</span>' +
  '<span><i class="swatch kother"></i>other</span><span>outlined with ✗: breaks a rule</span></p>';

function runSection(run: RunReport): string {
  const recording = run.recording;
  const name = runName(recording);
  const calls = recording.exchanges.length;
  const about = [
    `${calls} call${calls === 1 ? '' : 's'} in ${run.sessions.length} session${run.sessions.length === 1 ? '' : 's'}.`,
  ];
  if (recording.ignored) about.push(`${recording.ignored} entries of the HAR ignored (other hosts, assets).`);
  const end = programEnd(recording);
  if (end) about.push(end);
  const stderr = recording.program?.stderrTail.trim();
  return [
    `<h3>${escapeHtml(name)}</h3>`,
    `<p>${escapeHtml(about.join(' '))}</p>`,
    ...(calls ? ['<h4>Timeline</h4>', LEGEND, timeline(run), callsTable(run)] : []),
    ...(stderr ? ['<h4>The program’s stderr (last lines)</h4>', `<pre>${escapeHtml(stderr)}</pre>`] : []),
  ].join('\n');
}

/**
 * The timeline of one run alone, as a document: what the try-it console shows after "Poll until
 * complete" (website/src/components/TryIt/SessionTimeline.tsx), the same marks and table as the report's.
 */
export function timelineHtml(run: RunReport, title: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}body{padding:0;max-width:none}</style>`,
    '</head>',
    '<body>',
    LEGEND,
    timeline(run),
    callsTable(run),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The check as one HTML document. */
export function reportHtml(report: CheckReport, rules: Rule[], options: HtmlOptions = {}): string {
  const siteUrl = options.siteUrl ?? '';
  const verdict = report.passed ? 'PASSED' : 'FAILED';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Integration check ${verdict}: ${escapeHtml(report.subject)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>Integration check: <span class="verdict ${verdict.toLowerCase()}">${verdict}</span></h1>`,
    `<p>${escapeHtml(countsSentence(report))}.</p>`,
    `<p>${report.mode === 'har' ? 'HAR' : 'Program'}: <code>${escapeHtml(report.subject)}</code></p>`,
    ...(report.problems.length
      ? [
          '<h2>Problems</h2>',
          `<ul>${report.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul>`,
        ]
      : []),
    '<h2>Rules</h2>',
    matrix(report, rules, siteUrl),
    failures(report, rules, siteUrl),
    '<h2>Runs</h2>',
    ...report.runs.map(runSection),
    '</main>',
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
