/**
 * The culture data the sandbox answers with, read from culture.json: currencies with their formatting
 * rules, markets (the regions of regions.ts with their currency; the United Kingdom's market code is
 * `UK`, as the real service spells it), locales, and region names in each locale. culture.json is CLDR
 * data written down once by generateCulture.ts (which records the Node, ICU and CLDR it came from), never
 * asked of the runtime's `Intl`: browsers and edge runtimes ship other ICU data, and the same query must
 * answer the same bytes everywhere (sameAnswers.test.ts). The default culture is the service's: market
 * UK, locale en-GB, currency GBP.
 */
import cultureJson from './culture.json';
import {regionNames} from './regions';

export const defaultCulture = {market: 'UK', locale: 'en-GB', currency: 'GBP'};

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

/** What culture.json holds (generateCulture.ts writes it). */
export interface CultureData {
  /** Where the data came from: the file that wrote it, and the Node, ICU, CLDR and Unicode versions it read. */
  source: {generatedBy: string; node: string; icu: string; cldr: string; unicode: string};
  currencies: Currency[];
  /** The currency of each region (ISO code of regions.ts → currency code). */
  marketCurrencies: Record<string, string>;
  locales: Locale[];
  /** Region names that differ from regions.ts's English: by language (`fr`), then by locale (`fr-CA`) from its language. */
  regionNames: Record<string, Record<string, string>>;
}

export const cultureData: CultureData = cultureJson;

const currencyByCode = new Map(cultureData.currencies.map((entry) => [entry.code, entry]));

/** A currency described the way the culture API does. */
export const currency = (code: string): Currency | undefined => currencyByCode.get(code);

/** The market code of a region: ISO's, except the United Kingdom's `UK`. */
export const marketCode = (region: string): string => (region === 'GB' ? 'UK' : region);
/** The region of a market code. */
export const regionOfMarket = (market: string): string => (market === 'UK' ? 'GB' : market);

const listedLocales = new Map(cultureData.locales.map((locale) => [locale.code.toLowerCase(), locale.code]));
/** The names of each locale asked for, built once: at most one entry per listed locale and per language. */
const namesByLocale = new Map<string, Readonly<Record<string, string>>>();

/**
 * The regions' names in a locale: a listed locale's own (`pt-PT`), else its language's (`fr-CA` → `fr`),
 * else English (regions.ts). Locale codes are compared without case.
 */
export function regionNamesIn(locale: string): Readonly<Record<string, string>> {
  const listed = listedLocales.get(locale.toLowerCase());
  const language = (listed ?? locale).split('-')[0].toLowerCase();
  const code = listed ?? (Object.hasOwn(cultureData.regionNames, language) ? language : undefined);
  if (code === undefined) return regionNames;
  let names = namesByLocale.get(code);
  if (!names) {
    names = {...regionNames, ...cultureData.regionNames[language], ...cultureData.regionNames[code]};
    namesByLocale.set(code, names);
  }
  return names;
}

export const currencies = (): Currency[] => cultureData.currencies;
export const locales = (): Locale[] => cultureData.locales;

/** The regions of regions.ts, in code-unit order. */
const regions = Object.keys(regionNames).sort();
const regionSet = new Set(regions);

/** Every market, named in a locale. */
export function markets(locale: string): Market[] {
  const names = regionNamesIn(locale);
  return regions.map((region) => ({
    code: marketCode(region),
    name: names[region],
    currency: cultureData.marketCurrencies[region],
  }));
}

export const isMarket = (code: string): boolean => regionSet.has(regionOfMarket(code)) && code !== 'GB';
