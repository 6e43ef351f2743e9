/**
 * Places as answers carry them, in the locale of the query: a country's name in the locale from the CLDR
 * names of culture.json (culture.ts `regionNamesIn`), other names as places.ts has them. Apart from
 * places.ts so that what needs only the place table (the site's entity-id finder, `@portal/sandbox/places`)
 * does not load the names of every locale.
 */
import {regionNamesIn} from './culture';
import type {SandboxPlace} from './places';

/**
 * A place's name in a locale: countries in English as regions.ts names them, in other languages as
 * culture.json does (data/culture.ts `regionNamesIn`); other names as the data has them.
 */
export function placeName(place: SandboxPlace, locale: string): string {
  if (place.type !== 'PLACE_TYPE_COUNTRY' || /^en\b/i.test(locale)) return place.name;
  return regionNamesIn(locale)[place.countryCode] ?? place.name;
}

/** A place as the geo and flights answers carry it: continents have no coordinates. */
export const placeBody = (place: SandboxPlace, locale: string) => ({
  entityId: place.entityId,
  parentId: place.parentId,
  name: placeName(place, locale),
  type: place.type,
  iata: place.iata,
  ...(place.type === 'PLACE_TYPE_CONTINENT' ? {} : {coordinates: place.coordinates}),
});
