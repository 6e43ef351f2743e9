/**
 * Writes `culture.json`, the culture data the sandbox answers with (data/culture.ts reads it), from the
 * CLDR data of the Node that runs it (`Intl`), and records that Node's, ICU's and CLDR's versions in the
 * file. The sandbox never asks `Intl` itself: browsers and edge runtimes ship other ICU data (fewer
 * currencies, other names), and the same query must answer the same bytes in Node, the page, workerd and
 * the one file (sameAnswers.test.ts). Run it with `npm run culture-data -w @portal/sandbox` and review
 * the difference; answers change with it.
 *
 * What it writes: every currency `Intl.supportedValuesOf('currency')` lists, formatted in its home locale
 * (`Intl.NumberFormat`); the currency of each region of regions.ts (the euro area's EUR, else the ISO code
 * that starts with the region's code); a locale per region (its likely language, `Intl.Locale.maximize`)
 * named in its own language (`Intl.DisplayNames`); and the regions' names in each of those locales, as
 * differences from the English names of regions.ts: per language, then per locale from its language.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import type {CultureData, Currency, Locale} from './culture';
import {regionNames} from './regions';

/** The euro area, whose currency ISO codes do not start with the country's code. */
const euroArea = new Set(
  'AD AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA XK GF GP MQ RE YT PM BL MF AX'.split(' '),
);

/** The likely locale of a region (`GB` → `en-GB`). */
function localeOfRegion(region: string): string {
  try {
    const likely = new Intl.Locale(`und-${region}`).maximize();
    return `${likely.language}-${likely.region ?? region}`;
  } catch {
    return 'en-GB';
  }
}

/** The locale a currency's amounts are written in: its region's. */
function homeLocaleOfCurrency(code: string): string {
  if (code === 'EUR') return 'de-DE';
  if (code === 'GBP') return 'en-GB';
  return localeOfRegion(code.slice(0, 2));
}

/** A currency described the way the culture API does, formatted in its home locale. */
function currency(code: string): Currency {
  // A home locale ICU has no data for falls back to English, not to this machine's own locale
  const format = new Intl.NumberFormat([homeLocaleOfCurrency(code), 'en'], {style: 'currency', currency: code});
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

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The names of every region of regions.ts in a locale that differ from `base`. */
function namesDiffering(locale: string, base: Readonly<Record<string, string>>): Record<string, string> {
  const names = new Intl.DisplayNames([locale, 'en'], {type: 'region'});
  const differing: Record<string, string> = {};
  for (const region of Object.keys(regionNames)) {
    const name = names.of(region) ?? regionNames[region];
    if (name !== base[region]) differing[region] = name;
  }
  return differing;
}

/** The culture data from this runtime's `Intl`. */
export function cultureData(): CultureData {
  const regions = Object.keys(regionNames).sort();
  const currencyCodes = Intl.supportedValuesOf('currency');
  const english = namesDiffering('en', regionNames);
  if (Object.keys(english).length) {
    throw new Error(
      `This runtime names regions in English otherwise than regions.ts (${Object.keys(english).join(', ')}): ` +
        'bring regions.ts up to date first (its opening comment says how)',
    );
  }
  const localeCodes = [...new Set(['en-GB', 'en-US', ...regions.map(localeOfRegion)])].sort();
  const locales = localeCodes.flatMap((code): Locale[] => {
    // A language ICU has no names in is named in English, whatever this machine's own locale
    const name = new Intl.DisplayNames([code, 'en'], {type: 'language'}).of(code);
    return name ? [{code, name: name.charAt(0).toLocaleUpperCase(code) + name.slice(1)}] : [];
  });

  const names: Record<string, Record<string, string>> = {};
  for (const language of new Set(localeCodes.map((code) => code.split('-')[0]))) {
    const differing = namesDiffering(language, regionNames);
    if (Object.keys(differing).length) names[language] = differing;
  }
  for (const code of localeCodes) {
    const differing = namesDiffering(code, {...regionNames, ...names[code.split('-')[0]]});
    if (Object.keys(differing).length) names[code] = differing;
  }

  return {
    source: {
      generatedBy: 'sandbox/src/data/generateCulture.ts',
      node: process.versions.node,
      icu: process.versions.icu ?? '',
      cldr: process.versions.cldr ?? '',
      unicode: process.versions.unicode ?? '',
    },
    currencies: currencyCodes.map(currency),
    marketCurrencies: Object.fromEntries(
      regions.map((region) => [
        region,
        euroArea.has(region) ? 'EUR' : (currencyCodes.find((code) => code.startsWith(region)) ?? 'USD'),
      ]),
    ),
    locales,
    regionNames: sortedKeys(names),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const target = path.join(__dirname, 'culture.json');
  const data = cultureData();
  writeFileSync(target, `${JSON.stringify(data, null, 2)}\n`);
  const {node, icu, cldr} = data.source;
  console.log(
    `${path.relative(process.cwd(), target)}: ${data.currencies.length} currencies, ${data.locales.length} locales, ` +
      `${Object.keys(data.marketCurrencies).length} markets, from Node ${node} (ICU ${icu}, CLDR ${cldr})`,
  );
}
