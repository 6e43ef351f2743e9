/** @jsxImportSource hono/jsx */
/**
 * A check as one self-contained HTML page: no script, no external stylesheet, font or image, light and
 * dark, readable on a phone (wide tables and timelines scroll in their own box). The verdict, the rule ×
 * run matrix, each failure with its calls, and for each run a timeline of its sessions (an SVG, with a
 * table as its text alternative). Written in hono/jsx and rendered to a string by it, which escapes every
 * text and attribute a program or a HAR wrote; the characters HTML refuses are removed from the whole
 * document (`clean`). Browser-safe. The pragma above is for the builds that do not read check/tsconfig.json
 * (the site's, Playwright's).
 */
import type {Child} from 'hono/jsx';
import type {JSX} from 'hono/jsx/jsx-runtime';
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
import {round, timelineLayout, type Mark} from './timelineLayout';

export interface HtmlOptions {
  /** The portal's origin, to make the guides' links absolute. Default: site paths. */
  siteUrl?: string;
}

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

/** The nodes on lines of their own in the page's source. */
const lines = (...nodes: Child[]): Child[] => nodes.flatMap((node, at) => (at ? ['\n', node] : [node]));

/** A whole document, its characters HTML refuses removed. */
function documentOf(page: JSX.Element): string {
  // Every component here renders synchronously: no promise to wait for
  if (page instanceof Promise) throw new Error('The report rendered asynchronously.');
  return clean(`<!doctype html>\n${page.toString()}\n`);
}

const kind = (exchange: Exchange): string => {
  if (exchange.fault) return 'kfault';
  const status = exchange.response.status;
  if (status >= 500) return 'k5xx';
  if (status >= 400) return 'k4xx';
  if (status >= 200 && status < 300) return 'k2xx';
  return 'kother';
};

const OUTCOME = {pass: ['✓', 'passed'], fail: ['✗', 'failed'], 'not-exercised': ['–', 'not exercised']} as const;

const GuideLink = ({rule, siteUrl}: {rule: Rule; siteUrl: string}) => (
  <a href={guideHref(rule, siteUrl)}>{rule.guide.title}</a>
);

function Matrix({report, rules, siteUrl}: {report: CheckReport; rules: Rule[]; siteUrl: string}) {
  const rows = ruleRows(report, rules).map(({id, rule}) => (
    <tr>
      <th scope="row">
        <code>{id}</code>
      </th>
      <td class="rule">
        {rule ? (
          <>
            {rule.sentence}
            <br />
            <span class="muted">Tolerance: {rule.tolerance}</span>
            <br />
            <GuideLink rule={rule} siteUrl={siteUrl} />
          </>
        ) : (
          <span class="muted">Not in the list of rules.</span>
        )}
      </td>
      {report.runs.map((run) => {
        const verdict = verdictOf(run, id);
        if (!verdict)
          return (
            <td class="none">
              <span aria-hidden="true">·</span>
              <span class="sr">not judged</span>
            </td>
          );
        const [symbol, word] = OUTCOME[verdict.outcome];
        return (
          <td class={verdict.outcome} title={verdict.detail}>
            <span aria-hidden="true">{symbol}</span>
            <span class="sr">
              {word}: {verdict.detail}
            </span>
          </td>
        );
      })}
    </tr>
  ));
  return (
    <>
      <div class="scroll">
        <table>
          <caption class="sr">Each rule's verdict in each run</caption>
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">What it asks</th>
              {report.runs.map((run) => (
                <th scope="col">{runName(run.recording)}</th>
              ))}
            </tr>
          </thead>
          <tbody>{lines(...rows)}</tbody>
        </table>
      </div>
      <p class="muted">✓ passed, ✗ failed, – not exercised, · not judged in that run</p>
    </>
  );
}

const PathCell = ({url}: {url: string}) => (
  <td class="path">
    <code title={url}>{shortPath(url)}</code>
  </td>
);

function Failures({report, rules, siteUrl}: {report: CheckReport; rules: Rule[]; siteUrl: string}) {
  const sections = report.runs.flatMap((run) =>
    run.verdicts
      .filter((candidate) => candidate.outcome === 'fail')
      .map((verdict) => {
        const rule = rules.find((candidate) => candidate.id === verdict.rule);
        const calls = callsOf(run, verdict.calls);
        return (
          <>
            <h3>
              <code>{verdict.rule}</code> failed in {runName(run.recording)}
            </h3>
            <p>
              {verdict.detail}
              {rule && (
                <>
                  {' '}
                  <GuideLink rule={rule} siteUrl={siteUrl} />
                </>
              )}
            </p>
            {calls.length ? (
              <div class="scroll">
                <table>
                  <caption class="sr">The calls that broke it</caption>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">time s</th>
                      <th scope="col">method</th>
                      <th scope="col">path</th>
                      <th scope="col">status</th>
                      <th scope="col">fault injected</th>
                    </tr>
                  </thead>
                  <tbody>
                    {calls.map((call) => (
                      <tr>
                        <td class="num">{call.index}</td>
                        <td class="num">{seconds(call.startedMs)}</td>
                        <td>{call.request.method}</td>
                        <PathCell url={call.request.url} />
                        <td class="num">{call.response.status}</td>
                        <td>{call.fault?.description ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p class="muted">No call is named.</p>
            )}
          </>
        );
      }),
  );
  return sections.length ? <>{lines(<h2>Failures</h2>, ...sections)}</> : null;
}

/** One call's mark on its lane: its label, its bar, and the marks of a fault and of a broken rule. */
function CallMark({call, x0, bar, barWidth, label, broken}: Mark) {
  const describe = [
    `#${call.index} at ${seconds(call.startedMs)} s: ${call.request.method} ${call.request.url} → ${call.response.status}`,
    call.fault ? `injected: ${call.fault.description}` : '',
    broken ? `breaks ${broken.join(', ')}` : '',
  ].filter(Boolean);
  return (
    <g>
      <title>{describe.join('; ')}</title>
      <text transform={`translate(${x0 + 7} ${bar - 3}) rotate(-90)`}>{label}</text>
      <rect class={kind(call)} x={x0} y={bar} width={barWidth} height="14" rx="1" />
      {call.fault && <path class="faultmark" d={`M${x0} ${bar + 26}l5 -8l5 8z`} />}
      {broken && (
        <>
          <rect class="viol" x={round(x0 - 2)} y={round(bar - 2)} width={round(barWidth + 4)} height="18" />
          <path class="viol" d={`M${x0 + 12} ${bar + 18}l8 8m0 -8l-8 8`} />
        </>
      )}
    </g>
  );
}

/** The timeline of a run: one lane per session (and one for the calls outside sessions) on a time axis. */
function Timeline({run}: {run: RunReport}) {
  const {lanes, ticks, width, height, span, faults, breaking} = timelineLayout(run);
  const sessions = run.sessions.length;
  const aria =
    `Timeline of the ${runName(run.recording)} run: ${run.recording.exchanges.length} calls over ${seconds(span)} s ` +
    `in ${sessions} session${sessions === 1 ? '' : 's'}; ${faults} fault${faults === 1 ? '' : 's'} injected; ` +
    `${breaking} call${breaking === 1 ? '' : 's'} breaking a rule. The table that follows lists them.`;
  return (
    <div class="scroll">
      <svg role="img" aria-label={aria} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
        {ticks.map(({x, second}) => (
          <>
            <line class="tick" x1={x} y1="16" x2={x} y2={height} />
            <text x={x + 2} y="12">
              {second}s
            </text>
          </>
        ))}
        {lanes.map((lane) => (
          <>
            <text class="lane" x={lane.x} y={lane.y}>
              {lane.title}
            </text>
            {lane.marks.map((mark) => (
              <CallMark {...mark} />
            ))}
          </>
        ))}
      </svg>
    </div>
  );
}

const Num = ({value}: {value: string | number | undefined}) => <td class="num">{value ?? ''}</td>;

function CallsTable({run}: {run: RunReport}) {
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
    return (
      <tr>
        <Num value={call.index} />
        <td>{traced ? `${traced.session.id} ${traced.call.role}` : ''}</td>
        <Num value={seconds(call.startedMs)} />
        <Num value={Math.round(call.endedMs - call.startedMs)} />
        <td>{call.request.method}</td>
        <PathCell url={call.request.url} />
        <Num value={call.response.status} />
        <td>{shortStatus(traced?.call.resultStatus)}</td>
        <td>{shortStatus(traced?.call.resultAction)}</td>
        <Num value={traced?.call.results} />
        <td>{call.fault?.description ?? ''}</td>
        <td class={violations.has(call.index) ? 'fail' : undefined}>{(violations.get(call.index) ?? []).join(', ')}</td>
      </tr>
    );
  });
  return (
    <div class="scroll">
      <table>
        <caption>The calls of the {runName(run.recording)} run</caption>
        <thead>
          <tr>
            {head.map((name) => (
              <th scope="col">{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>{lines(...rows)}</tbody>
      </table>
    </div>
  );
}

const Legend = () => (
  <p class="legend muted">
    <span>
      <i class="swatch k2xx"></i>2xx
    </span>
    <span>
      <i class="swatch k4xx"></i>4xx
    </span>
    <span>
      <i class="swatch k5xx"></i>5xx
    </span>
    <span>
      <i class="swatch kfault"></i>fault injected (▲)
    </span>
    <span>
      <i class="swatch kother"></i>other
    </span>
    <span>outlined with ✗: breaks a rule</span>
  </p>
);

function RunSection({run}: {run: RunReport}) {
  const recording = run.recording;
  const calls = recording.exchanges.length;
  const about = [
    `${calls} call${calls === 1 ? '' : 's'} in ${run.sessions.length} session${run.sessions.length === 1 ? '' : 's'}.`,
  ];
  if (recording.ignored) about.push(`${recording.ignored} entries of the HAR ignored (other hosts, assets).`);
  const end = programEnd(recording);
  if (end) about.push(end);
  const stderr = recording.program?.stderrTail.trim();
  return (
    <>
      {lines(
        <h3>{runName(recording)}</h3>,
        <p>{about.join(' ')}</p>,
        ...(calls ? [<h4>Timeline</h4>, <Legend />, <Timeline run={run} />, <CallsTable run={run} />] : []),
        ...(stderr ? [<h4>The program’s stderr (last lines)</h4>, <pre>{stderr}</pre>] : []),
      )}
    </>
  );
}

const Style = ({extra = ''}: {extra?: string}) => <style dangerouslySetInnerHTML={{__html: STYLE + extra}} />;

/**
 * The timeline of one run alone, as a document: what the try-it console shows after "Poll until
 * complete" (website/src/components/TryIt/SessionTimeline.tsx), the same marks and table as the report's.
 */
export function timelineHtml(run: RunReport, title: string): string {
  return documentOf(
    <html lang="en">
      {lines(
        '',
        <head>
          {lines(
            '',
            <meta charset="utf-8" />,
            <title>{title}</title>,
            <Style extra="body{padding:0;max-width:none}" />,
            '',
          )}
        </head>,
        <body>{lines('', <Legend />, <Timeline run={run} />, <CallsTable run={run} />, '')}</body>,
        '',
      )}
    </html>,
  );
}

/** The check as one HTML document. */
export function reportHtml(report: CheckReport, rules: Rule[], options: HtmlOptions = {}): string {
  const siteUrl = options.siteUrl ?? '';
  const verdict = report.passed ? 'PASSED' : 'FAILED';
  return documentOf(
    <html lang="en">
      {lines(
        '',
        <head>
          {lines(
            '',
            <meta charset="utf-8" />,
            <meta name="viewport" content="width=device-width, initial-scale=1" />,
            <title>
              Integration check {verdict}: {report.subject}
            </title>,
            <Style />,
            '',
          )}
        </head>,
        <body>
          {lines(
            '',
            <main>
              {lines(
                '',
                <h1>
                  Integration check: <span class={`verdict ${verdict.toLowerCase()}`}>{verdict}</span>
                </h1>,
                <p>{countsSentence(report)}.</p>,
                <p>
                  {report.mode === 'har' ? 'HAR' : 'Program'}: <code>{report.subject}</code>
                </p>,
                ...(report.problems.length
                  ? [
                      <h2>Problems</h2>,
                      <ul>
                        {report.problems.map((problem) => (
                          <li>{problem}</li>
                        ))}
                      </ul>,
                    ]
                  : []),
                <h2>Rules</h2>,
                <Matrix report={report} rules={rules} siteUrl={siteUrl} />,
                ...(report.runs.some((run) => run.verdicts.some((candidate) => candidate.outcome === 'fail'))
                  ? [<Failures report={report} rules={rules} siteUrl={siteUrl} />]
                  : []),
                <h2>Runs</h2>,
                ...report.runs.map((run) => <RunSection run={run} />),
                '',
              )}
            </main>,
            '',
          )}
        </body>,
        '',
      )}
    </html>,
  );
}
