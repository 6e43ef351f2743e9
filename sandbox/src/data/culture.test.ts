/**
 * The culture data (culture.json through culture.ts): read from the file, never from the runtime's
 * `Intl` (with `Intl` gone every answer is the same), a name for every region in every listed locale,
 * the fallbacks of a locale the locales call does not list, and the file's record of where it came from.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cultureData, currencies, currency, isMarket, locales, markets, regionNamesIn} from './culture';
import {placeName} from './placeNames';
import {places} from './places';
import {regionNames} from './regions';

const regions = Object.keys(regionNames);
const country = (code: string) =>
  places().all.find((place) => place.type === 'PLACE_TYPE_COUNTRY' && place.countryCode === code)!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('culture data', () => {
  it("answers the same with the runtime's Intl gone: nothing is asked of it", () => {
    const read = () =>
      JSON.stringify([
        currencies(),
        locales(),
        markets('en-GB'),
        markets('ja-JP'),
        markets('fr-CA'),
        currency('GBP'),
        placeName(country('ES'), 'de-DE'),
        placeName(country('JP'), 'zh-TW'),
        isMarket('UK'),
      ]);
    const withIntl = read();
    const gone = new Proxy(
      {},
      {
        get: (_target, name) => {
          throw new Error(`Intl.${String(name)} was read`);
        },
      },
    );
    vi.stubGlobal('Intl', gone);
    expect(read()).toBe(withIntl);
  });

  it('says where it came from: the generator and the Node, ICU and CLDR it read', () => {
    const {source} = cultureData;
    expect(existsSync(path.resolve(__dirname, '../../..', source.generatedBy))).toBe(true);
    expect(source.node).toMatch(/^\d+\.\d+\.\d+$/);
    expect(source.icu).toMatch(/^\d+\.\d+/);
    expect(source.cldr).toMatch(/^\d+\.\d+/);
  });

  it('has a currency for every market, each one a currency it lists, and one entry per currency', () => {
    const codes = currencies().map((entry) => entry.code);
    expect(codes.length).toBeGreaterThan(150);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(cultureData.marketCurrencies)).toEqual([...regions].sort());
    expect(Object.values(cultureData.marketCurrencies).filter((code) => !codes.includes(code))).toEqual([]);
    expect(currency('GBP')).toEqual({
      code: 'GBP',
      symbol: '£',
      thousandsSeparator: ',',
      decimalSeparator: '.',
      symbolOnLeft: true,
      spaceBetweenAmountAndSymbol: false,
      decimalDigits: 2,
    });
    expect(currency('JPY')).toMatchObject({symbol: '￥', decimalDigits: 0});
    expect(currency('XYZ')).toBeUndefined();
  });

  it('names every region in every listed locale, the locales sorted and each once', () => {
    const codes = locales().map((locale) => locale.code);
    expect(codes.length).toBeGreaterThan(200);
    expect(codes).toEqual([...new Set(codes)].sort());
    for (const code of codes) {
      const names = regionNamesIn(code);
      const unnamed = regions.filter((region) => !names[region]?.trim());
      expect(unnamed, code).toEqual([]);
    }
    expect(locales()).toContainEqual({code: 'en-GB', name: 'British English'});
    expect(locales()).toContainEqual({code: 'ja-JP', name: '日本語 (日本)'});
  });

  it("names regions in a listed locale's own names, another locale in its language's, or else in English", () => {
    expect(regionNamesIn('es-ES').ES).toBe('España');
    expect(regionNamesIn('zh-TW').JP).toBe('日本');
    // A locale's own names where they differ from its language's
    expect(regionNamesIn('zh-CN').KP).not.toBe(regionNamesIn('zh-TW').KP);
    // Codes compared without case
    expect(regionNamesIn('ES-es').ES).toBe('España');
    // Not listed: its language's names
    expect(regionNamesIn('fr-CA')).toBe(regionNamesIn('fr'));
    expect(regionNamesIn('fr-CA').ES).toBe('Espagne');
    // No data for the language, not a locale at all, or a name every object has: English
    for (const other of ['xx-YY', '', 'not a locale', 'constructor', '__proto__']) {
      expect(regionNamesIn(other), other).toBe(regionNames);
    }
  });

  it('keeps the market code UK for the United Kingdom, not GB', () => {
    expect(markets('en-GB')).toContainEqual({code: 'UK', name: 'United Kingdom', currency: 'GBP'});
    expect(isMarket('UK')).toBe(true);
    expect(isMarket('GB')).toBe(false);
    expect(isMarket('QQ')).toBe(false);
  });
});
