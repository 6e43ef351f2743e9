/**
 * The one visible form of an assumption in the guides: a labelled box that says what the guide
 * assumes, where the specifications (specs/) and specs/REAL-API-FACTS.md say nothing, and why.
 * Registered for every MDX page in src/theme/MDXComponents.tsx:
 *
 *   <Assumption because="The reference gives `minValue` no unit.">
 *   The values are in whole units of the search's currency.
 *   </Assumption>
 *
 * `because` is plain text in which `backticks` mark code, as in markdown.
 */
import {useId, type ReactNode} from 'react';
import styles from './styles.module.css';

export interface AssumptionProps {
  /** What the assumption rests on, or why the guide has to make it. */
  because?: string;
  /** What is assumed (markdown in MDX). */
  children: ReactNode;
}

/** Text with `backtick` spans as <code>. */
function inlineCode(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
        <code key={index}>{part.slice(1, -1)}</code>
      ) : (
        part
      ),
    );
}

export default function Assumption({because, children}: AssumptionProps): ReactNode {
  const labelId = useId();
  return (
    <div className={styles.assumption} role="note" aria-labelledby={labelId} data-assumption="">
      <p className={styles.label} id={labelId}>
        <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M6 6.2a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9v.6" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="8" cy="11.8" r="0.9" fill="currentColor" />
        </svg>
        Assumption
      </p>
      <div className={styles.body}>{children}</div>
      {because ? (
        <p className={styles.because}>
          <strong>Why: </strong>
          {inlineCode(because)}
        </p>
      ) : null}
    </div>
  );
}
