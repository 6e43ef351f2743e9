/**
 * Where the console sends (`TargetKind` in request.ts): the sandbox in the page (sandbox.ts), the
 * local sandbox, or the reader's own host and key, which stay in this tab's sessionStorage.
 * `useTarget` holds the choice; `Target` is its fieldset.
 */
import {useCallback, useId, useState, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {targetChoices, type TargetKind} from './request';
import styles from './styles.module.css';

/** Where the reader's own host and key are kept: this tab only (sessionStorage), never sent elsewhere. */
const customHostItem = 'tryit.host';
const customKeyItem = 'tryit.key';

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

/** A text kept in sessionStorage under `item` as it is typed. */
function useSessionText(item: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => readSession(item));
  const update = useCallback(
    (next: string) => {
      setValue(next);
      writeSession(item, next);
    },
    [item],
  );
  return [value, update];
}

export interface TargetChoice {
  kind: TargetKind;
  setKind: (kind: TargetKind) => void;
  customHost: string;
  setCustomHost: (host: string) => void;
  customKey: string;
  setCustomKey: (key: string) => void;
}

/** The target chosen (the page's sandbox at first) and the reader's host and key. */
export function useTarget(): TargetChoice {
  const [kind, setKind] = useState<TargetKind>('browser');
  const [customHost, setCustomHost] = useSessionText(customHostItem);
  const [customKey, setCustomKey] = useSessionText(customKeyItem);
  return {kind, setKind, customHost, setCustomHost, customKey, setCustomKey};
}

export default function Target({choice, hostedUrl}: {choice: TargetChoice; hostedUrl?: string | null}): ReactNode {
  const id = useId();
  const {siteConfig} = useDocusaurusContext();
  return (
    <fieldset className={styles.group}>
      <legend>Send to</legend>
      {targetChoices(hostedUrl, siteConfig.url).map(([kind, label]) => (
        <label key={kind} className={styles.choice}>
          <input
            type="radio"
            name={`${id}-target`}
            value={kind}
            checked={choice.kind === kind}
            onChange={() => choice.setKind(kind)}
          />{' '}
          {label}
        </label>
      ))}
      {choice.kind === 'custom' && (
        <div className={styles.custom}>
          <p className={styles.note}>
            The real API sends no CORS headers, so a browser cannot call it directly: enter the address of a proxy of
            your own that adds them. The host and key stay in this tab (sessionStorage) and are sent only there.
          </p>
          <label className={styles.field}>
            <span>Host</span>
            <input
              value={choice.customHost}
              onChange={(event) => choice.setCustomHost(event.target.value)}
              placeholder="https://your-proxy.example"
              autoComplete="off"
            />
          </label>
          <label className={styles.field}>
            <span>API key</span>
            <input
              type="password"
              value={choice.customKey}
              onChange={(event) => choice.setCustomKey(event.target.value)}
              autoComplete="off"
            />
          </label>
        </div>
      )}
    </fieldset>
  );
}
