/**
 * Geo: the place hierarchy (`GeoService_ListPlaces`) and the places nearest a locator
 * (`GeoService_NearestPlaces`), from the sandbox's place data (data/places.ts).
 */
import {lineage, nearestAirports, placeBody, places} from '../data/places';
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

export const handlers = {
  GeoService_NearestPlaces: nearestPlaces,
  GeoService_ListPlaces: listPlaces,
} satisfies Record<string, Handler>;
