/**
 * Geo: the place hierarchy (`GeoService_ListPlaces`) and the places nearest a locator
 * (`GeoService_NearestPlaces`), from the sandbox's place data (data/places.ts).
 */
import {placeBody} from '../data/placeNames';
import {lineage, nearestAirports, places} from '../data/places';
import type {ApiHandlers, Handler} from './types';

const london = () => places().byId.get('95565050')!;

const nearestPlaces: Handler<'GeoService_NearestPlaces'> = (call) => {
  const {locator, locale} = call.body;
  // No IP geolocation data ships with the sandbox: an IP address answers with the default culture's place (London).
  const [airport] = locator.coordinates ? nearestAirports(locator.coordinates, 1) : [london()];
  return {
    status: 'RESULT_STATUS_COMPLETE',
    places:
      call.behaviour === 'empty'
        ? {}
        : Object.fromEntries(lineage(airport).map((place) => [place.entityId, placeBody(place, locale)])),
  };
};

const listPlaces: Handler<'GeoService_ListPlaces'> = (call) => {
  const {locale} = call.params;
  return {
    status: 'RESULT_STATUS_COMPLETE',
    places:
      call.behaviour === 'empty'
        ? {}
        : Object.fromEntries(places().all.map((place) => [place.entityId, placeBody(place, locale)])),
  };
};

export const handlers = {
  GeoService_NearestPlaces: nearestPlaces,
  GeoService_ListPlaces: listPlaces,
} satisfies ApiHandlers<'geo'>;
