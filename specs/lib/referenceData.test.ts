/**
 * `referenceData` and `refreshText` (referenceData.ts): the reference data the specifications declare with
 * `x-refresh`, read and checked, and each declaration's refresh as the Rate limits guide's table says it.
 */
import {describe, expect, it} from 'vitest';
import mini from '@portal/specs/lib/fixtures/mini.openapi.json';
import {loadBundles} from './bundles';
import type {OpenApiDocument} from './openapi';
import {referenceData, refreshText} from './referenceData';

/** The fixture spec with an `x-refresh` on its operation at `path` and `method`. */
function declaring(path: string, method: string, refresh: unknown): OpenApiDocument {
  const doc = structuredClone(mini) as unknown as OpenApiDocument;
  (doc.paths[path] as Record<string, Record<string, unknown>>)[method]['x-refresh'] = refresh;
  return doc;
}

describe('referenceData', () => {
  it('reads the declarations of the bundles: the calls of the Rate limits table, in operation order', () => {
    const declared = [...loadBundles()].flatMap(([slug, doc]) => referenceData(slug, doc));
    expect(
      declared.map((entry) => [entry.operation.operationId, entry.data, entry.every, entry.per.join(' ')]),
    ).toEqual([
      ['GeoService_ListPlaces', 'Place hierarchy', 'day', 'locale'],
      ['CultureService_ListCurrencies', 'Currencies', 'day', ''],
      ['CultureService_ListLocales', 'Locales', 'day', ''],
      ['CultureService_ListMarkets', 'Markets', 'day', 'locale'],
      ['CultureService_NearestCulture', 'Nearest culture', 'traveller', ''],
      ['CarriersService_ListCarriers', 'Carriers', 'day', ''],
      ['CarHireAgentsService_ListAgents', 'Car hire agents', 'day', 'market'],
      ['HotelsContentService_GetContent', 'Hotel content', 'days', 'hotelIds locale'],
    ]);
  });

  it('takes a per that names a parameter (through its $ref) or a field of the JSON body', () => {
    const byParameter = declaring('/v1/trips/{tripId}', 'get', {data: 'Trips', every: 'day', per: ['tripId']});
    expect(referenceData('mini', byParameter).map((entry) => [entry.operation.operationId, entry.per])).toEqual([
      ['TripService_GetTrip', ['tripId']],
    ]);
    const byField = declaring('/v1/trips/{tripId}', 'post', {data: 'Trips', every: 'days', per: ['status', 'tripId']});
    expect(referenceData('mini', byField)[0]).toMatchObject({data: 'Trips', every: 'days', per: ['status', 'tripId']});
    expect(referenceData('mini', declaring('/v1/trips/{tripId}', 'get', {data: 'Trips', every: 'day'}))[0].per).toEqual(
      [],
    );
    expect(referenceData('mini', structuredClone(mini) as unknown as OpenApiDocument)).toEqual([]);
  });

  it.each([
    ['no data', {every: 'day'}, 'TripService_GetTrip: x-refresh: data must name what the answer holds'],
    ['a blank data', {data: '  ', every: 'day'}, 'data must name what the answer holds'],
    ['another period', {data: 'Trips', every: 'week'}, 'every must be one of day, days, traveller'],
    ['a per that is no list', {data: 'Trips', every: 'day', per: 'tripId'}, 'per must list names'],
    ['a per of no name', {data: 'Trips', every: 'day', per: [7]}, 'per must list names'],
    [
      'a per the operation does not take',
      {data: 'Trips', every: 'day', per: ['tripId', 'status']},
      "per must list names of the operation's parameters or body fields (tripId)",
    ],
  ])('refuses a declaration with %s, naming the operation', (_, refresh, message) => {
    expect(() => referenceData('mini', declaring('/v1/trips/{tripId}', 'get', refresh))).toThrow(message);
  });
});

describe('refreshText', () => {
  it('says each period as the guide does, with what a copy is kept per', () => {
    expect(refreshText({every: 'day', per: []})).toBe('Daily');
    expect(refreshText({every: 'day', per: ['locale']})).toBe('Daily, per `locale`');
    expect(refreshText({every: 'days', per: ['hotelIds', 'locale']})).toBe(
      'Every few days, per `hotelIds` and `locale`',
    );
    expect(refreshText({every: 'traveller', per: []})).toBe('Once per traveller, then remember their choice');
  });
});
