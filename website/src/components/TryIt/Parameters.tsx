/**
 * The operation's path and query parameters (`ParameterField` in request.ts), each starting at its
 * example, and the headers that carry the sandbox key. `useParameters` holds what the reader typed;
 * `Parameters` is their fieldset.
 */
import {useCallback, useState, type ReactNode} from 'react';
import {sandboxKey, type ConsoleOperation, type ParameterField} from './request';
import styles from './styles.module.css';

export interface ParameterValues {
  /** Each parameter's value, by name. */
  values: Record<string, string>;
  setValue: (name: string, value: string) => void;
  /** The key sent to the sandboxes (the reader's own key is `useTarget`'s). */
  sandboxApiKey: string;
  setSandboxApiKey: (key: string) => void;
}

export function useParameters(parameters: ParameterField[]): ParameterValues {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(parameters.map((field) => [field.name, field.initial])),
  );
  const setValue = useCallback(
    (name: string, value: string) => setValues((current) => ({...current, [name]: value})),
    [],
  );
  const [sandboxApiKey, setSandboxApiKey] = useState(sandboxKey);
  return {values, setValue, sandboxApiKey, setSandboxApiKey};
}

export interface ParametersProps {
  operation: Pick<ConsoleOperation, 'parameters' | 'keyHeaders'>;
  /** Whether the key headers are asked for here (not when the reader's own host and key are used). */
  sandboxTarget: boolean;
  edits: ParameterValues;
}

export default function Parameters({operation, sandboxTarget, edits}: ParametersProps): ReactNode {
  const keyHeaders = sandboxTarget ? operation.keyHeaders : [];
  if (operation.parameters.length === 0 && keyHeaders.length === 0) return null;
  return (
    <fieldset className={styles.group}>
      <legend>Parameters and headers</legend>
      {operation.parameters.map((field) => (
        <label key={field.name} className={styles.field}>
          <span>
            <code>{field.name}</code> ({field.in}
            {field.required ? ', required' : ''})
          </span>
          <input
            value={edits.values[field.name] ?? ''}
            required={field.required}
            onChange={(event) => edits.setValue(field.name, event.target.value)}
            aria-description={field.description}
          />
        </label>
      ))}
      {keyHeaders.map((header) => (
        <label key={header} className={styles.field}>
          <span>
            <code>{header}</code> (header; the sandboxes accept any key that starts with <code>sandbox_</code>)
          </span>
          <input value={edits.sandboxApiKey} onChange={(event) => edits.setSandboxApiKey(event.target.value)} />
        </label>
      ))}
    </fieldset>
  );
}
