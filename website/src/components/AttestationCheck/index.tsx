/**
 * The in-browser verifier of docs/getting-started/integration-check.mdx: the reader picks a hosted check's
 * `attestation.json`, and optionally its `session.har` and the key set file, and the page verifies them as
 * `node sandbox.mjs verify <attestation.json> --keys <...> [--har session.har]` does (check/src/verify.ts),
 * showing "Authentic and accepted", "Authentic, refused" (with each reason) or "Not authentic", with the same
 * lines and the run's facts the command prints.
 *
 * - The key set is the file the reader picked, or else the one this site publishes at
 *   `/.well-known/integration-check-keys.json` (the portal's Worker serves it; a static build has none, and
 *   then the page asks for the file). The result says which set it was checked against.
 * - The verifier's code (and, given a HAR, the thirteen bundles and their precompiled validators) loads only
 *   when the reader asks (`import('./verify')`); nothing touches `window` before then, and the controls are
 *   disabled until the page has hydrated. The files never leave the browser: the only requests are for this
 *   site's own files.
 * - Status messages are in a live region, errors in an alert, the verdict in a labelled region.
 */
import {useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import {apis, specUrl} from '@site/config/apis';
import type {BundleSource} from '../HarCheck/check';
import {decisionFields, fields, privacyNote, type Part} from './fields';
import type {KeySource, Outcome, Step} from './verify';
import styles from './styles.module.css';

type Done = Extract<Outcome, {authentic: boolean}>;

/** The verdict's words: accepted, authentic but refused, or not authentic. */
const verdictText = (done: Done): string =>
  done.accepted ? 'Authentic and accepted' : done.authentic ? 'Authentic, refused' : 'Not authentic';

type State =
  {phase: 'idle'} | {phase: 'working'; message: string} | {phase: 'error'; message: string} | ({phase: 'done'} & Done);

const stepMessage = (step: Step | 'loading'): string =>
  ({
    loading: 'Loading the verifier…',
    keys: 'Reading the key set…',
    specs: `Loading the ${apis.length} API specifications from this site to judge the HAR again…`,
    verifying: 'Verifying the signature and the statement…',
  })[step];

/** Which key set was used, in a sentence. */
function keysSentence(keys: KeySource): ReactNode {
  return keys.kind === 'file' ? (
    <>
      Checked against the key set you picked, <code>{keys.name}</code>.
    </>
  ) : (
    <>
      Checked against the key set this site publishes, <code>{keys.url}</code>.
    </>
  );
}

function Result({state}: {state: Extract<State, {phase: 'done'}>}): ReactNode {
  const id = useId();
  return (
    <section className={styles.result} aria-labelledby={`${id}-verdict`} data-testid="attestation-check-result">
      <p
        id={`${id}-verdict`}
        className={state.accepted ? styles.verified : styles.refused}
        data-testid="attestation-check-verdict">
        <span aria-hidden="true">{state.accepted ? '✓ ' : '✗ '}</span>
        <strong>{verdictText(state)}</strong>
        {state.authentic &&
          !state.withHar &&
          ': the signature and the statement. Pick session.har to check the HAR too.'}
      </p>
      {state.reasons.length > 0 && (
        <ul className={styles.lines} aria-label="Why the run is refused" data-testid="attestation-check-reasons">
          {state.reasons.map((reason) => (
            <li key={reason}>✗ {reason}</li>
          ))}
        </ul>
      )}
      <ul className={styles.lines} aria-label="Checks" data-testid="attestation-check-lines">
        {state.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {state.facts.length > 0 && (
        <ul className={styles.lines} aria-label="The run" data-testid="attestation-check-facts">
          {state.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      )}
      <p className={styles.note} data-testid="attestation-check-keys">
        {keysSentence(state.keys)}
      </p>
    </section>
  );
}

/** A sentence's pieces, code shown as code. */
const pieces = (parts: Part[]): ReactNode[] =>
  parts.map((piece, at) => (typeof piece === 'string' ? piece : <code key={at}>{piece.code}</code>));

/** A labelled file input with its help line. */
function FilePicker(props: {
  id: string;
  label: string;
  help: ReactNode;
  accept: string;
  disabled: boolean;
  onPick: (file: File | undefined) => void;
}): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id} className={styles.label}>
        {props.label}
      </label>
      <input
        id={props.id}
        className={styles.input}
        type="file"
        accept={props.accept}
        disabled={props.disabled}
        aria-describedby={`${props.id}-help`}
        onChange={(event) => props.onPick(event.target.files?.[0])}
      />
      <p id={`${props.id}-help`} className={styles.help}>
        {props.help}
      </p>
    </div>
  );
}

export default function AttestationCheck(): ReactNode {
  const id = useId();
  const isBrowser = useIsBrowser();
  const {withBaseUrl} = useBaseUrlUtils();
  const [state, setState] = useState<State>({phase: 'idle'});
  const files = useRef<{attestation?: File; har?: File; keys?: File}>({});
  /** The verification under way: a newer one makes an older one's result stale. */
  const current = useRef(0);

  const sources: BundleSource[] = apis.map((api) => ({slug: api.slug, href: withBaseUrl(specUrl(api))}));

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const {attestation, har, keys} = files.current;
    const asked = new FormData(event.currentTarget);
    const forApi = String(asked.get('for') ?? '');
    const challenge = String(asked.get('challenge') ?? '');
    if (!attestation) {
      setState({phase: 'error', message: 'Pick the attestation.json to verify first.'});
      return;
    }
    const run = ++current.current;
    const fresh = () => run === current.current;
    setState({phase: 'working', message: stepMessage('loading')});
    import('./verify')
      .then(({verifyFiles}) =>
        verifyFiles({attestation, har, keys, forApi, challenge}, sources, window.location.origin, (step) => {
          if (fresh()) setState({phase: 'working', message: stepMessage(step)});
        }),
      )
      .then(
        (outcome) => {
          if (!fresh()) return;
          setState('error' in outcome ? {phase: 'error', message: outcome.error} : {phase: 'done', ...outcome});
        },
        (error: unknown) => {
          if (!fresh()) return;
          const why = error instanceof Error ? error.message : String(error);
          setState({phase: 'error', message: `The verifier could not run: ${why}. Reload the page and try again.`});
        },
      );
  };

  const status =
    state.phase === 'working'
      ? state.message
      : state.phase === 'done'
        ? `${verdictText(state)}. ${[...state.reasons.map((reason) => `✗ ${reason}`), ...state.lines].join(' ')}`
        : '';

  return (
    <div className={styles.check}>
      <form className={styles.form} onSubmit={verify} aria-label="Verify an attestation">
        {fields.map((field) => (
          <FilePicker
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            accept={field.accept}
            disabled={!isBrowser}
            onPick={(file) => (files.current[field.name] = file)}
            help={pieces(field.help)}
          />
        ))}
        <div className={styles.field}>
          <label htmlFor={`${id}-for`} className={styles.label}>
            {decisionFields.forApi.label}
          </label>
          <select
            id={`${id}-for`}
            name="for"
            className={styles.choice}
            disabled={!isBrowser}
            aria-describedby={`${id}-for-help`}
            defaultValue="">
            <option value="">{decisionFields.forApi.none}</option>
            {apis.map((api) => (
              <option key={api.slug} value={api.slug}>
                {api.title}
              </option>
            ))}
          </select>
          <p id={`${id}-for-help`} className={styles.help}>
            {pieces(decisionFields.forApi.help)}
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-challenge`} className={styles.label}>
            {decisionFields.challenge.label}
          </label>
          <input
            id={`${id}-challenge`}
            name="challenge"
            type="text"
            maxLength={200}
            autoComplete="off"
            className={styles.choice}
            disabled={!isBrowser}
            aria-describedby={`${id}-challenge-help`}
          />
          <p id={`${id}-challenge-help`} className={styles.help}>
            {pieces(decisionFields.challenge.help)}
          </p>
        </div>
        <p className={styles.help}>{privacyNote}</p>
        <button type="submit" className="button button--primary" disabled={!isBrowser}>
          Verify
        </button>
      </form>
      <p
        role="status"
        className={state.phase === 'done' ? styles.visuallyHidden : styles.status}
        data-testid="attestation-check-status">
        {status}
      </p>
      {state.phase === 'error' && (
        <p role="alert" className={styles.error} data-testid="attestation-check-error">
          {state.message}
        </p>
      )}
      {state.phase === 'done' && <Result state={state} />}
    </div>
  );
}
