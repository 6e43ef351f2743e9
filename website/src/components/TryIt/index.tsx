/**
 * The try-it console's entry points, kept small because they ship with the pages that offer Try it:
 * - `TryItDialog`: a modal dialog that loads the console (Console.tsx, with CodeMirror, Ajv and the
 *   in-browser sandbox) with `import()` only when it opens;
 * - `TryIt` (default): the MDX component `<TryIt api="flights-live-pricing" operation="..."/>`, a button
 *   that opens the dialog on a guide page, named with the operation's summary, which remarkTryIt.ts gives
 *   it at build time.
 * The reference pages open the same dialog from a Try it button at each operation
 * (src/plugins/apiReference/theme/ApiReference/TryItButtons.tsx).
 */
import {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {apis, specUrl} from '@site/config/apis';
import styles from './styles.module.css';

const Console = lazy(() => import('./Console'));

export interface TryItDialogProps {
  /** The API's slug (config/apis.ts). */
  api: string;
  operation: string;
  onClose: () => void;
}

/**
 * The console in a modal dialog (Escape or the Close button closes it; focus returns to the opener), titled
 * with the operation's summary in its specification once the console has read it.
 */
export function TryItDialog({api, operation, onClose}: TryItDialogProps): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const [summary, setSummary] = useState<string>();
  const entry = apis.find((candidate) => candidate.slug === api);
  const specHref = useBaseUrl(entry ? specUrl(entry) : '/');
  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
    };
  }, []);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="tryit-title" onClose={onClose}>
      <div className={styles.dialogHeader}>
        <h2 id="tryit-title" className={styles.title}>
          Try it{summary ? `: ${summary}` : ''}
        </h2>
        <button type="button" className="button button--secondary button--sm" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      {entry ? (
        <Suspense fallback={<p role="status">Loading the console…</p>}>
          <Console slug={api} operationId={operation} specHref={specHref} onSummary={setSummary} />
        </Suspense>
      ) : (
        <p role="alert">There is no API {api} (config/apis.ts).</p>
      )}
    </dialog>
  );
}

export interface TryItProps {
  api: string;
  operation: string;
  /** The operation's summary in its specification (remarkTryIt.ts writes it in; the operationId without it). */
  summary?: string;
  children?: ReactNode;
}

/** A button in a guide that opens the console for one operation. */
export default function TryIt({api, operation, summary, children}: TryItProps): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.launcher}>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Try it: {summary ?? operation}
      </button>
      <span className={styles.launcherNote}>
        {children ?? 'Send this call to the sandbox from this page, edit it, and see the answer and the code.'}
      </span>
      {open && <TryItDialog api={api} operation={operation} onClose={() => setOpen(false)} />}
    </div>
  );
}
