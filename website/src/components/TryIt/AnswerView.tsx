/**
 * An answer (send.ts): the last one, or a session's call chosen on its timeline (then what was sent for
 * it, folded, above); its status, the time it took, its headers (folded) and its body, which
 * folds too (open at first; the page's find searches it while open).
 */
import type {ReactNode} from 'react';
import type {Answer} from './send';
import styles from './styles.module.css';

/** The body's size as a reader reads it: bytes, or KB from 1 KB. */
function bodySize(body: string): string {
  const bytes = new TextEncoder().encode(body).length;
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

export default function AnswerView({answer, call}: {answer: Answer; call?: string}): ReactNode {
  const ok = answer.status >= 200 && answer.status < 300;
  return (
    <section className={styles.answer} aria-label={call ? `Response to ${call}` : 'Response'}>
      {call && answer.sent && (
        <details data-testid="tryit-sent">
          <summary>
            Sent for {call}: <code>{answer.sent.method}</code> <code>{new URL(answer.sent.url).pathname}</code>
          </summary>
          <pre className={styles.body} tabIndex={0} aria-label={`Request body of ${call}`}>
            {answer.sent.body ?? '(no body)'}
          </pre>
        </details>
      )}
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
      <details open>
        <summary>Body ({bodySize(answer.body)})</summary>
        <pre className={styles.body} tabIndex={0} aria-label="Response body" data-testid="tryit-body">
          {answer.body || '(empty body)'}
        </pre>
      </details>
    </section>
  );
}
