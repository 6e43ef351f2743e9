/**
 * A live search's results as a developer reads them (liveView.ts, readable.ts): a headline that says what
 * it counts (the search's results, or the page of them held) and their cheapest price in the query's
 * currency, and one row per itinerary, hotel or quote, in an order the answer gives
 * (best, cheapest, fastest; the requested hotel sort) or its own. Prices are converted with their unit and
 * formatted with the culture API's fields for the currency (currencies.ts, `formatPrice`); a value the
 * answer lacks is shown as missing. The JSON stays below it (AnswerView.tsx). The first `PAGE` rows show at
 * once, the rest on request, so a large answer does not hold up the page.
 */
import {useEffect, useId, useMemo, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {formatPrice, type CurrencyFormat} from '../PriceFormatter/formatPrice';
import {currencyFormats} from './currencies';
import type {OpenApiDocument} from '@portal/specs';
import {liveView, orderedRows, type Cell, type LiveViewApi, type Money, type ViewRow} from './liveView';
import {cellText, enumLabels, headline, type EnumLabel} from './readable';
import styles from './styles.module.css';
import own from './LiveResults.module.css';

const PAGE = 50;

/** The currency's formatting fields, once loaded; null when the culture API does not list it. */
function useCurrency(code: string | undefined): CurrencyFormat | null | undefined {
  const cultureHref = useBaseUrl('/openapi/culture.json');
  const [format, setFormat] = useState<CurrencyFormat | null>();
  useEffect(() => {
    if (!code) return undefined;
    let current = true;
    currencyFormats(cultureHref).then(
      (all) => current && setFormat(all.find((candidate) => candidate.code === code) ?? null),
      () => current && setFormat(null),
    );
    return () => {
      current = false;
    };
  }, [code, cultureHref]);
  return code ? format : null;
}

/** A price as a string: formatted in the currency, or its raw amount and unit when it cannot be. */
function priceString(price: Money | undefined, currency: CurrencyFormat | null | undefined, code?: string): string {
  if (!price?.amount) return 'no price';
  if (currency) {
    try {
      return formatPrice(price.amount, price.unit ?? '', currency) ?? 'no price';
    } catch {
      // Raw below: an amount or unit formatPrice refuses
    }
  }
  return `${price.amount} ${price.unit ?? ''}${currency === null && code ? ` (${code})` : ''}`;
}

/** A price as the view shows it (a missing one marked as such). */
function priceText(price: Money | undefined, currency: CurrencyFormat | null | undefined, code?: string): ReactNode {
  const text = priceString(price, currency, code);
  return price?.amount ? text : <span className={styles.missing}>{text}</span>;
}

function CellView({cell, labels}: {cell: Cell | undefined; labels: Map<string, EnumLabel>}): ReactNode {
  if (!cell) return null;
  if (!('text' in cell)) return <span className={styles.missing}>missing: {cell.missing}</span>;
  const label = cell.enumValue ? labels.get(cell.enumValue) : undefined;
  // A number stays on the line of its unit or noun (`2 stars`, `1.8 km`)
  const shown = cellText(cell, labels)?.replace(/^(\d[\d.,]*) /, '$1\u00a0');
  if (!cell.enumValue) return shown;
  // The spec's value stays one hover away (and in the JSON below)
  return <span title={`${cell.enumValue}${label?.description ? `: ${label.description}` : ''}`}>{shown}</span>;
}

export interface LiveResultsProps {
  slug: LiveViewApi;
  /** The API's bundle: its enums' words (`enumLabels`). */
  doc: OpenApiDocument;
  /** The content the session holds (heldContent). */
  content: unknown;
  /** The query's currency code (the create body's `query.currency`). */
  currencyCode: string | undefined;
  /** The offset of the page the content is (`pageOffset` of request.ts), for a paged search's headline. */
  offset?: number | undefined;
  /**
   * A button per row (the flights refresh), when given; `name` says which row it is as the reader sees it
   * (its first two columns and its price), for the button's accessible name.
   */
  rowAction?: (row: ViewRow, name: string) => ReactNode;
  /** The heading (`Results held` unless given). */
  title?: string;
  /** The prefix of its test ids (`tryit-results` unless given). */
  testId?: string;
}

export default function LiveResults({
  slug,
  doc,
  content,
  currencyCode,
  offset,
  rowAction,
  title = 'Results held',
  testId = 'tryit-results',
}: LiveResultsProps): ReactNode {
  const view = useMemo(() => liveView(slug, content), [slug, content]);
  const labels = useMemo(() => enumLabels(doc), [doc]);
  const currency = useCurrency(currencyCode);
  const [orderName, setOrderName] = useState<string>();
  const [all, setAll] = useState(false);
  const id = useId();
  if (!view) return null;
  const order = view.orders.find((candidate) => candidate.name === orderName) ?? view.orders[0];
  const rows = orderedRows(view.rows, order);
  const shown = all ? rows : rows.slice(0, PAGE);
  const cheapestRow = view.cheapest && view.rows.find((row) => row.id === view.cheapest!.id);
  const said = headline(view, offset);
  /** A row as the reader sees it: its first two columns and its price (`Air Canada, 21:40 → 06:10 +1, £412.30`). */
  const rowName = (row: ViewRow) =>
    [
      ...view.columns.slice(0, 2).map((column) => cellText(row.cells[column.key], labels)),
      priceString(row.cheapest, currency, currencyCode),
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <section className={own.results} aria-labelledby={`${id}-title`} data-testid={testId}>
      <h3 id={`${id}-title`} className={styles.resultsTitle}>
        {title}
      </h3>
      <p data-testid={`${testId}-summary`}>
        <strong data-testid={`${testId}-count`}>{said.count}</strong>
        {view.cheapest ? (
          <>
            {`; ${said.cheapest} `}
            <strong data-testid={`${testId}-cheapest`}>{priceText(view.cheapest.price, currency, currencyCode)}</strong>
            {cheapestRow?.cells.agent && 'text' in cheapestRow.cells.agent ? ` (${cheapestRow.cells.agent.text})` : ''}
          </>
        ) : (
          '; no prices'
        )}
        {currency === null && currencyCode ? (
          <>
            {' '}
            <span className={styles.missing}>
              The culture API lists no currency {currencyCode}: prices are shown as they arrive.
            </span>
          </>
        ) : null}
      </p>
      {view.orders.length > 0 && (
        <fieldset className={own.orders}>
          <legend>Order (from the answer)</legend>
          {view.orders.map((candidate) => (
            <label key={candidate.name} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-order`}
                checked={candidate === order}
                onChange={() => setOrderName(candidate.name)}
              />{' '}
              {candidate.name}
            </label>
          ))}
        </fieldset>
      )}
      {view.count > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={`The ${view.noun}`}>
          <table className={own.table} data-testid={`${testId}-table`}>
            <thead>
              <tr>
                {view.columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
                {view.priceColumns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
                {rowAction && (
                  <th scope="col">
                    <span className={styles.visuallyHidden}>Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.id} data-id={row.id}>
                  {view.columns.map((column) => (
                    <td key={column.key} data-label={column.label}>
                      <CellView cell={row.cells[column.key]} labels={labels} />
                    </td>
                  ))}
                  {view.priceColumns.map((column) => (
                    <td key={column.key} className={own.price} data-label={column.label}>
                      {priceText(row.prices[column.key], currency, currencyCode)}
                    </td>
                  ))}
                  {rowAction && <td className={own.action}>{rowAction(row, rowName(row))}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > shown.length && (
        <button type="button" className="button button--sm button--secondary" onClick={() => setAll(true)}>
          Show all {rows.length} {view.noun}
        </button>
      )}
    </section>
  );
}
