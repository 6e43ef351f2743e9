/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
/**
 * A check as one self-contained HTML page: no script, no external stylesheet, font or image, light and
 * dark, readable on a phone (timelines as wide as the page, wide tables scroll in their own box). The verdict, the rule ×
 * run matrix, each failure with its calls, and for each run a timeline of its sessions (an SVG, with a
 * table as its text alternative: runParts.tsx). Written in hono/jsx and rendered to a string by it, which escapes every
 * text and attribute a program or a HAR wrote; the characters HTML refuses are removed from the whole
 * document (`clean`). Browser-safe. The pragma above is for the builds that do not read check/tsconfig.json
 * (the site's, Playwright's).
 */
import type {JSX} from 'hono/jsx/jsx-runtime';
import type {CheckReport, Rule, RunReport} from '../model';
import {CallsTable, Legend, lines, PathCell, Timeline} from './runParts';
import {callsOf, clean, countsSentence, guideHref, programEnd, ruleRows, runName, seconds, verdictOf} from './shared';
import {STYLE} from './style';

export interface HtmlOptions {
  /** The portal's origin, to make the guides' links absolute. Default: site paths. */
  siteUrl?: string;
}

/** A whole document, its characters HTML refuses removed. */
function documentOf(page: JSX.Element): string {
  // Every component here renders synchronously: no promise to wait for
  if (page instanceof Promise) throw new Error('The report rendered asynchronously.');
  return clean(`<!doctype html>\n${page.toString()}\n`);
}

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
