/** The last answer (send.ts): its status, the time it took, its headers (folded) and its body. */
import type {ReactNode} from 'react';
import type {Answer} from './send';
import styles from './styles.module.css';

export default function AnswerView({answer}: {answer: Answer}): ReactNode {
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
