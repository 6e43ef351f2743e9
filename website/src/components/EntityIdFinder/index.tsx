/**
 * The entity-id finder of docs/getting-started/find-entity-ids.mdx: type a place
 * name or an IATA code, see the matching places with their entity id, IATA code, type and parents,
 * and copy an id. It searches the sandbox's place data in the browser (`searchPlaces` of
 * `@portal/sandbox/places`, the same search as the sandbox's autosuggest), loaded with `import()` when
 * the reader first focuses the box, so the page itself stays light and no server or key is needed.
 */
import {useDeferredValue, useId, useState, type ReactNode} from 'react';
import type {PlaceMatch} from '@portal/sandbox/places';
import styles from './styles.module.css';

type Search = (query: string, limit?: number) => PlaceMatch[];

/** How many places a search lists. */
const shown = 20;

const typeLabel: Record<string, string> = {
  PLACE_TYPE_AIRPORT: 'Airport',
  PLACE_TYPE_CITY: 'City',
  PLACE_TYPE_COUNTRY: 'Country',
  PLACE_TYPE_CONTINENT: 'Continent',
};

function CopyButton({value, name}: {value: string; name: string}): ReactNode {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={`button button--sm button--secondary ${styles.copy}`}
      aria-label={`Copy the entity id of ${name} (${value})`}
      onClick={() => {
        void navigator.clipboard.writeText(value).then(() => setCopied(true));
      }}
      onBlur={() => setCopied(false)}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

export default function EntityIdFinder(): ReactNode {
  const id = useId();
  const [search, setSearch] = useState<Search>();
  const [failure, setFailure] = useState<string>();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);

  const load = () => {
    if (search || failure) return;
    import('@portal/sandbox/places')
      .then((module) => setSearch(() => module.searchPlaces))
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  };

  const matches = search && deferred.trim() ? search(deferred, shown) : [];
  const status = failure
    ? `The place data could not load: ${failure}`
    : !search
      ? query
        ? 'Loading the place data…'
        : ''
      : !deferred.trim()
        ? ''
        : matches.length === 0
          ? `No place matches “${deferred}”.`
          : `${matches.length === shown ? `The first ${shown}` : matches.length} ${matches.length === 1 ? 'place matches' : 'places match'} “${deferred}”.`;

  return (
    <div className={styles.finder}>
      <label htmlFor={`${id}-query`} className={styles.label}>
        Place name or IATA code
      </label>
      <input
        id={`${id}-query`}
        className={styles.input}
        type="search"
        value={query}
        placeholder="London, Heathrow, EDI, Spain…"
        autoComplete="off"
        spellCheck={false}
        onFocus={load}
        onChange={(event) => {
          load();
          setQuery(event.target.value);
        }}
      />
      <p role="status" className={styles.status}>
        {status}
      </p>
      {matches.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Matching places">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Type</th>
                <th scope="col">Entity id</th>
                <th scope="col">IATA</th>
                <th scope="col">Inside</th>
              </tr>
            </thead>
            <tbody>
              {matches.map((place) => (
                <tr key={place.entityId}>
                  <th scope="row">{place.name}</th>
                  <td>{typeLabel[place.type] ?? place.type}</td>
                  <td>
                    <span className={styles.idCell}>
                      <code>{place.entityId}</code>
                      <CopyButton value={place.entityId} name={place.name} />
                    </span>
                  </td>
                  <td>{place.iata ? <code>{place.iata}</code> : '–'}</td>
                  <td>{place.parents.map((parent) => `${parent.name} (${parent.entityId})`).join(' › ') || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
