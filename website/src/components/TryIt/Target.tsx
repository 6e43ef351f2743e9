/**
 * Where the console sends (`TargetKind` in request.ts): the sandbox in the page (sandbox.ts), the
 * hosted sandbox, the local sandbox at the address the reader gives (remembered in localStorage), or
 * the reader's own host and key, which stay in this tab's sessionStorage; and, to a sandbox, the
 * scenario to ask for (`scenarios` of the sandbox, sent as its `x-sandbox-scenario` header).
 * `useTarget` holds the choice; `Target` is its fieldset.
 */
import {useCallback, useId, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {behaviours} from '@portal/sandbox/behaviours';
import {localSandboxBase, localSandboxUrl, targetChoices, type TargetKind} from './request';
import styles from './styles.module.css';

/** Where the reader's own host and key are kept: this tab only (sessionStorage), never sent elsewhere. */
const customHostItem = 'tryit.host';
const customKeyItem = 'tryit.key';
/** The local sandbox's address, kept across visits (localStorage): it is no secret. */
const localUrlItem = 'tryit.localSandbox';

type StorageKind = 'sessionStorage' | 'localStorage';

function readStored(kind: StorageKind, item: string): string {
  try {
    return window[kind].getItem(item) ?? '';
  } catch {
    return '';
  }
}

function writeStored(kind: StorageKind, item: string, value: string): void {
  try {
    if (value) window[kind].setItem(item, value);
    else window[kind].removeItem(item);
  } catch {
    // Storage refused (private mode): the value lives as long as the console.
  }
}

/** A text kept in `kind` of storage under `item` as it is typed. */
function useStoredText(kind: StorageKind, item: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => readStored(kind, item));
  const update = useCallback(
    (next: string) => {
      setValue(next);
      writeStored(kind, item, next);
    },
    [kind, item],
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
  /** The local sandbox's address as typed (`''`: the default). */
  localTyped: string;
  setLocalTyped: (address: string) => void;
  /** Its base URL, or undefined while what is typed is not an address the page may call. */
  localUrl: string | undefined;
  /** The sandbox scenario asked for (`''`: none); sent to sandbox targets only. */
  scenario: string;
  setScenario: (scenario: string) => void;
}

/** The target chosen (the page's sandbox at first), the local sandbox's address, the reader's host and key. */
export function useTarget(): TargetChoice {
  const [kind, setKind] = useState<TargetKind>('browser');
  const [customHost, setCustomHost] = useStoredText('sessionStorage', customHostItem);
  const [customKey, setCustomKey] = useStoredText('sessionStorage', customKeyItem);
  const [localTyped, setLocalTyped] = useStoredText('localStorage', localUrlItem);
  const [scenario, setScenario] = useState('');
  return {
    kind,
    setKind,
    customHost,
    setCustomHost,
    customKey,
    setCustomKey,
    localTyped,
    setLocalTyped,
    localUrl: localSandboxBase(localTyped),
    scenario: kind === 'custom' ? '' : scenario,
    setScenario,
  };
}

export default function Target({choice, hostedUrl}: {choice: TargetChoice; hostedUrl?: string | null}): ReactNode {
  const id = useId();
  const {siteConfig} = useDocusaurusContext();
  const scenariosHref = useBaseUrl('/docs/getting-started/sandbox#scenarios');
  return (
    <fieldset className={styles.group}>
      <legend>Send to</legend>
      {targetChoices(hostedUrl, siteConfig.url, choice.localUrl ?? localSandboxUrl).map(([kind, label]) => (
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
      {choice.kind === 'local' && (
        <label className={styles.field}>
          <span>Local sandbox address</span>
          <input
            value={choice.localTyped}
            onChange={(event) => choice.setLocalTyped(event.target.value)}
            placeholder={localSandboxUrl}
            autoComplete="off"
            aria-invalid={choice.localUrl === undefined}
            aria-describedby={`${id}-local-note`}
          />
          <span id={`${id}-local-note`} className={choice.localUrl === undefined ? styles.failure : styles.note}>
            {choice.localUrl === undefined
              ? 'Type http://127.0.0.1:<port> or http://localhost:<port>: the page may call a sandbox on this machine only.'
              : 'The sandbox you started (node sandbox.mjs --port <p>); remembered in this browser.'}
          </span>
        </label>
      )}
      {choice.kind !== 'custom' && (
        <label className={styles.field}>
          <span>Scenario</span>
          <select value={choice.scenario} onChange={(event) => choice.setScenario(event.target.value)}>
            <option value="">None: answer as usual</option>
            {behaviours.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <span className={styles.note}>
            Sent as the sandbox’s <code>x-sandbox-scenario</code> header: <a href={scenariosHref}>what each one does</a>
            .
          </span>
        </label>
      )}
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
