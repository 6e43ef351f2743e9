/**
 * Carrying on with a live session whose poll takes a body (hotels: sort, filters and page): the poll body
 * in the JSON editor, checked against the poll's request schema, with controls for the sort and the page
 * that rewrite it, and "Poll this session again", which polls the same session token with it
 * (`pollAgain` of useRun.ts). The sort's choices are the spec's enum values a request may send
 * (`sendableValues`: the zero values the spec refuses are left out); the page moves by the body's
 * `pagination.limit`. Nothing here names a value the spec does not give.
 */
import {useId, useMemo, useState, type ReactNode} from 'react';
import type {OpenApiDocument} from '@portal/specs';
import Body from './Body';
import {pollBodySchema, schemaAt, sendableValues, standaloneSchema} from './request';
import type {LiveSession} from './useRun';
import styles from './styles.module.css';

type Json = Record<string, unknown>;

function parsed(text: string): Json | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** The body with the object at `key` merged with `change`. */
const withField = (body: Json, key: string, change: Json): Json => ({
  ...body,
  [key]: {...((body[key] as Json | undefined) ?? {}), ...change},
});

/** A select of an enum field's sendable values (nothing when the field has none). */
function EnumSelect(props: {
  label: string;
  values: string[];
  value: string | undefined;
  onPick: (value: string) => void;
}): ReactNode {
  if (props.values.length === 0) return null;
  return (
    <label className={styles.field}>
      <span>{props.label}</span>
      <select value={props.value ?? ''} onChange={(event) => props.onPick(event.target.value)}>
        {!props.value && <option value="">(not set)</option>}
        {props.values.map((value) => (
          <option key={value}>{value}</option>
        ))}
      </select>
    </label>
  );
}

export interface CarryOnProps {
  doc: OpenApiDocument;
  live: LiveSession;
  busy: boolean;
  /** How many results the search has in all (hotels' `totalHotelResultCount`), when the answer says. */
  total: number | undefined;
  onPoll: (body: string) => void;
}

export default function CarryOn({doc, live, busy, total, onPoll}: CarryOnProps): ReactNode {
  const id = useId();
  const schema = useMemo(() => pollBodySchema(doc, live.plan), [doc, live.plan]);
  const [body, setBody] = useState(live.plan.body);
  // The editor owns its text; a control's change remounts it with the new body
  const [version, setVersion] = useState(0);
  const types = useMemo(() => sendableValues(doc, schema, ['sort', 'type']), [doc, schema]);
  const orders = useMemo(() => sendableValues(doc, schema, ['sort', 'order']), [doc, schema]);
  const paged = useMemo(() => schemaAt(doc, schema, ['pagination', 'offset']) !== undefined, [doc, schema]);
  if (!schema) return null;

  const current = parsed(body);
  const sort = (current?.sort ?? {}) as {type?: string; order?: string};
  const pagination = (current?.pagination ?? {}) as {limit?: number; offset?: number};
  const limit = typeof pagination.limit === 'number' && pagination.limit > 0 ? pagination.limit : undefined;
  const offset = typeof pagination.offset === 'number' ? pagination.offset : 0;
  const rewrite = (key: string, change: Json) => {
    if (!current) return;
    setBody(JSON.stringify(withField(current, key, change), null, 2));
    setVersion((count) => count + 1);
  };

  return (
    <section className={styles.group} aria-labelledby={`${id}-title`} data-testid="tryit-carry-on">
      <h3 id={`${id}-title`} className={styles.resultsTitle}>
        Carry on with this session
      </h3>
      <p className={styles.note}>
        Polls the same session token (<code>{live.plan.tokenField}</code>) with this body: another order, filters or
        page of the same search, with no new search.
      </p>
      {current && (types.length > 0 || paged) && (
        <div className={styles.carryControls}>
          <EnumSelect label="Sort by" values={types} value={sort.type} onPick={(type) => rewrite('sort', {type})} />
          <EnumSelect
            label="Direction"
            values={orders}
            value={sort.order}
            onPick={(order) => rewrite('sort', {order})}
          />
          {paged && limit !== undefined && (
            <div className={styles.pager} role="group" aria-label="Page">
              <button
                type="button"
                className="button button--sm button--secondary"
                disabled={offset === 0}
                onClick={() => rewrite('pagination', {offset: Math.max(0, offset - limit)})}>
                Previous page
              </button>
              <span>
                Page {Math.floor(offset / limit) + 1}
                {total !== undefined ? ` of ${Math.max(1, Math.ceil(total / limit))}` : ''}
              </span>
              <button
                type="button"
                className="button button--sm button--secondary"
                disabled={total !== undefined && offset + limit >= total}
                onClick={() => rewrite('pagination', {offset: offset + limit})}>
                Next page
              </button>
            </div>
          )}
        </div>
      )}
      <Body key={version} name="Poll body" initial={body} schema={standaloneSchema(doc, schema)} onChange={setBody} />
      <div className={styles.actions}>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => onPoll(body)}>
          Poll this session again
        </button>
      </div>
    </section>
  );
}
