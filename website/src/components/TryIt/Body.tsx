/**
 * The request body: the JSON editor (JsonEditor.tsx), checked against the request schema while the
 * reader types, and the problems it finds listed in text under it (a live region), so they are read out
 * and seen without the underlines. A body with problems can still be sent.
 */
import {useState, type ReactNode} from 'react';
import JsonEditor from './JsonEditor';
import styles from './styles.module.css';

export interface BodyProps {
  /** The body the editor starts with (the operation's example). */
  initial: string;
  /** The request schema, with the document's components beside it (`standaloneSchema` in request.ts). */
  schema: Record<string, unknown>;
  onChange: (text: string) => void;
  /** What the body is (`Request body` unless given: the carried-on session's `Poll body`). */
  name?: string;
}

export default function Body({initial, schema, onChange, name = 'Request body'}: BodyProps): ReactNode {
  const [problems, setProblems] = useState<string[]>([]);
  return (
    <div className={styles.group}>
      <p className={styles.legend}>{name} (JSON, checked against its schema as you type)</p>
      <JsonEditor
        initial={initial}
        schema={schema}
        label={`${name} (JSON)`}
        onChange={onChange}
        onProblems={setProblems}
      />
      <div role="status" aria-live="polite" data-testid="tryit-problems">
        {problems.length > 0 && (
          <>
            <p className={styles.problemTitle}>
              {problems.length === 1 ? '1 problem' : `${problems.length} problems`} in the body (you can still send it,
              to see the API’s answer):
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
  );
}
