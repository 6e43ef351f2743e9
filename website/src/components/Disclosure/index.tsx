/**
 * `<Disclosure summary="...">`: a native `<details>`, closed, for a long part of a page a reader opens
 * when they want it (the change log's changes by operation, src/plugins/changelog/specReleases.ts, which
 * writes it). Closed, the browser neither styles, lays out nor paints its content, so a page of hundreds
 * of list items costs on load what its headings and summaries cost. The browser opens and closes it
 * without JavaScript, Chromium's find in page opens it on a match, and the search indexes its content
 * from the HTML as any other. Not Docusaurus's `details` (its animated, React-driven box, which MDX's
 * `<details>` renders): this one needs no JavaScript at all.
 */
import type {ReactNode} from 'react';
import styles from './styles.module.css';

export default function Disclosure({summary, children}: {summary: string; children: ReactNode}): ReactNode {
  return (
    <details className={styles.disclosure}>
      <summary className={styles.summary}>{summary}</summary>
      {children}
    </details>
  );
}
