// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';
import currenciesExample from '@portal/specs/culture/examples/currencies.json';
import PriceFormatter from '.';
import {formatPrice, type CurrencyFormat} from './formatPrice';

afterEach(cleanup);

const currency = (code: string): CurrencyFormat =>
  currenciesExample.value.currencies.find((entry) => entry.code === code)!;

describe('formatPrice', () => {
  it('formats the guide worked example: "123450" milli GBP is £123.45, and 123,45 € in EUR', () => {
    expect(formatPrice('123450', 'PRICE_UNIT_MILLI', currency('GBP'))).toBe('£123.45');
    expect(formatPrice('123450', 'PRICE_UNIT_MILLI', currency('EUR'))).toBe('123,45 €');
  });

  it('divides by each unit factor', () => {
    expect(formatPrice('123450', 'PRICE_UNIT_WHOLE', currency('GBP'))).toBe('£123,450.00');
    expect(formatPrice('123450', 'PRICE_UNIT_CENTI', currency('GBP'))).toBe('£1,234.50');
    expect(formatPrice('123450', 'PRICE_UNIT_MICRO', currency('GBP'))).toBe('£0.12');
  });

  it('rounds half away from zero to the decimal digits, with no floating-point error', () => {
    expect(formatPrice('1005', 'PRICE_UNIT_MILLI', currency('GBP'))).toBe('£1.01');
    expect(formatPrice('1004', 'PRICE_UNIT_MILLI', currency('GBP'))).toBe('£1.00');
    expect(formatPrice('-1005', 'PRICE_UNIT_MILLI', currency('GBP'))).toBe('-£1.01');
    expect(formatPrice('123455', 'PRICE_UNIT_MILLI', {...currency('GBP'), decimalDigits: 0})).toBe('£123');
  });

  it('keeps every digit of 64-bit amounts', () => {
    expect(formatPrice('9223372036854775807', 'PRICE_UNIT_MICRO', currency('USD'))).toBe('$9,223,372,036,854.78');
  });

  it('treats an empty amount as no price and rejects what it cannot format', () => {
    expect(formatPrice('', 'PRICE_UNIT_UNSPECIFIED', currency('GBP'))).toBeNull();
    expect(() => formatPrice('12.5', 'PRICE_UNIT_MILLI', currency('GBP'))).toThrow(/not a 64-bit integer/);
    expect(() => formatPrice('125', 'PRICE_UNIT_UNSPECIFIED', currency('GBP'))).toThrow(/not a price unit/);
  });
});

describe('PriceFormatter', () => {
  it('shows the formatted price and updates it as the reader edits the fields', () => {
    render(<PriceFormatter />);
    const output = () => screen.getByRole('status').textContent;
    expect(output()).toBe('Formatted: £123.45');
    fireEvent.change(screen.getByLabelText('code'), {target: {value: 'EUR'}});
    expect(output()).toBe('Formatted: 123,45 €');
    fireEvent.change(screen.getByLabelText('amount'), {target: {value: '98765432'}});
    fireEvent.change(screen.getByLabelText('unit'), {target: {value: 'PRICE_UNIT_CENTI'}});
    expect(output()).toBe('Formatted: 987.654,32 €');
    fireEvent.click(screen.getByLabelText('symbolOnLeft'));
    expect(output()).toBe('Formatted: € 987.654,32');
    fireEvent.change(screen.getByLabelText('amount'), {target: {value: '12.5'}});
    expect(output()).toBe('Cannot format: "12.5" is not a 64-bit integer amount');
  });
});
