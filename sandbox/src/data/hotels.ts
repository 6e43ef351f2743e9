/**
 * The sandbox's hotels: every hotel generated from its id (`hotelById`), so the live search, the
 * content and the reviews of one hotel agree; a place's hotels are ids derived from the place
 * (`hotelsOf`); the offers of a live query (`offers`) and a hotel's images (`images`).
 */
import {hotelAgents} from './agents';
import {places, type SandboxPlace} from './places';
import {hash32, Rng, shortId} from '../random';
import {isoDate, milli, toDate, type RequestOf, type SchemaOf} from '../services/types';

/** An enum of the hotels specs, by schema name (hotels-common, shared by the four hotels APIs). */
type HotelsEnum<
  Name extends
    | 'Stars'
    | 'AccommodationType'
    | 'GuestType'
    | 'ImageType'
    | 'RoomType'
    | 'MealPlanType'
    | 'CancellationPolicyType'
    | 'PaymentType',
> = SchemaOf<'hotels-live', Name>;

export const stars: HotelsEnum<'Stars'>[] = [
  'STARS_TWO_STAR',
  'STARS_THREE_STAR',
  'STARS_THREE_STAR',
  'STARS_FOUR_STAR',
  'STARS_FOUR_STAR',
  'STARS_FIVE_STAR',
];
export const starCount = (value: HotelsEnum<'Stars'> | undefined) =>
  [
    'STARS_NO_STAR',
    'STARS_ONE_STAR',
    'STARS_TWO_STAR',
    'STARS_THREE_STAR',
    'STARS_FOUR_STAR',
    'STARS_FIVE_STAR',
  ].indexOf(value ?? '');
export const kinds: HotelsEnum<'AccommodationType'>[] = [
  'ACCOMMODATION_TYPE_HOTEL',
  'ACCOMMODATION_TYPE_HOTEL',
  'ACCOMMODATION_TYPE_HOTEL',
  'ACCOMMODATION_TYPE_APARTMENT',
  'ACCOMMODATION_TYPE_GUESTHOUSE',
  'ACCOMMODATION_TYPE_HOSTEL',
];
const brands = [
  'Kingsway',
  'Harbour',
  'Meridian',
  'Oakwood',
  'Crown',
  'Riverside',
  'Parkview',
  'Station',
  'Grand',
  'Abbey',
];
const suffixes = ['Hotel', 'Suites', 'Inn', 'House', 'Lodge', 'Residences'];
export const chains = [
  {chainId: '', chainName: '', groupId: '', groupName: ''},
  {chainId: 'kwh', chainName: 'Kingsway Hotels', groupId: 'hgrp', groupName: 'Harbour Group'},
  {chainId: 'mrd', chainName: 'Meridian Stays', groupId: 'hgrp', groupName: 'Harbour Group'},
];
const amenityCodes = [
  'HOTEL_AMENITY_WIFI',
  'HOTEL_AMENITY_PARKING',
  'HOTEL_AMENITY_POOL',
  'HOTEL_AMENITY_GYM',
  'HOTEL_AMENITY_RESTAURANT',
  'HOTEL_AMENITY_SPA',
  'HOTEL_AMENITY_AIR_CONDITIONING',
];
export const guestTypes: HotelsEnum<'GuestType'>[] = [
  'GUEST_TYPE_FAMILY',
  'GUEST_TYPE_BUSINESS',
  'GUEST_TYPE_COUPLE',
  'GUEST_TYPE_SOLO',
  'GUEST_TYPE_GROUP',
];
const imageTypes: HotelsEnum<'ImageType'>[] = [
  'IMAGE_TYPE_OUTLOOK',
  'IMAGE_TYPE_BEDROOM',
  'IMAGE_TYPE_LOBBY',
  'IMAGE_TYPE_BATHROOM',
  'IMAGE_TYPE_RESTAURANT_BAR',
];
export const rooms: [string, HotelsEnum<'RoomType'>][] = [
  ['Standard Double Room', 'ROOM_TYPE_DOUBLE'],
  ['Twin Room', 'ROOM_TYPE_TWIN'],
  ['Single Room', 'ROOM_TYPE_SINGLE'],
  ['Family Room', 'ROOM_TYPE_FAMILY'],
  ['Junior Suite', 'ROOM_TYPE_SUITE'],
];
const mealPlans: HotelsEnum<'MealPlanType'>[] = [
  'MEAL_PLAN_TYPE_ROOM_ONLY',
  'MEAL_PLAN_TYPE_BREAKFAST_INCLUDED',
  'MEAL_PLAN_TYPE_HALF_BOARD',
];
const cancellations: HotelsEnum<'CancellationPolicyType'>[] = [
  'CANCELLATION_POLICY_TYPE_FREE_CANCELLATION',
  'CANCELLATION_POLICY_TYPE_NON_REFUNDABLE',
  'CANCELLATION_POLICY_TYPE_REFUNDABLE',
];
const payments: HotelsEnum<'PaymentType'>[] = ['PAYMENT_TYPE_PREPAID', 'PAYMENT_TYPE_PAY_ON_ARRIVAL'];

/** Hotel ids of generated places: 40000000 + 100 × the place's index + n; the guides' hotel keeps its id. */
const HOTEL_BASE = 40_000_000;
const knownHotels: Record<string, string> = {'46948122': '27544008', '47285536': '27544008'};

export interface SandboxHotel {
  hotelId: string;
  hotelName: string;
  place: SandboxPlace;
  stars: HotelsEnum<'Stars'>;
  accommodationType: HotelsEnum<'AccommodationType'>;
  chainGroup: (typeof chains)[number];
  coordinates: {latitude: number; longitude: number};
  amenities: string[];
  guestTypes: HotelsEnum<'GuestType'>[];
  rating: number;
  reviewCount: number;
}

/** A hotel from its id: the same id always gives the same hotel. */
export function hotelById(hotelId: string): SandboxHotel {
  const index = places();
  const number = Number(hotelId);
  const placeIndex = Math.floor((number - HOTEL_BASE) / 100);
  const place =
    index.byId.get(knownHotels[hotelId] ?? '') ??
    (Number.isInteger(number) &&
    placeIndex >= 0 &&
    placeIndex < index.all.length &&
    index.all[placeIndex].type !== 'PLACE_TYPE_CONTINENT'
      ? index.all[placeIndex]
      : index.all.filter((candidate) => candidate.type === 'PLACE_TYPE_CITY')[hash32(hotelId) % 500]);
  const rng = new Rng(['hotel', hotelId]);
  const kind = rng.pick(kinds);
  const name =
    hotelId === '46948122'
      ? 'Kingsway Riverside London Bridge'
      : `${rng.pick(brands)} ${place.cityName || place.name} ${kind === 'ACCOMMODATION_TYPE_HOTEL' ? rng.pick(suffixes) : kind === 'ACCOMMODATION_TYPE_APARTMENT' ? 'Apartments' : kind === 'ACCOMMODATION_TYPE_HOSTEL' ? 'Hostel' : 'Guesthouse'}`;
  return {
    hotelId,
    hotelName: name,
    place,
    stars: kind === 'ACCOMMODATION_TYPE_HOSTEL' ? 'STARS_TWO_STAR' : rng.pick(stars),
    accommodationType: kind,
    chainGroup: rng.pick(chains),
    coordinates: {
      latitude: Math.max(
        -90,
        Math.min(90, Math.round((place.coordinates.latitude + rng.int(-300, 300) / 10_000) * 10_000) / 10_000),
      ),
      longitude: Math.max(
        -180,
        Math.min(180, Math.round((place.coordinates.longitude + rng.int(-300, 300) / 10_000) * 10_000) / 10_000),
      ),
    },
    amenities: rng.sample(amenityCodes, rng.int(2, 6)).sort(),
    guestTypes: rng.sample(guestTypes, rng.int(2, 4)).sort(),
    rating: rng.int(55, 98) / 20,
    reviewCount: rng.int(20, 1500),
  };
}

/** The hotels of a search place: a city's or airport's, or a hotel itself. */
function hotelsOf(entityId: string): SandboxHotel[] {
  const index = places();
  const place = index.byId.get(entityId);
  if (!place) {
    // A hotel entity id: that hotel alone (the guides' hotels, or ids in the sandbox's hotel range).
    const number = Number(entityId);
    return knownHotels[entityId] || (number >= HOTEL_BASE && number < HOTEL_BASE + 100 * index.all.length)
      ? [hotelById(entityId)]
      : [];
  }
  if (place.type === 'PLACE_TYPE_CONTINENT') return [];
  const rng = new Rng(['hotels-of', entityId]);
  const count =
    place.type === 'PLACE_TYPE_COUNTRY'
      ? 60
      : place.type === 'PLACE_TYPE_CITY'
        ? Math.min(99, 20 + place.weight / 2)
        : rng.int(8, 20);
  const base = HOTEL_BASE + 100 * index.indexOf.get(entityId)!;
  const ids = Array.from({length: Math.floor(count)}, (_, n) => String(base + n));
  if (entityId === '27544008') ids.unshift('46948122', '47285536');
  return ids.map(hotelById);
}

/** The query of a hotels live search, as its create call's schema says. */
export type LiveQuery = RequestOf<'HotelsService_CreateSearch'>['query'];

export interface Offer {
  key: string;
  hotel: SandboxHotel;
  option: SchemaOf<'hotels-live', 'HotelPricingOption'> & {
    agentId: string;
    mealPlan: HotelsEnum<'MealPlanType'>;
    cancellationPolicy: HotelsEnum<'CancellationPolicyType'>;
    paymentType: HotelsEnum<'PaymentType'>;
  };
  total: number;
  undiscounted: number;
}

export function offers(query: LiveQuery): {hotels: SandboxHotel[]; offers: Offer[]} {
  const nights = Math.max(
    1,
    Math.round((toDate(query.checkoutDate).getTime() - toDate(query.checkinDate).getTime()) / 86_400_000),
  );
  const roomCount = query.rooms ?? 1;
  const included = new Set(query.includedAgentsIds ?? []);
  const excluded = new Set(query.excludedAgentsIds ?? []);
  const agents = hotelAgents.filter((agent) => (!included.size || included.has(agent.id)) && !excluded.has(agent.id));
  const found: Offer[] = [];
  const hotels = hotelsOf(query.entityId);
  if (!agents.length) return {hotels: [], offers: []};
  for (const hotel of hotels) {
    const rng = new Rng(['hotel-offers', hotel.hotelId, query]);
    const nightly = 35 + starCount(hotel.stars) * 32 + rng.int(0, 60);
    for (const agent of rng.sample(agents, rng.int(1, 3))) {
      const [roomName, roomType] = rng.pick(rooms);
      const total = nightly * nights * roomCount * (1 + rng.int(0, 15) / 100);
      const undiscounted = rng.chance(0.3) ? total * 1.12 : total;
      const id = shortId(rng, 6);
      // The taxes are paid as the room is: at booking for a prepaid option, at the hotel for pay on arrival
      const price = (amount: number, payType: HotelsEnum<'PaymentType'>): SchemaOf<'hotels-live', 'OfferPrice'> => ({
        currency: query.currency,
        price: {...milli(amount), updateStatus: 'PRICE_UPDATE_STATUS_CURRENT'},
        basePrice: milli(amount / 1.2),
        taxesAndFees: [{feeType: 'TAX_AND_FEE_TYPE_VAT', value: milli(amount - amount / 1.2), payType}],
      });
      const paymentType = rng.pick(payments);
      found.push({
        key: `${hotel.hotelId}_${id}`,
        hotel,
        total,
        undiscounted,
        option: {
          id,
          agentId: agent.id,
          hotelId: hotel.hotelId,
          roomName,
          roomType,
          cancellationPolicy: rng.pick(cancellations),
          mealPlan: rng.pick(mealPlans),
          price: price(total, paymentType),
          priceWithoutDiscount: price(undiscounted, paymentType),
          deeplink: `https://www.provider.example/hotels/deeplink/v1/${encodeURIComponent(query.market)}/${encodeURIComponent(query.locale)}/${encodeURIComponent(query.currency)}/${agent.id}/${hotel.hotelId}?checkin=${isoDate(toDate(query.checkinDate))}&checkout=${isoDate(toDate(query.checkoutDate))}&adults=${query.adults}&rooms=${roomCount}&option=${id}`,
          paymentType,
        },
      });
    }
  }
  return {hotels, offers: found};
}

export function images(hotel: SandboxHotel) {
  const rng = new Rng(['images', hotel.hotelId]);
  return Array.from({length: 4}, () => {
    const id = shortId(rng, 6);
    const base = `https://images.provider.example/hotels/${encodeURIComponent(hotel.hotelId)}/${id}`;
    return {
      id,
      type: rng.pick(imageTypes),
      thumbnailUrl: `${base}/thumbnail.jpg`,
      galleryUrl: `${base}/gallery.jpg`,
      fullUrl: `${base}/full.jpg`,
      dynamicUrl: `${base}/{size}.jpg`,
    };
  });
}
