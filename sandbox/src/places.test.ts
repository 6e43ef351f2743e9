import {regionNames} from './data/regions';
import {describe, expect, it} from 'vitest';
import {MAX_PLACES, searchPlaces} from './places';

describe('searchPlaces (@portal/sandbox/places)', () => {
  it('finds an airport by name with its real entity id, IATA code and parents', () => {
    const [heathrow] = searchPlaces('heathrow', 5);
    expect(heathrow).toEqual({
      entityId: '95565050',
      iata: 'LHR',
      type: 'PLACE_TYPE_AIRPORT',
      name: 'London Heathrow',
      parents: [
        {entityId: '27544008', name: 'London', type: 'PLACE_TYPE_CITY'},
        {entityId: '29475375', name: 'United Kingdom', type: 'PLACE_TYPE_COUNTRY'},
        {entityId: '27563221', name: 'Europe', type: 'PLACE_TYPE_CONTINENT'},
      ],
    });
  });

  it('puts the places whose IATA code the query is first, and cities before their airports', () => {
    // Edinburgh has one airport, so the city carries its code too
    expect(searchPlaces('EDI', 3).slice(0, 2)).toEqual([
      expect.objectContaining({entityId: '27540851', iata: 'EDI', type: 'PLACE_TYPE_CITY'}),
      expect.objectContaining({entityId: '95673668', iata: 'EDI', type: 'PLACE_TYPE_AIRPORT'}),
    ]);
    const london = searchPlaces('London', 10);
    expect(london[0]).toMatchObject({entityId: '27544008', iata: 'LON', type: 'PLACE_TYPE_CITY'});
    expect(london.map((place) => place.entityId)).toContain('95565051');
  });

  it('ignores accents and case, matches the start of any word, and finds countries', () => {
    expect(searchPlaces('cancun', 5).map((place) => place.entityId)).toContain('27540602');
    expect(searchPlaces('KINGDOM', 5)).toContainEqual(
      expect.objectContaining({
        entityId: '29475375',
        type: 'PLACE_TYPE_COUNTRY',
        parents: [expect.objectContaining({name: 'Europe'})],
      }),
    );
    expect(searchPlaces('zzqx', 5)).toEqual([]);
  });

  it('answers at most limit places (1 to MAX_PLACES), popular cities for an empty query', () => {
    expect(searchPlaces('san', 3)).toHaveLength(3);
    expect(searchPlaces('san', 0)).toHaveLength(1);
    expect(searchPlaces('a', 10_000)).toHaveLength(MAX_PLACES);
    const popular = searchPlaces('', 5);
    expect(popular).toHaveLength(5);
    expect(popular.every((place) => place.type === 'PLACE_TYPE_CITY')).toBe(true);
  });
});

describe('the region table (data/regions.ts)', () => {
  it('holds two-letter country codes with their English names, and none of the codes that are not countries', () => {
    const codes = Object.keys(regionNames);
    expect(codes.length).toBeGreaterThan(200);
    expect(codes.filter((code) => !/^[A-Z]{2}$/.test(code))).toEqual([]);
    expect(codes.filter((code) => /^(Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN|AA)$/.test(code))).toEqual([]);
    expect(Object.values(regionNames).filter((name) => !name.trim())).toEqual([]);
    expect([regionNames.GB, regionNames.US, regionNames.FR]).toEqual(['United Kingdom', 'United States', 'France']);
  });
});
