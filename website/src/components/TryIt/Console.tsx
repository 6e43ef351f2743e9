/**
 * The try-it console for one operation (issue 11 items 2 and 3), loaded with `import()` only when a
 * reader opens it (index.tsx): parameters, key, a JSON body checked against the request schema while
 * typing (JsonEditor.tsx), Send, the answer (status, time, headers, body), "Poll until complete" for
 * create calls, and the request as code in the languages of `codeSamples` (@portal/specs).
 * Targets: the in-browser sandbox (sandbox.ts), the local Node sandbox, or a host the reader types.
 */
import {useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import {codeSamples, type OpenApiDocument} from '@portal/specs';
import {fetchBundle} from './bundles';
import JsonEditor from './JsonEditor';
import {
  consoleOperation,
  editedRequest,
  filledPath,
  localSandboxUrl,
  requestUrl,
  sandboxKey,
  sessionOver,
  sessionStateOf,
  standaloneSchema,
  targetBase,
  type ConsoleOperation,
  type EditedRequest,
  type TargetKind,
} from './request';
import {askSandbox} from './sandbox';
import styles from './styles.module.css';

/** Where the reader's own host and key are kept: this tab only (sessionStorage), never sent elsewhere. */
const customHostItem = 'tryit.host';
const customKeyItem = 'tryit.key';
/** The specs ask for about a second between polls (specs/common ResultAction; sandbox/README.md). */
const pollIntervalMs = 1000;
/** A search still incomplete after this many polls is left (the sandbox's slow scenario needs 12). */
const maxPolls = 30;

interface Answer {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  body: string;
  json: unknown;
}

interface PollRow {
  call: string;
  http: number | string;
  status: string;
  action: string;
  ms: number;
}

function readSession(item: string): string {
  try {
    return sessionStorage.getItem(item) ?? '';
  } catch {
    return '';
  }
}

function writeSession(item: string, value: string): void {
  try {
    if (value) sessionStorage.setItem(item, value);
    else sessionStorage.removeItem(item);
  } catch {
    // Storage refused (private mode): the value lives as long as the console.
  }
}

async function send(target: TargetKind, slug: string, doc: OpenApiDocument, request: EditedRequest): Promise<Answer> {
  const init: RequestInit = {method: request.method, headers: request.headers, body: request.body};
  const started = performance.now();
  const response =
    target === 'browser'
      ? await askSandbox(slug, doc, new Request(requestUrl(request), init))
      : await fetch(requestUrl(request), init);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    headers,
    body: json === undefined ? text : JSON.stringify(json, null, 2),
    json,
  };
}

const wait = (ms: number, signal: {stopped: boolean}) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (signal.stopped) {
      clearTimeout(timer);
      resolve();
    }
  });

function Samples({request}: {request: EditedRequest}): ReactNode {
  const samples = useMemo(() => {
    let body: unknown;
    if (request.body !== undefined) {
      try {
        body = JSON.parse(request.body);
      } catch {
        return undefined;
      }
    }
    return codeSamples({
      method: request.method,
      path: request.path,
      query: request.query,
      headers: request.headers,
      body,
    });
  }, [request]);
  if (!samples) return <p>The body is not valid JSON yet, so there is no code to show.</p>;
  return (
    <Tabs lazy className={styles.sampleTabs}>
      {samples.map((sample) => (
        <TabItem key={sample.id} value={sample.id} label={sample.label}>
          <CodeBlock language={sample.lang}>{sample.source}</CodeBlock>
        </TabItem>
      ))}
    </Tabs>
  );
}

function AnswerView({answer}: {answer: Answer}): ReactNode {
  const ok = answer.status >= 200 && answer.status < 300;
  return (
    <section className={styles.answer} aria-label="Response">
      <p className={styles.statusLine}>
        <span className={ok ? styles.ok : styles.failed} data-testid="tryit-status">
          {answer.status} {answer.statusText}
        </span>{' '}
        <span data-testid="tryit-time">in {answer.ms} ms</span>
      </p>
      <details>
        <summary>Headers ({answer.headers.length})</summary>
        <dl className={styles.headers}>
          {answer.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <pre className={styles.body} tabIndex={0} aria-label="Response body" data-testid="tryit-body">
        {answer.body || '(empty body)'}
      </pre>
    </section>
  );
}

function Form({operation, doc}: {operation: ConsoleOperation; doc: OpenApiDocument}): ReactNode {
  const id = useId();
  const [target, setTarget] = useState<TargetKind>('browser');
  const [customHost, setCustomHost] = useState(() => readSession(customHostItem));
  const [customKey, setCustomKey] = useState(() => readSession(customKeyItem));
  const [sandboxApiKey, setSandboxApiKey] = useState(sandboxKey);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(operation.parameters.map((field) => [field.name, field.initial])),
  );
  const [body, setBody] = useState(operation.exampleBody);
  const [problems, setProblems] = useState<string[]>([]);
  const [answer, setAnswer] = useState<Answer>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [polls, setPolls] = useState<PollRow[]>([]);
  const stop = useRef({stopped: false});

  useEffect(() => writeSession(customHostItem, customHost), [customHost]);
  useEffect(() => writeSession(customKeyItem, customKey), [customKey]);
  useEffect(() => () => void (stop.current.stopped = true), []);

  const key = target === 'custom' ? customKey : sandboxApiKey;
  const base = targetBase(target, typeof window === 'undefined' ? '' : window.location.origin, customHost);
  const hasBody = operation.bodySchema !== undefined;
  const request = useMemo(
    () => editedRequest(operation, base, values, key, hasBody ? body : undefined),
    [operation, base, values, key, hasBody, body],
  );
  const schema = useMemo(
    () => (operation.bodySchema ? standaloneSchema(doc, operation.bodySchema) : undefined),
    [doc, operation.bodySchema],
  );

  const explain = (error: unknown) =>
    setFailure(
      `The request failed before an answer arrived: ${error instanceof Error ? error.message : String(error)}. ` +
        (target === 'local'
          ? `Is the local sandbox running (npm run sandbox, ${localSandboxUrl})?`
          : target === 'custom'
            ? 'The real API sends no CORS headers, so a browser can only reach a proxy of your own that adds them.'
            : ''),
    );

  const onSend = useCallback(async () => {
    setBusy(true);
    setFailure(undefined);
    setPolls([]);
    try {
      setAnswer(await send(target, operation.slug, doc, request));
    } catch (error) {
      setAnswer(undefined);
      explain(error);
    } finally {
      setBusy(false);
    }
    // explain reads only target, which is a dependency
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, operation.slug, doc, request]);

  const onPoll = useCallback(async () => {
    const plan = operation.poll!;
    stop.current = {stopped: false};
    const signal = stop.current;
    setBusy(true);
    setFailure(undefined);
    const rows: PollRow[] = [];
    const record = (row: PollRow) => {
      rows.push(row);
      setPolls([...rows]);
    };
    try {
      let last = await send(target, operation.slug, doc, request);
      setAnswer(last);
      let state = sessionStateOf(last.json, plan.tokenField);
      record({call: 'create', http: last.status, status: state.status, action: state.action, ms: last.ms});
      for (
        let count = 1;
        count <= maxPolls && last.status === 200 && state.token && !sessionOver(state.status);
        count++
      ) {
        await wait(pollIntervalMs, signal);
        if (signal.stopped) break;
        const pollRequest: EditedRequest = {
          ...request,
          path: filledPath(plan.path, {[plan.tokenField]: state.token}),
          query: {},
          method: plan.method,
          body: plan.body || undefined,
          headers: Object.fromEntries(
            Object.entries(request.headers).filter(([name]) => plan.body || name !== 'content-type'),
          ),
        };
        last = await send(target, operation.slug, doc, pollRequest);
        setAnswer(last);
        const next = sessionStateOf(last.json, plan.tokenField);
        state = {...next, token: next.token || state.token};
        record({call: `poll ${count}`, http: last.status, status: next.status, action: next.action, ms: last.ms});
      }
    } catch (error) {
      explain(error);
    } finally {
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [operation, target, doc, request]);

  return (
    <div className={styles.form}>
      <fieldset className={styles.group}>
        <legend>Send to</legend>
        {(
          [
            ['browser', 'Sandbox in this page (no server, sandbox_ key)'],
            ['local', `Local sandbox (${localSandboxUrl})`],
            ['custom', 'Your host and key'],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-target`}
              value={kind}
              checked={target === kind}
              onChange={() => setTarget(kind)}
            />{' '}
            {label}
          </label>
        ))}
        {target === 'custom' && (
          <div className={styles.custom}>
            <p className={styles.note}>
              The real API sends no CORS headers, so a browser cannot call it directly: enter the address of a proxy of
              your own that adds them. The host and key stay in this tab (sessionStorage) and are sent only there.
            </p>
            <label className={styles.field}>
              <span>Host</span>
              <input
                value={customHost}
                onChange={(event) => setCustomHost(event.target.value)}
                placeholder="https://your-proxy.example"
                autoComplete="off"
              />
            </label>
            <label className={styles.field}>
              <span>API key</span>
              <input
                type="password"
                value={customKey}
                onChange={(event) => setCustomKey(event.target.value)}
                autoComplete="off"
              />
            </label>
          </div>
        )}
      </fieldset>

      {(operation.parameters.length > 0 || (operation.keyHeaders.length > 0 && target !== 'custom')) && (
        <fieldset className={styles.group}>
          <legend>Parameters and headers</legend>
          {operation.parameters.map((field) => (
            <label key={field.name} className={styles.field}>
              <span>
                <code>{field.name}</code> ({field.in}
                {field.required ? ', required' : ''})
              </span>
              <input
                value={values[field.name] ?? ''}
                required={field.required}
                onChange={(event) => setValues({...values, [field.name]: event.target.value})}
                aria-description={field.description}
              />
            </label>
          ))}
          {target !== 'custom' &&
            operation.keyHeaders.map((header) => (
              <label key={header} className={styles.field}>
                <span>
                  <code>{header}</code> (header; the sandboxes accept any key that starts with <code>sandbox_</code>)
                </span>
                <input value={sandboxApiKey} onChange={(event) => setSandboxApiKey(event.target.value)} />
              </label>
            ))}
        </fieldset>
      )}

      {schema && (
        <div className={styles.group}>
          <p className={styles.legend} id={`${id}-body`}>
            Request body (JSON, checked against the request schema as you type)
          </p>
          <JsonEditor
            initial={operation.exampleBody}
            schema={schema}
            label="Request body (JSON)"
            onChange={setBody}
            onProblems={setProblems}
          />
          <div role="status" aria-live="polite" data-testid="tryit-problems">
            {problems.length > 0 && (
              <>
                <p className={styles.problemTitle}>
                  {problems.length === 1 ? '1 problem' : `${problems.length} problems`} in the body (you can still send
                  it, to see the API’s answer):
                </p>
                <ul className={styles.problems}>
                  {problems.map((problem, index) => (
                    <li key={index}>{problem}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      )}

      <div className={styles.actions}>
        <button type="button" className="button button--primary" onClick={onSend} disabled={busy}>
          Send
        </button>
        {operation.poll && (
          <button type="button" className="button button--secondary" onClick={onPoll} disabled={busy}>
            Poll until complete
          </button>
        )}
        {busy && operation.poll && (
          <button
            type="button"
            className="button button--outline button--secondary"
            onClick={() => (stop.current.stopped = true)}>
            Stop
          </button>
        )}
        <span role="status" className={styles.busy}>
          {busy ? 'Sending…' : ''}
        </span>
      </div>
      {operation.poll && (
        <p className={styles.note}>
          Poll until complete sends this create call, then <code>{operation.poll.operationId}</code> with each answer’s{' '}
          <code>{operation.poll.tokenField}</code> about once a second, until the status is no longer{' '}
          <code>RESULT_STATUS_INCOMPLETE</code>.
        </p>
      )}

      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}

      {polls.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Polls">
          <table className={styles.polls} data-testid="tryit-polls">
            <caption>Each call of the session</caption>
            <thead>
              <tr>
                <th scope="col">Call</th>
                <th scope="col">HTTP</th>
                <th scope="col">status</th>
                <th scope="col">action</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {polls.map((row) => (
                <tr key={row.call}>
                  <td>{row.call}</td>
                  <td>{row.http}</td>
                  <td>{row.status}</td>
                  <td>{row.action}</td>
                  <td>{row.ms} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {answer && <AnswerView answer={answer} />}

      <section className={styles.group} aria-label="Code of this request">
        <p className={styles.legend}>This request as code (reads API_BASE_URL and API_KEY from the environment)</p>
        <Samples request={request} />
      </section>
    </div>
  );
}

export interface ConsoleProps {
  slug: string;
  operationId: string;
  /** Where the site serves the API's bundle (`useBaseUrl(specUrl(api))`). */
  specHref: string;
}

/** The console for one operation: fetches the bundle, then shows the form. */
export default function Console({slug, operationId, specHref}: ConsoleProps): ReactNode {
  const [loaded, setLoaded] = useState<{doc: OpenApiDocument; operation: ConsoleOperation} | {error: string}>();
  useEffect(() => {
    let current = true;
    fetchBundle(specHref)
      .then((doc) => {
        if (current) setLoaded({doc, operation: consoleOperation(slug, doc, operationId)});
      })
      .catch((error: unknown) => {
        if (current) setLoaded({error: error instanceof Error ? error.message : String(error)});
      });
    return () => {
      current = false;
    };
  }, [slug, operationId, specHref]);

  if (!loaded) return <p role="status">Loading the specification…</p>;
  if ('error' in loaded) {
    return (
      <p role="alert" className={styles.failure}>
        The console could not load: {loaded.error}
      </p>
    );
  }
  const {operation, doc} = loaded;
  return (
    <>
      <p className={styles.request}>
        <code className={styles.method}>{operation.method}</code> <code>{operation.path}</code>
      </p>
      <Form key={`${slug}/${operationId}`} operation={operation} doc={doc} />
    </>
  );
}
