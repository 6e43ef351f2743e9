/**
 * The in-browser HAR check of docs/getting-started/integration-check.mdx: the reader picks (or drops) a
 * `.har` file, and the page judges its calls against the rules of the integration check, as
 * `npm run sandbox -- check --har <file>` does, and shows the verdict and the full report.
 *
 * - The check's code (`@portal/check`: the HAR reader, the request checks, the rules, the HTML
 *   report) and the thirteen bundles load only when a file is picked (`import('./check')`), so the page
 *   stays light. Nothing touches `window` before then; the input is disabled until the page has hydrated.
 * - The file never leaves the browser: the only requests are for the check's code and the bundles, on
 *   this site.
 * - The report (`reportHtml`, a whole HTML document with no script) is shown in an `<iframe srcdoc>`
 *   sandboxed without scripts or same-origin access; it may open its guide links in a new tab (popups
 *   that escape the sandbox), which a `<base target="_blank">` asks for, and its colours follow the
 *   site's colour mode (`framed`). "Download report.html" saves the report as generated, from a Blob URL.
 * - Status messages are in a live region, errors in an alert.
 */
import {useEffect, useId, useRef, useState, type DragEvent, type ReactNode, type RefObject} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode} from '@docusaurus/theme-common';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import {apis, specUrl} from '@site/config/apis';
import type {CheckReport} from '@portal/check';
import {withColourMode} from '@portal/check/theme';
import type {BundleSource, Step} from './check';
import styles from './styles.module.css';

type State =
  | {phase: 'idle'}
  | {phase: 'working'; file: string; message: string}
  | {phase: 'error'; message: string}
  | {
      phase: 'done';
      file: string;
      report: CheckReport;
      html: string;
      calls: number;
      ignored: number;
      /** A Blob URL of the report, for its download link. */
      download: string;
    };

const stepMessage = (step: Step | 'loading', file: string): string =>
  ({
    loading: `Loading the check for ${file}…`,
    reading: `Reading ${file}…`,
    specs: `Loading the ${apis.length} API specifications from this site…`,
    judging: `Checking the calls in ${file}…`,
  })[step];

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "1 failed, 3 passed, 5 not exercised in 1 run", as the report says it. */
function countsOf(report: CheckReport): string {
  const verdicts = report.runs.flatMap((run) => run.verdicts);
  const count = (outcome: string) => verdicts.filter((verdict) => verdict.outcome === outcome).length;
  return `${count('fail')} failed, ${count('pass')} passed, ${count('not-exercised')} not exercised in ${plural(report.runs.length, 'run')}`;
}

/** A run's name, as the report names it: a check's scenario, or `har`. */
const runName = (run: CheckReport['runs'][number]): string => run.recording.scenario ?? run.recording.label ?? 'har';

/**
 * The report as the page shows it: its links open in a new tab (the frame may open popups, nothing
 * else), and its colours follow the site's colour mode rather than the system's (`withColourMode`).
 */
export function framed(html: string, mode: 'light' | 'dark'): string {
  return withColourMode(html, mode).replace('<head>', '<head>\n<base target="_blank">');
}

/** Revokes the Blob URL a ref holds, if any. */
function revoke(ref: RefObject<string | undefined>): void {
  if (ref.current) URL.revokeObjectURL(ref.current);
  ref.current = undefined;
}

/** The verdict of a finished check, the failures named, the download and the report. */
function Result({state}: {state: Extract<State, {phase: 'done'}>}): ReactNode {
  const {report, html, file} = state;
  const {colorMode} = useColorMode();
  const failures = report.runs.flatMap((run) =>
    run.verdicts.filter((verdict) => verdict.outcome === 'fail').map((verdict) => ({run: runName(run), verdict})),
  );
  return (
    <div className={styles.result} data-testid="har-check-result">
      <p className={report.passed ? styles.passed : styles.failed} data-testid="har-check-verdict">
        <span aria-hidden="true">{report.passed ? '✓ ' : '✗ '}</span>
        <strong>{report.passed ? 'Passed' : 'Failed'}</strong>: {countsOf(report)}.
      </p>
      <p className={styles.note}>
        <code>{file}</code> holds {plural(state.calls, 'call')} of the APIs
        {state.ignored > 0 && <> and {plural(state.ignored, 'other entry', 'other entries')}, left out</>}.
        {!report.passed &&
          failures.length === 0 &&
          ' No rule was exercised: the calls gave the rules nothing to judge.'}
      </p>
      {failures.length > 0 && (
        <ul className={styles.failures}>
          {failures.map(({run, verdict}) => (
            <li key={`${run} ${verdict.rule}`}>
              <code>{verdict.rule}</code> failed{report.runs.length > 1 && <> in {run}</>}: {verdict.detail}
            </li>
          ))}
        </ul>
      )}
      {report.problems.length > 0 && (
        <ul className={styles.failures}>
          {report.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <p>
        <a href={state.download} download="report.html">
          Download report.html
        </a>
      </p>
      <iframe
        className={styles.frame}
        title={`Integration check report for ${file}`}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={framed(html, colorMode)}
        data-testid="har-check-report"
      />
    </div>
  );
}

export default function HarCheck(): ReactNode {
  const id = useId();
  const isBrowser = useIsBrowser();
  const {withBaseUrl} = useBaseUrlUtils();
  const [state, setState] = useState<State>({phase: 'idle'});
  const [dragging, setDragging] = useState(false);
  /** The check under way: a newer file makes an older check's results stale. */
  const current = useRef(0);
  /** The Blob URL of the report shown, revoked when another replaces it and when the page goes. */
  const download = useRef<string>(undefined);
  useEffect(() => () => revoke(download), []);

  const show = (next: State) => {
    revoke(download);
    if (next.phase === 'done') download.current = next.download;
    setState(next);
  };

  const sources: BundleSource[] = apis.map((api) => ({slug: api.slug, href: withBaseUrl(specUrl(api))}));

  const check = (file: File | undefined) => {
    if (!file) return;
    const run = ++current.current;
    const fresh = () => run === current.current;
    show({phase: 'working', file: file.name, message: stepMessage('loading', file.name)});
    import('./check')
      .then(({checkHarFile}) =>
        checkHarFile(file, sources, window.location.origin, (step) => {
          if (fresh()) show({phase: 'working', file: file.name, message: stepMessage(step, file.name)});
        }),
      )
      .then(
        (outcome) => {
          if (!fresh()) return;
          if ('error' in outcome) show({phase: 'error', message: outcome.error});
          else {
            const url = URL.createObjectURL(new Blob([outcome.html], {type: 'text/html'}));
            show({phase: 'done', file: file.name, ...outcome, download: url});
          }
        },
        (error: unknown) => {
          if (!fresh()) return;
          const why = error instanceof Error ? error.message : String(error);
          show({phase: 'error', message: `The check could not run: ${why}. Reload the page and try again.`});
        },
      );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (isBrowser) check(event.dataTransfer.files[0]);
  };

  const status =
    state.phase === 'working'
      ? state.message
      : state.phase === 'done'
        ? `${state.file}: ${state.report.passed ? 'passed' : 'failed'}. ${countsOf(state.report)}.`
        : '';

  return (
    <div className={styles.check}>
      <div
        className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}>
        <label htmlFor={`${id}-file`} className={styles.label}>
          HAR file to check
        </label>
        <input
          id={`${id}-file`}
          className={styles.input}
          type="file"
          accept=".har,.json,application/json"
          disabled={!isBrowser}
          aria-describedby={`${id}-help`}
          onChange={(event) => check(event.target.files?.[0])}
        />
        <p id={`${id}-help`} className={styles.help}>
          Choose a <code>.har</code> file, or drop one here. The file stays in your browser: it is read and checked in
          this page and sent nowhere. The page loads only the check and the API specifications, from this site.
        </p>
      </div>
      <p
        role="status"
        className={state.phase === 'done' ? styles.visuallyHidden : styles.status}
        data-testid="har-check-status">
        {status}
      </p>
      {state.phase === 'error' && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
      {state.phase === 'done' && <Result state={state} />}
    </div>
  );
}
