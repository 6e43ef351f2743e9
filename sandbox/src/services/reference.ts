/**
 * The reference APIs: geo (places and nearest places), culture (currencies, locales, markets,
 * nearest culture, from CLDR through Intl), carriers, and autosuggest (a prefix and word search of
 * the place data, with highlighting offsets).
 */
import {allCarriers} from '../data/carriers';
import {currencies, currency, defaultCulture, locales, markets} from '../data/culture';
import {
  lineage,
  matchRanges,
  nearestAirports,
  placeBody,
  places,
  placeName,
  suggestPlaces,
  type SandboxPlace,
} from '../data/places';
import type {Handler} from './types';

const london = () => places().byId.get('95565050')!;

const nearestPlaces: Handler = (call) => {
  const {locator, locale} = call.body as {
    locator: {ipAddress?: string; coordinates?: {latitude: number; longitude: number}};
    locale: string;
  };
  // No IP geolocation data ships with the sandbox: an IP address answers with the default culture's place (London).
  const [airport] = locator.coordinates ? nearestAirports(locator.coordinates, 1) : [london()];
  return {
    status: 'RESULT_STATUS_COMPLETE',
    places:
      call.scenario === 'empty'
        ? {}
        : Object.fromEntries(lineage(airport).map((place) => [place.entityId, placeBody(place, locale)])),
  };
};

const listPlaces: Handler = (call) => {
  const locale = String(call.params.locale);
  return {
    status: 'RESULT_STATUS_COMPLETE',
    places:
      call.scenario === 'empty'
        ? {}
        : Object.fromEntries(places().all.map((place) => [place.entityId, placeBody(place, locale)])),
  };
};

const listCurrencies: Handler = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  currencies: call.scenario === 'empty' ? [] : currencies(),
});
const listLocales: Handler = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  locales: call.scenario === 'empty' ? [] : locales(),
});
const listMarkets: Handler = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  markets: call.scenario === 'empty' ? [] : markets(String(call.params.locale)),
});
const nearestCulture: Handler = () => {
  const market = markets(defaultCulture.locale).find((candidate) => candidate.code === defaultCulture.market)!;
  return {
    status: 'RESULT_STATUS_COMPLETE',
    market,
    locale: locales().find((candidate) => candidate.code === defaultCulture.locale) ?? {
      code: defaultCulture.locale,
      name: 'English (United Kingdom)',
    },
    currency: currency(defaultCulture.currency),
  };
};

const listCarriers: Handler = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  carriers:
    call.scenario === 'empty'
      ? {}
      : Object.fromEntries(
          allCarriers().map((carrier) => [
            carrier.id,
            {name: carrier.name, iata: carrier.iata, icao: carrier.icao, displayCode: carrier.iata},
          ]),
        ),
});

const DEFAULT_LIMIT = 10;

function hierarchy(place: SandboxPlace, locale: string, separator: string): string {
  return lineage(place)
    .slice(1)
    .filter((member) => member.type !== 'PLACE_TYPE_CONTINENT')
    .map((member) => placeName(member, locale))
    .join(separator);
}

const location = (place: SandboxPlace, spaced = false) =>
  `${place.coordinates.latitude},${spaced ? ' ' : ''}${place.coordinates.longitude}`;

interface SuggestBody {
  query: {market: string; locale: string; searchTerm?: string; includedEntityTypes?: string[]};
  limit?: number;
}

const suggestFlights: Handler = (call) => {
  const {query, limit} = call.body as SuggestBody;
  const kinds = query.includedEntityTypes?.length
    ? query.includedEntityTypes
    : ['PLACE_TYPE_AIRPORT', 'PLACE_TYPE_CITY', 'PLACE_TYPE_COUNTRY'];
  const found = call.scenario === 'empty' ? [] : suggestPlaces(query.searchTerm, kinds, limit ?? DEFAULT_LIMIT);
  return {
    places: found.map(({place}) => {
      const country = lineage(place).find((member) => member.type === 'PLACE_TYPE_COUNTRY');
      const city = lineage(place).find((member) => member.type === 'PLACE_TYPE_CITY');
      const name = placeName(place, query.locale);
      const label =
        place.type === 'PLACE_TYPE_AIRPORT'
          ? `${name} (${place.iata}), ${hierarchy(place, query.locale, '|')}`
          : [name, hierarchy(place, query.locale, '|')].filter(Boolean).join(', ');
      return {
        entityId: place.entityId,
        iataCode: place.iata,
        parentId: place.parentId,
        name,
        countryId: country?.countryCode ?? '',
        countryName: country ? placeName(country, query.locale) : '',
        cityName: city?.name ?? '',
        location: location(place),
        hierarchy: label,
        type: place.type,
        highlighting: query.searchTerm ? matchRanges(label, query.searchTerm) : [],
      };
    }),
  };
};

/** The car hire and hotels highlight string of the matches of a search term: `start,end` pairs joined by `;`. */
const highlighted = (text: string, term: string | undefined): string =>
  term
    ? matchRanges(text, term)
        .map(([start, end]) => `${start},${end}`)
        .join(';')
    : '';

const suggestCarHire: Handler = (call) => {
  const {query} = call.body as SuggestBody;
  const kinds = query.includedEntityTypes?.length
    ? query.includedEntityTypes
    : ['PLACE_TYPE_AIRPORT', 'PLACE_TYPE_CITY'];
  const found = call.scenario === 'empty' ? [] : suggestPlaces(query.searchTerm, kinds, DEFAULT_LIMIT);
  return {
    places: found.map(({place}) => {
      const name = place.type === 'PLACE_TYPE_AIRPORT' ? `${place.name} Airport` : placeName(place, query.locale);
      const where = hierarchy(place, query.locale, ', ');
      return {
        hierarchy: where,
        location: location(place, true),
        name,
        highlight: {hierarchy: highlighted(where, query.searchTerm), name: highlighted(name, query.searchTerm)},
        entityId: place.entityId,
        type: place.type,
      };
    }),
  };
};

const suggestHotels: Handler = (call) => {
  const {query, limit} = call.body as SuggestBody;
  const kinds = query.includedEntityTypes?.length
    ? query.includedEntityTypes
    : ['PLACE_TYPE_CITY', 'PLACE_TYPE_AIRPORT', 'PLACE_TYPE_COUNTRY'];
  const found = call.scenario === 'empty' ? [] : suggestPlaces(query.searchTerm, kinds, limit ?? DEFAULT_LIMIT);
  return {
    places: found.map(({place, score}) => {
      const name = placeName(place, query.locale);
      const where = hierarchy(place, query.locale, ', ');
      return {
        hierarchy: where,
        location: location(place, true),
        score: Math.round(score * 100) / 100,
        name,
        highlight: {hierarchy: highlighted(where, query.searchTerm), name: highlighted(name, query.searchTerm)},
        entityId: place.entityId,
        type: place.type,
        pois: [],
      };
    }),
  };
};

export const referenceHandlers: Record<string, Handler> = {
  GeoService_NearestPlaces: nearestPlaces,
  GeoService_ListPlaces: listPlaces,
  CultureService_ListCurrencies: listCurrencies,
  CultureService_ListLocales: listLocales,
  CultureService_ListMarkets: listMarkets,
  CultureService_NearestCulture: nearestCulture,
  CarriersService_ListCarriers: listCarriers,
  AutosuggestService_SuggestFlights: suggestFlights,
  AutosuggestService_SuggestCarHire: suggestCarHire,
  AutosuggestService_SuggestHotels: suggestHotels,
};
