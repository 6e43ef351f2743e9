/**
 * Culture data from CLDR through `Intl`: currencies (`Intl.supportedValuesOf('currency')`, symbols
 * and separators from `Intl.NumberFormat`), markets (ISO regions named by `Intl.DisplayNames`; the
 * United Kingdom's market code is `UK`, as the real service spells it), and a locale per market
 * (the region's likely language, `Intl.Locale.maximize`). The default culture is the service's:
 * market UK, locale en-GB, currency GBP.
 */
import {regionCodes} from './places';

export const defaultCulture = {market: 'UK', locale: 'en-GB', currency: 'GBP'};

/** The euro area, whose currency ISO codes do not start with the country's code. */
const euroArea = new Set([
  'AD',
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'ME',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'SM',
  'VA',
  'XK',
  'GF',
  'GP',
  'MQ',
  'RE',
  'YT',
  'PM',
  'BL',
  'MF',
  'AX',
]);

export interface Currency {
  code: string;
  symbol: string;
  thousandsSeparator: string;
  decimalSeparator: string;
  symbolOnLeft: boolean;
  spaceBetweenAmountAndSymbol: boolean;
  decimalDigits: number;
}

export interface Market {
  code: string;
  name: string;
  currency: string;
}

export interface Locale {
  code: string;
  name: string;
}

/** A currency described the way the culture API does, formatted in its home locale. */
export function currency(code: string): Currency {
  const home = homeLocaleOfCurrency(code);
  const format = new Intl.NumberFormat(home, {style: 'currency', currency: code});
  const parts = format.formatToParts(12345.67);
  const symbolAt = parts.findIndex((part) => part.type === 'currency');
  const firstNumber = parts.findIndex((part) => part.type === 'integer');
  const between = symbolAt < firstNumber ? parts[symbolAt + 1] : parts[symbolAt - 1];
  return {
    code,
    symbol: parts[symbolAt]?.value ?? code,
    thousandsSeparator: parts.find((part) => part.type === 'group')?.value ?? '',
    decimalSeparator: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    symbolOnLeft: symbolAt < firstNumber,
    spaceBetweenAmountAndSymbol: between?.type === 'literal' && /\s/.test(between.value),
    decimalDigits: format.resolvedOptions().maximumFractionDigits ?? 2,
  };
}

const currencyCodes = (): string[] => Intl.supportedValuesOf('currency');

/** The currency of a region: the euro area's EUR, else the ISO code that starts with the region's code. */
export function currencyOfRegion(region: string): string {
  if (euroArea.has(region)) return 'EUR';
  return currencyCodes().find((code) => code.startsWith(region)) ?? 'USD';
}

/** The region a currency belongs to, and so the locale its amounts are written in. */
function homeLocaleOfCurrency(code: string): string {
  if (code === 'EUR') return 'de-DE';
  if (code === 'GBP') return 'en-GB';
  return localeOfRegion(code.slice(0, 2));
}

/** The market code of a region: ISO's, except the United Kingdom's `UK`. */
export const marketCode = (region: string): string => (region === 'GB' ? 'UK' : region);
/** The region of a market code. */
export const regionOfMarket = (market: string): string => (market === 'UK' ? 'GB' : market);

/** The likely locale of a region (`GB` → `en-GB`). */
export function localeOfRegion(region: string): string {
  try {
    const likely = new Intl.Locale(`und-${region}`).maximize();
    return `${likely.language}-${likely.region ?? region}`;
  } catch {
    return 'en-GB';
  }
}

let cached: {currencies: Currency[]; regions: Map<string, string>; locales: Locale[]} | undefined;

function culture() {
  if (cached) return cached;
  const regions = regionCodes();
  const localeCodes = [...new Set(['en-GB', 'en-US', ...[...regions.keys()].map(localeOfRegion)])].sort();
  const locales = localeCodes.flatMap((code): Locale[] => {
    try {
      const name = new Intl.DisplayNames([code], {type: 'language'}).of(code);
      return name ? [{code, name: name.charAt(0).toLocaleUpperCase(code) + name.slice(1)}] : [];
    } catch {
      return [];
    }
  });
  cached = {currencies: currencyCodes().map(currency), regions, locales};
  return cached;
}

export const currencies = (): Currency[] => culture().currencies;
export const locales = (): Locale[] => culture().locales;

/** Every market, named in a locale. */
export function markets(locale: string): Market[] {
  const names = displayNames(locale);
  return [...culture().regions.keys()].map((region) => ({
    code: marketCode(region),
    name: names.of(region) ?? culture().regions.get(region)!,
    currency: currencyOfRegion(region),
  }));
}

export const isMarket = (code: string): boolean => culture().regions.has(regionOfMarket(code)) && code !== 'GB';

function displayNames(locale: string): Intl.DisplayNames {
  try {
    return new Intl.DisplayNames([locale, 'en'], {type: 'region'});
  } catch {
    return new Intl.DisplayNames(['en'], {type: 'region'});
  }
}
