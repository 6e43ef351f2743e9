/**
 * The "Not confirmed" box as it renders (./index.tsx adds its anchor to the build's link check): the
 * label, then what the page takes to be so where the service does not state it, with what to do that
 * is right either way. `id` is its anchor, which other pages and the specifications link to instead of
 * saying it again. `because`, why it is not confirmed, is for the docs team: it is listed in
 * website/NOT-CONFIRMED.md (website/config/notConfirmed.ts) and never rendered.
 */
import {useId, type ReactNode} from 'react';
import styles from './styles.module.css';

export interface NotConfirmedProps {
  /** The box's anchor (`#<id>` of its page), unique in the guides. */
  id: string;
  /** Why the statement is not confirmed; plain text, `backticks` for code. Not rendered. */
  because: string;
  /** What the page takes to be so, and what to do either way (markdown in MDX). */
  children: ReactNode;
}

export default function NotConfirmedBox({id, children}: NotConfirmedProps): ReactNode {
  const labelId = useId();
  return (
    <div id={id} className={styles.assumption} role="note" aria-labelledby={labelId} data-assumption="">
      <p className={styles.label} id={labelId}>
        <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M6 6.2a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9v.6" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="8" cy="11.8" r="0.9" fill="currentColor" />
        </svg>
        Not confirmed
      </p>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
