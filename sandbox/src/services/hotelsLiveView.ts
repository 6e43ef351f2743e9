/**
 * What a hotels live answer shows of a search: the poll's filters applied to each hotel's offers
 * (`applyFilters`), then the sort and the page (`page`), with the agents, hotel info, hotel content
 * and sort options of the hotels shown.
 */
import {hotelAgents} from '../data/agents';
import {places} from '../data/places';
import {distanceKm} from '../random';
import {partial} from './session';
import {isoDate, toDate, type SchemaOf, type RequestOf} from './types';

import {images, offers, starCount, type LiveQuery, type Offer, type SandboxHotel} from '../data/hotels';

/** What a hotels poll asks to see: its sort, filters and page, as the poll's schema says. */
export type PollBody = RequestOf<'HotelsService_PollSearch'>;

/** The filters of a poll, applied to a hotel's offers: the offers that pass, none when the hotel fails. */
export function applyFilters(hotel: SandboxHotel, hotelOffers: Offer[], filters: PollBody['filters']): Offer[] {
  let kept = hotelOffers;
  for (const filter of filters ?? []) {
    const [[type, spec]] = Object.entries(filter);
    const values = new Set((spec.values ?? []) as unknown[]);
    const has = (value: unknown) => !values.size || values.has(value);
    switch (type) {
      case 'starsFilter':
        if (!has(hotel.stars)) return [];
        break;
      case 'chainIdFilter':
        if (!has(hotel.chainGroup.chainId)) return [];
        break;
      case 'hotelGroupFilter':
        if (!has(hotel.chainGroup.groupId)) return [];
        break;
      case 'accommodationTypeFilter':
        if (!has(hotel.accommodationType)) return [];
        break;
      case 'amenitiesFilter':
        if (![...values].every((value) => hotel.amenities.includes(String(value)))) return [];
        break;
      case 'guestTypeFilter':
        if (values.size && !hotel.guestTypes.some((value) => values.has(value))) return [];
        break;
      case 'geoAreaFilter': {
        const [northWest, southEast] = (spec.values ?? []) as {latitude: number; longitude: number}[];
        const {latitude, longitude} = hotel.coordinates;
        if (!(
          latitude <= northWest.latitude &&
          latitude >= southEast.latitude &&
          longitude >= northWest.longitude &&
          longitude <= southEast.longitude
        )) {
          return [];
        }
        break;
      }
      case 'priceRangeFilter':
        // Whole units of the search's currency (the spec's assumption for PriceRangeFilter).
        kept = kept.filter(
          (offer) => offer.total >= (spec.minValue ?? 0) && offer.total <= (spec.maxValue ?? Infinity),
        );
        break;
      case 'mealPlanFilter':
        kept = kept.filter((offer) => has(offer.option.mealPlan));
        break;
      case 'cancellationTypeFilter':
        kept = kept.filter((offer) => has(offer.option.cancellationPolicy));
        break;
      case 'paymentTypeFilter':
        kept = kept.filter((offer) => has(offer.option.paymentType));
        break;
      case 'agentFilter':
        kept = kept.filter((offer) => has(offer.option.agentId));
        break;
    }
  }
  return kept;
}

export function page(
  query: LiveQuery,
  all: ReturnType<typeof offers>,
  stage: number,
  stages: number,
  view: PollBody,
  defaultLimit: number,
): SchemaOf<'hotels-live', 'HotelsLiveContent'> {
  const hotels = partial(all.hotels, stage, stages);
  const target = places().byId.get(query.entityId) ?? hotels[0]?.place;
  const byHotel = new Map<SandboxHotel, Offer[]>();
  for (const offer of all.offers) byHotel.set(offer.hotel, [...(byHotel.get(offer.hotel) ?? []), offer]);
  const matching = hotels
    .map((hotel) => ({hotel, offers: applyFilters(hotel, byHotel.get(hotel) ?? [], view.filters)}))
    .filter((entry) => entry.offers.length);
  const distance = (hotel: SandboxHotel) => (target ? distanceKm(hotel.coordinates, target.coordinates) : 0);
  const cheapest = (entry: (typeof matching)[number]) => Math.min(...entry.offers.map((offer) => offer.total));
  const discount = (entry: (typeof matching)[number]) =>
    Math.max(...entry.offers.map((offer) => offer.undiscounted - offer.total));
  const type = view.sort?.type ?? 'SORT_ORDER_TYPE_BEST';
  const key: Record<string, (entry: (typeof matching)[number]) => number> = {
    SORT_ORDER_TYPE_PRICE: cheapest,
    SORT_ORDER_TYPE_HOTEL_GUEST_RATING: (entry) => entry.hotel.rating,
    SORT_ORDER_TYPE_HOTEL_PROXIMITY: (entry) => distance(entry.hotel),
    SORT_ORDER_TYPE_HOTEL_STAR_RATING: (entry) => starCount(entry.hotel.stars),
    SORT_ORDER_TYPE_HOTEL_DISCOUNT: discount,
  };
  const value = key[type] ?? ((entry: (typeof matching)[number]) => entry.hotel.rating * 100 - cheapest(entry) / 10);
  const ascendingByDefault = type === 'SORT_ORDER_TYPE_PRICE' || type === 'SORT_ORDER_TYPE_HOTEL_PROXIMITY';
  const ascending =
    view.sort?.order === 'SORT_ORDER_DIRECTION_ASCENDING' ||
    (view.sort?.order !== 'SORT_ORDER_DIRECTION_DESCENDING' && ascendingByDefault);
  const sorted = [...matching].sort(
    (a, b) =>
      (ascending ? value(a) - value(b) : value(b) - value(a)) ||
      (a.hotel.hotelId < b.hotel.hotelId ? -1 : a.hotel.hotelId > b.hotel.hotelId ? 1 : 0),
  );
  const offset = view.pagination?.offset ?? 0;
  const limit = view.pagination?.limit ?? defaultLimit;
  const shown = sorted.slice(offset, offset + limit);
  const shownOffers = shown.flatMap((entry) => entry.offers);
  const agentIds = new Set(shownOffers.map((offer) => offer.option.agentId));
  return {
    totalHotelResultCount: sorted.length,
    results: {
      hotelsPricingOptions: Object.fromEntries(shownOffers.map((offer) => [offer.key, offer.option])),
      agents: Object.fromEntries(
        hotelAgents
          .filter((agent) => agentIds.has(agent.id))
          .map((agent) => [
            agent.id,
            {...agent, logoUrl: `https://logos.provider.example/hotels/agents/${agent.id}.png`},
          ]),
      ),
      hotelInfo: Object.fromEntries(
        shown.map(({hotel}) => [
          hotel.hotelId,
          {
            hotelId: hotel.hotelId,
            distanceFromTarget: {value: Math.round(distance(hotel) * 10) / 10, unit: 'DISTANCE_UNIT_KILOMETER'},
            deeplink: `https://www.provider.example/hotels/ht-${hotel.hotelId}?checkin=${isoDate(toDate(query.checkinDate))}&checkout=${isoDate(toDate(query.checkoutDate))}&adults=${query.adults}&rooms=${query.rooms ?? 1}`,
          },
        ]),
      ),
      hotelContent: Object.fromEntries(
        shown.map(({hotel}) => [
          hotel.hotelId,
          {
            hotelId: hotel.hotelId,
            hotelName: hotel.hotelName,
            stars: hotel.stars,
            accommodationType: hotel.accommodationType,
            chainGroup: hotel.chainGroup,
            coordinates: hotel.coordinates,
            hotelImages: images(hotel).slice(0, 2),
          },
        ]),
      ),
      sortOptions: {
        hotel: {
          sortItems: shown.map((entry) => ({
            itemId: entry.hotel.hotelId,
            value: Math.round(value(entry) * 1000) / 1000,
          })),
        },
        pricingOption: {
          sortItems: [...shownOffers]
            .sort((a, b) => a.total - b.total)
            .map((offer) => ({itemId: offer.key, value: Math.round(offer.total * 100) / 100})),
        },
      },
    },
  };
}
