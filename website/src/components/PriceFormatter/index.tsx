/**
 * An interactive price formatter for the culture currencies guide: a reader picks a currency (the
 * culture API's example currencies), edits the amount, unit and formatting fields, and sees the
 * price formatted by formatPrice, the function the guide describes. It starts with ./example.ts.
 */
import {useId, useState, type ReactNode} from 'react';
import {exampleCurrencies as currencies, startingCurrency, startingPrice} from './example';
import {formatPrice, PriceFormatError, unitFactors, type CurrencyFormat} from './formatPrice';
import styles from './styles.module.css';

export default function PriceFormatter(): ReactNode {
  const id = useId();
  const [amount, setAmount] = useState<string>(startingPrice.amount);
  const [unit, setUnit] = useState<string>(startingPrice.unit);
  const [currency, setCurrency] = useState<CurrencyFormat>(startingCurrency);
  const update = (change: Partial<CurrencyFormat>) => setCurrency((current) => ({...current, ...change}));

  let result: string;
  let failed = false;
  try {
    result = formatPrice(amount, unit, currency) ?? 'No price (empty amount)';
  } catch (error) {
    if (!(error instanceof PriceFormatError)) throw error;
    result = error.message;
    failed = true;
  }

  return (
    <div className={styles.formatter}>
      <fieldset className={styles.fields}>
        <legend>Price</legend>
        <label htmlFor={`${id}-amount`}>amount</label>
        <input id={`${id}-amount`} value={amount} inputMode="numeric" onChange={(e) => setAmount(e.target.value)} />
        <label htmlFor={`${id}-unit`}>unit</label>
        <select id={`${id}-unit`} value={unit} onChange={(e) => setUnit(e.target.value)}>
          {Object.keys(unitFactors).map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </fieldset>
      <fieldset className={styles.fields}>
        <legend>Currency</legend>
        <label htmlFor={`${id}-code`}>code</label>
        <select
          id={`${id}-code`}
          value={currency.code}
          onChange={(e) => setCurrency(currencies.find((c) => c.code === e.target.value) ?? currency)}>
          {currencies.map((c) => (
            <option key={c.code}>{c.code}</option>
          ))}
        </select>
        <label htmlFor={`${id}-symbol`}>symbol</label>
        <input id={`${id}-symbol`} value={currency.symbol} onChange={(e) => update({symbol: e.target.value})} />
        <label htmlFor={`${id}-thousands`}>thousandsSeparator</label>
        <input
          id={`${id}-thousands`}
          value={currency.thousandsSeparator}
          onChange={(e) => update({thousandsSeparator: e.target.value})}
        />
        <label htmlFor={`${id}-decimal`}>decimalSeparator</label>
        <input
          id={`${id}-decimal`}
          value={currency.decimalSeparator}
          onChange={(e) => update({decimalSeparator: e.target.value})}
        />
        <label htmlFor={`${id}-digits`}>decimalDigits</label>
        <input
          id={`${id}-digits`}
          type="number"
          min={0}
          max={6}
          value={currency.decimalDigits}
          onChange={(e) => update({decimalDigits: Number(e.target.value)})}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={currency.symbolOnLeft}
            onChange={(e) => update({symbolOnLeft: e.target.checked})}
          />{' '}
          symbolOnLeft
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={currency.spaceBetweenAmountAndSymbol}
            onChange={(e) => update({spaceBetweenAmountAndSymbol: e.target.checked})}
          />{' '}
          spaceBetweenAmountAndSymbol
        </label>
      </fieldset>
      <p className={failed ? styles.error : styles.result} role="status" aria-live="polite">
        <span className={styles.resultLabel}>{failed ? 'Cannot format: ' : 'Formatted: '}</span>
        <span>{result}</span>
      </p>
    </div>
  );
}
