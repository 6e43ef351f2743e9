/**
 * The try-it console for one operation, loaded with `import()` only when a reader opens it
 * (index.tsx). It fetches the API's bundle (bundles.ts) and composes the parts, each in its own file:
 * where to send (Target.tsx), the parameters and key (Parameters.tsx), the JSON body checked against
 * the request schema (Body.tsx, JsonEditor.tsx), Send and, for create calls, "Poll until complete" and
 * Stop (useRun.ts, the loop of pollSession.ts), the session's calls (PollTimeline.tsx) and timeline
 * (SessionTimeline.tsx), the results it holds as a developer reads them (LiveResults.tsx, with a row's
 * follow-up: the itinerary refresh), carrying the session on (CarryOn.tsx), the session as a program
 * (LoopCode.tsx), the answer (AnswerView.tsx) and the request as code (Samples.tsx). What a request is
 * made of: request.ts.
 */
import {useEffect, useMemo, useState, type ReactNode} from 'react';
import type {OpenApiDocument} from '@portal/specs';
import AnswerView from './AnswerView';
import Body from './Body';
import CarryOn from './CarryOn';
import LiveResults from './LiveResults';
import LoopCode from './LoopCode';
import {hasLiveView, heldContent, liveView, type LiveViewApi, type ViewRow} from './liveView';
import {fetchBundle} from './bundles';
import Parameters, {useParameters} from './Parameters';
import PollTimeline from './PollTimeline';
import SessionTimeline from './SessionTimeline';
import {
  consoleOperation,
  editedRequest,
  pageOffset,
  resultFollowUp,
  standaloneSchema,
  targetBase,
  type ConsoleOperation,
} from './request';
import Samples from './Samples';
import styles from './styles.module.css';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {BEHAVIOUR_HEADER} from '@portal/sandbox/behaviours';
import Target, {useTarget} from './Target';
import {useRun} from './useRun';

/** What the results held were after a call: replaced by its answer, or kept, and how many. */
function heldAfter(slug: LiveViewApi, held: unknown, answer: {json: unknown}): string | undefined {
  const view = liveView(slug, held);
  if (!view) return undefined;
  const replaced = heldContent(undefined, answer.json) === held;
  return `${replaced ? 'replaced' : 'kept'}: ${view.count} ${view.count === 1 ? view.one : view.noun}`;
}

/** The currency of a live search's create body (`query.currency`), when it names one. */
function queryCurrency(body: string | undefined): string | undefined {
  try {
    const currency = (JSON.parse(body ?? '') as {query?: {currency?: unknown}}).query?.currency;
    return typeof currency === 'string' ? currency : undefined;
  } catch {
    return undefined;
  }
}

function Form({operation, doc}: {operation: ConsoleOperation; doc: OpenApiDocument}): ReactNode {
  const target = useTarget();
  const hostedUrl = useDocusaurusContext().siteConfig.customFields?.hostedSandboxUrl as string | null | undefined;
  const parameters = useParameters(operation.parameters);
  const [body, setBody] = useState(operation.exampleBody);
  const run = useRun(target.kind, operation.slug, doc);

  const key = target.kind === 'custom' ? target.customKey : parameters.sandboxApiKey;
  const base = targetBase(
    target.kind,
    typeof window === 'undefined' ? '' : window.location.origin,
    target.customHost,
    hostedUrl,
    target.localUrl,
  );
  // A local address the page may not call: nothing is sent until it is one (Target.tsx says why)
  const unreachable = target.kind === 'local' && target.localUrl === undefined;
  const hasBody = operation.bodySchema !== undefined;
  const request = useMemo(
    () => editedRequest(operation, base, parameters.values, key, hasBody ? body : undefined, target.scenario),
    [operation, base, parameters.values, key, hasBody, body, target.scenario],
  );
  const schema = useMemo(
    () => (operation.bodySchema ? standaloneSchema(doc, operation.bodySchema) : undefined),
    [doc, operation.bodySchema],
  );
  const plan = operation.poll;
  const followUp = useMemo(
    () => (plan ? resultFollowUp(doc, operation.slug, operation.operationId) : undefined),
    [doc, plan, operation.slug, operation.operationId],
  );
  const live = run.live;
  // The call whose request and answer show (the last answer unless the reader picks one on the timeline)
  const [shown, setShown] = useState<number>();
  const shownCall = shown !== undefined && shown < run.calls.length ? shown : undefined;
  const viewSlug = hasLiveView(operation.slug) ? operation.slug : undefined;
  const total = hasLiveView(operation.slug) ? liveView(operation.slug, run.held)?.total : undefined;
  /** The follow-up (the itinerary refresh) of one row: to where the session went, with its token, key and scenario. */
  const followRow = (row: ViewRow) => {
    if (!followUp || !live) return;
    const values = Object.fromEntries(followUp.parameters.map(({parameter}) => [parameter, live.token]));
    const body = JSON.stringify({[followUp.bodyField]: row.id}, null, 2);
    const sessionKey = operation.keyHeaders.map((header) => live.request.headers[header]).find(Boolean) ?? '';
    const scenario = live.request.headers[BEHAVIOUR_HEADER] ?? '';
    const sent = editedRequest(followUp.operation, live.request.base, values, sessionKey, body, scenario);
    setShown(undefined);
    void run.refresh(sent, followUp.plan, row.id);
  };

  return (
    <div className={styles.form}>
      <Target choice={target} hostedUrl={hostedUrl} />
      <Parameters operation={operation} sandboxTarget={target.kind !== 'custom'} edits={parameters} />
      {schema && <Body initial={operation.exampleBody} schema={schema} onChange={setBody} />}

      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setShown(undefined);
            void run.send(request);
          }}
          disabled={run.busy || unreachable}>
          Send
        </button>
        {plan && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setShown(undefined);
              void run.poll(request, plan);
            }}
            disabled={run.busy || unreachable}>
            Poll until complete
          </button>
        )}
        {run.busy && plan && (
          <button type="button" className="button button--outline button--secondary" onClick={run.stop}>
            Stop
          </button>
        )}
        <span role="status" className={styles.busy}>
          {run.busy ? 'Sending…' : ''}
        </span>
      </div>
      {plan && (
        <p className={styles.note}>
          Poll until complete sends this create call, then “{plan.summary}” with each answer’s{' '}
          <code>{plan.tokenField}</code> about once a second, until the status is no longer{' '}
          <code>RESULT_STATUS_INCOMPLETE</code>.
        </p>
      )}

      {run.failure && (
        <p className={styles.failure} role="alert">
          {run.failure}
        </p>
      )}

      <PollTimeline
        rows={run.polls}
        {...(viewSlug ? {held: run.calls.map((call) => heldAfter(viewSlug, call.held, call.answer))} : {})}
        shown={shownCall}
        onShow={setShown}
      />
      <SessionTimeline session={run.session} slug={operation.slug} doc={doc} />
      {hasLiveView(operation.slug) && run.held !== undefined && (
        <LiveResults
          slug={operation.slug}
          doc={doc}
          content={run.held}
          currencyCode={queryCurrency(live?.request.body ?? request.body)}
          offset={pageOffset(run.heldFrom)}
          rowAction={
            followUp && live?.token
              ? (row, name) => (
                  <button
                    type="button"
                    className="button button--sm button--outline button--primary"
                    disabled={run.busy}
                    aria-label={`${followUp.operation.summary}: ${name}`}
                    onClick={() => followRow(row)}>
                    {followUp.operation.summary}
                  </button>
                )
              : undefined
          }
        />
      )}
      {hasLiveView(operation.slug) && run.refreshed && (
        <LiveResults
          slug={operation.slug}
          doc={doc}
          title={`${followUp?.operation.summary ?? 'Follow-up'} (${run.refreshed.status || 'no status'})`}
          testId="tryit-refreshed"
          content={run.refreshed.content}
          currencyCode={queryCurrency(live?.request.body ?? request.body)}
        />
      )}
      {live?.token && live.plan.body && (
        <CarryOn
          doc={doc}
          live={live}
          busy={run.busy}
          total={total}
          onPoll={(body) => {
            setShown(undefined);
            void run.pollAgain(body);
          }}
        />
      )}
      {live?.token && hasLiveView(operation.slug) && (
        <LoopCode slug={operation.slug} doc={doc} createId={operation.operationId} live={live} />
      )}
      {shownCall !== undefined && run.calls[shownCall] ? (
        <AnswerView answer={run.calls[shownCall].answer} call={run.polls[shownCall]?.call} />
      ) : (
        run.answer && <AnswerView answer={run.answer} />
      )}
      <Samples request={request} />
    </div>
  );
}

export interface ConsoleProps {
  slug: string;
  operationId: string;
  /** Where the site serves the API's bundle (`useBaseUrl(specUrl(api))`). */
  specHref: string;
  /** Told the operation's summary in its specification once the bundle has loaded (the dialog's title). */
  onSummary?: (summary: string) => void;
}

/** The console for one operation: fetches the bundle, then shows the form. */
export default function Console({slug, operationId, specHref, onSummary}: ConsoleProps): ReactNode {
  const [loaded, setLoaded] = useState<{doc: OpenApiDocument; operation: ConsoleOperation} | {error: string}>();
  useEffect(() => {
    let current = true;
    fetchBundle(specHref)
      .then((doc) => {
        if (!current) return;
        const operation = consoleOperation(slug, doc, operationId);
        setLoaded({doc, operation});
        onSummary?.(operation.summary);
      })
      .catch((error: unknown) => {
        if (current) setLoaded({error: error instanceof Error ? error.message : String(error)});
      });
    return () => {
      current = false;
    };
  }, [slug, operationId, specHref, onSummary]);

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
