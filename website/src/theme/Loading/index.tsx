/**
 * Overrides Docusaurus's fallback `@theme/Loading` (core theme-fallback), the component shown while a
 * route's code loads. The fallback's error box has white text on a light red and a spinner with no
 * text alternative; this one keeps the fallback's behaviour (a spinner while loading; on failure the
 * error text and a Retry button) with accessible roles and theme colours.
 */
import type {ReactNode} from 'react';
import type {LoadingComponentProps as Props} from 'react-loadable';
import styles from './styles.module.css';

export default function Loading({error, retry, pastDelay}: Props): ReactNode {
  if (error) {
    return (
      <div className={styles.errorBox} role="alert">
        <p className={styles.errorTitle}>This page could not be loaded.</p>
        <p className={styles.errorText}>{String(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.label}>Loading…</span>
      </div>
    );
  }
  return null;
}
