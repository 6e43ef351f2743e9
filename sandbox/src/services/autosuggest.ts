/**
 * Autosuggest for flights, car hire and hotels: a prefix and word search of the place data
 * (data/places.ts `suggestPlaces`), with the highlighting offsets of the matched words.
 */
import {placeName} from '../data/placeNames';
import {lineage, matchRanges, suggestPlaces, type SandboxPlace} from '../data/places';
import type {ApiHandlers, Handler} from './types';

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

const suggestFlights: Handler<'AutosuggestService_SuggestFlights'> = (call) => {
  const {query, limit} = call.body;
  const kinds = query.includedEntityTypes?.length
    ? query.includedEntityTypes
    : (['PLACE_TYPE_AIRPORT', 'PLACE_TYPE_CITY', 'PLACE_TYPE_COUNTRY'] as const);
  const found = call.behaviour === 'empty' ? [] : suggestPlaces(query.searchTerm, kinds, limit ?? DEFAULT_LIMIT);
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

const suggestCarHire: Handler<'AutosuggestService_SuggestCarHire'> = (call) => {
  const {query} = call.body;
  const kinds = query.includedEntityTypes?.length
    ? query.includedEntityTypes
    : (['PLACE_TYPE_AIRPORT', 'PLACE_TYPE_CITY'] as const);
  const found = call.behaviour === 'empty' ? [] : suggestPlaces(query.searchTerm, kinds, DEFAULT_LIMIT);
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

const suggestHotels: Handler<'AutosuggestService_SuggestHotels'> = (call) => {
  const {query, limit} = call.body;
  const kinds = query.includedEntityTypes?.length
    ? query.includedEntityTypes
    : (['PLACE_TYPE_CITY', 'PLACE_TYPE_AIRPORT', 'PLACE_TYPE_COUNTRY'] as const);
  const found = call.behaviour === 'empty' ? [] : suggestPlaces(query.searchTerm, kinds, limit ?? DEFAULT_LIMIT);
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

export const handlers = {
  AutosuggestService_SuggestFlights: suggestFlights,
  AutosuggestService_SuggestCarHire: suggestCarHire,
  AutosuggestService_SuggestHotels: suggestHotels,
} satisfies ApiHandlers<'autosuggest'>;
