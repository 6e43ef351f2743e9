/**
 * Hotels live prices (create and poll with sort, filters and pagination), indicative prices, content
 * and reviews. Every hotel is generated from its id (`hotelById`), so the live search, the content
 * and the reviews of one hotel agree; a place's hotels are ids derived from the place.
 */
import {hotelAgents} from '../data/agents';
import {countryOf, places, placeName, type SandboxPlace} from '../data/places';
import {distanceKm, hash32, Rng, shortId, stableStringify} from '../random';
import {newSession, openSession, partial, poll, stagesFor} from './session';
import {isoDate, milli, toDate, type Handler, type LocalDate} from './types';

const stars = [
  'STARS_TWO_STAR',
  'STARS_THREE_STAR',
  'STARS_THREE_STAR',
  'STARS_FOUR_STAR',
  'STARS_FOUR_STAR',
  'STARS_FIVE_STAR',
];
const starCount = (value: string) =>
  [
    'STARS_NO_STAR',
    'STARS_ONE_STAR',
    'STARS_TWO_STAR',
    'STARS_THREE_STAR',
    'STARS_FOUR_STAR',
    'STARS_FIVE_STAR',
  ].indexOf(value);
const kinds = [
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
const chains = [
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
const guestTypes = [
  'GUEST_TYPE_FAMILY',
  'GUEST_TYPE_BUSINESS',
  'GUEST_TYPE_COUPLE',
  'GUEST_TYPE_SOLO',
  'GUEST_TYPE_GROUP',
];
const imageTypes = [
  'IMAGE_TYPE_OUTLOOK',
  'IMAGE_TYPE_BEDROOM',
  'IMAGE_TYPE_LOBBY',
  'IMAGE_TYPE_BATHROOM',
  'IMAGE_TYPE_RESTAURANT_BAR',
];
const rooms: [string, string][] = [
  ['Standard Double Room', 'ROOM_TYPE_DOUBLE'],
  ['Twin Room', 'ROOM_TYPE_TWIN'],
  ['Single Room', 'ROOM_TYPE_SINGLE'],
  ['Family Room', 'ROOM_TYPE_FAMILY'],
  ['Junior Suite', 'ROOM_TYPE_SUITE'],
];
const mealPlans = ['MEAL_PLAN_TYPE_ROOM_ONLY', 'MEAL_PLAN_TYPE_BREAKFAST_INCLUDED', 'MEAL_PLAN_TYPE_HALF_BOARD'];
const cancellations = [
  'CANCELLATION_POLICY_TYPE_FREE_CANCELLATION',
  'CANCELLATION_POLICY_TYPE_NON_REFUNDABLE',
  'CANCELLATION_POLICY_TYPE_REFUNDABLE',
];
const payments = ['PAYMENT_TYPE_PREPAID', 'PAYMENT_TYPE_PAY_ON_ARRIVAL'];

/** Hotel ids of generated places: 40000000 + 100 × the place's index + n; the guides' hotel keeps its id. */
const HOTEL_BASE = 40_000_000;
const knownHotels: Record<string, string> = {'46948122': '27544008', '47285536': '27544008'};

export interface SandboxHotel {
  hotelId: string;
  hotelName: string;
  place: SandboxPlace;
  stars: string;
  accommodationType: string;
  chainGroup: (typeof chains)[number];
  coordinates: {latitude: number; longitude: number};
  amenities: string[];
  guestTypes: string[];
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
export function hotelsOf(entityId: string): SandboxHotel[] {
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

interface LiveQuery {
  market: string;
  locale: string;
  currency: string;
  entityId: string;
  checkinDate: LocalDate;
  checkoutDate: LocalDate;
  adults: number;
  childrenAges?: number[];
  rooms?: number;
  includedAgentsIds?: string[];
  excludedAgentsIds?: string[];
}

interface Offer {
  key: string;
  hotel: SandboxHotel;
  option: Record<string, unknown> & {
    agentId: string;
    mealPlan: string;
    cancellationPolicy: string;
    paymentType: string;
  };
  total: number;
  undiscounted: number;
}

function offers(query: LiveQuery): {hotels: SandboxHotel[]; offers: Offer[]} {
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
      const price = (amount: number) => ({
        currency: query.currency,
        price: {...milli(amount), updateStatus: 'PRICE_UPDATE_STATUS_CURRENT'},
        basePrice: milli(amount / 1.2),
        taxesAndFees: [
          {feeType: 'TAX_AND_FEE_TYPE_VAT', value: milli(amount - amount / 1.2), payType: 'PAYMENT_TYPE_PREPAID'},
        ],
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
          price: price(total),
          priceWithoutDiscount: price(undiscounted),
          deeplink: `https://www.provider.example/hotels/deeplink/v1/${encodeURIComponent(query.market)}/${encodeURIComponent(query.locale)}/${encodeURIComponent(query.currency)}/${agent.id}/${hotel.hotelId}?checkin=${isoDate(toDate(query.checkinDate))}&checkout=${isoDate(toDate(query.checkoutDate))}&adults=${query.adults}&rooms=${roomCount}&option=${id}`,
          paymentType,
        },
      });
    }
  }
  return {hotels, offers: found};
}

interface PollBody {
  sort?: {type?: string; order?: string};
  pagination?: {limit?: number; offset?: number};
  filters?: Record<string, {values?: unknown[]; minValue?: number; maxValue?: number}>[];
}

/** The filters of a poll, applied to a hotel's offers: the offers that pass, none when the hotel fails. */
function applyFilters(hotel: SandboxHotel, hotelOffers: Offer[], filters: PollBody['filters']): Offer[] {
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

function page(
  query: LiveQuery,
  all: ReturnType<typeof offers>,
  stage: number,
  stages: number,
  view: PollBody,
  defaultLimit: number,
) {
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
    (a, b) => (ascending ? value(a) - value(b) : value(b) - value(a)) || a.hotel.hotelId.localeCompare(b.hotel.hotelId),
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

function images(hotel: SandboxHotel) {
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

const KIND = 'hotels-live';
interface HotelsSession extends LiveQuery {
  /** initialPageSize */
  pageSize: number;
}

const createSearch: Handler = async (call) => {
  const query = {...(call.body.query as LiveQuery), pageSize: call.body.initialPageSize as number} as HotelsSession;
  const all = offers(query);
  const session = newSession(call, KIND, query, stagesFor(2, call.scenario, all.offers.length > 0));
  const view: PollBody = {};
  const body = page(
    query,
    call.scenario === 'empty' ? {hotels: [], offers: []} : all,
    1,
    session.n,
    view,
    query.pageSize,
  );
  return {
    sessionToken: await call.tokens.sign({...session, h: stableStringify(view)}),
    status: session.n === 1 ? 'RESULT_STATUS_COMPLETE' : 'RESULT_STATUS_INCOMPLETE',
    action: 'RESULT_ACTION_REPLACED',
    content: body,
  };
};

const pollSearch: Handler = async (call) => {
  const session = await openSession<HotelsSession>(call, String(call.params.sessionToken), KIND);
  const view = (call.body ?? {}) as PollBody;
  const outcome = poll(session, call.now, stableStringify(view));
  const all = session.sc === 'empty' ? {hotels: [], offers: []} : offers(session.q);
  const body = page(session.q, all, outcome.stage, session.n, view, session.q.pageSize);
  return {
    sessionToken: await call.tokens.sign(outcome.next),
    status: outcome.status,
    action: outcome.action,
    content: outcome.send ? body : {results: {}},
  };
};

interface IndicativeQuery {
  market: string;
  locale: string;
  currency: string;
  destinationEntityIds: string[];
  travelDate: {fixedDate?: LocalDate; dateRange?: {startDate: LocalDate; endDate: LocalDate}};
  dateTimeGroupingType?: string;
  filter?: {
    starsFilter?: string[];
    chainIdFilter?: string[];
    hotelGroupFilter?: string[];
    accommodationTypeFilter?: string[];
  };
}

const searchIndicative: Handler = (call) => {
  const query = call.body.query as IndicativeQuery;
  const prices: Record<string, object[]> = {};
  const start = toDate(query.travelDate.fixedDate ?? query.travelDate.dateRange!.startDate);
  const end = toDate(query.travelDate.fixedDate ?? query.travelDate.dateRange!.endDate);
  const grouping = query.dateTimeGroupingType ?? 'DATE_TIME_GROUPING_TYPE_AGGREGATED';
  const periods = new Set<string>();
  for (let time = start.getTime(); time <= end.getTime() && periods.size < 400; time += 86_400_000) {
    const date = isoDate(new Date(time));
    periods.add(
      grouping === 'DATE_TIME_GROUPING_TYPE_BY_DATE'
        ? date
        : grouping === 'DATE_TIME_GROUPING_TYPE_BY_MONTH'
          ? date.slice(0, 7)
          : `${isoDate(start)}_${isoDate(end)}`,
    );
  }
  const filterValues = Object.values(query.filter ?? {}).flat();
  const filterKey = filterValues.length ? `_${filterValues.join('_')}` : '';
  if (call.scenario !== 'empty') {
    for (const entityId of query.destinationEntityIds) {
      const place = places().byId.get(entityId);
      if (!place) continue;
      for (const period of periods) {
        const rng = new Rng(['hotels-indicative', entityId, period, query.filter ?? {}]);
        const cheapest = 40 + rng.int(0, 90) + (place.weight > 100 ? 40 : 0);
        const average = Math.round(cheapest * (1.4 + rng.int(0, 40) / 100));
        const median = Math.round((cheapest + average) / 2 + rng.int(0, 10));
        prices[`${entityId}${filterKey}_${period}`] = [
          {type: 'PRICE_AGGREGATION_TYPE_CHEAPEST', price: {amount: String(cheapest), unit: 'PRICE_UNIT_WHOLE'}},
          {type: 'PRICE_AGGREGATION_TYPE_AVERAGE', price: {amount: String(average), unit: 'PRICE_UNIT_WHOLE'}},
          {type: 'PRICE_AGGREGATION_TYPE_MEDIAN', price: {amount: String(median), unit: 'PRICE_UNIT_WHOLE'}},
        ];
      }
    }
  }
  return {resultSet: {prices}};
};

const getContent: Handler = (call) => {
  const locale = (call.body.locale as string | undefined) ?? 'en-GB';
  const hotelIds = call.scenario === 'empty' ? [] : (call.body.hotelIds as string[]);
  return {
    hotelsContent: Object.fromEntries(
      hotelIds.map((hotelId) => {
        const hotel = hotelById(hotelId);
        const rng = new Rng(['content', hotelId]);
        const country = countryOf(hotel.place);
        return [
          hotelId,
          {
            hotelId,
            hotelName: hotel.hotelName,
            hotelNameEn: hotel.hotelName,
            hotelStreetAddress: `${rng.int(1, 240)} ${rng.pick(['High Street', 'Station Road', 'Church Lane', 'Market Square', 'Park Avenue'])}, ${hotel.place.cityName || hotel.place.name}`,
            hotelPostcode: `${rng.int(10000, 99999)}`,
            coordinates: hotel.coordinates,
            checkinTime: {hour: 15, minute: 0},
            checkoutTime: {hour: 11, minute: 0},
            hotelPhone: `+${rng.int(1, 99)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
            hotelEmail: `stay@${hotel.hotelName.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
            chainGroup: hotel.chainGroup,
            stars: hotel.stars,
            accommodationType: hotel.accommodationType,
            amenities: hotel.amenities,
            hotelPolicyInfo: {
              availableBedPolicies: [],
              additionalBedPolicies: [
                {
                  limitType: 'LIMIT_TYPE_AGE',
                  start: 0,
                  end: 2,
                  bedType: 'Cot',
                  payPolicy: {chargeType: 'Free', currency: 'GBP', amount: 0},
                },
              ],
              petsPolicy: {isAllowPets: rng.chance(0.4), isFree: false},
              childrenPolicy: {
                isAllowChildren: true,
                childrenPolicyContent: 'Children of all ages are welcome.',
                childrenPolicyLocale: 'en-GB',
              },
              breakfastPolicy: {
                isAvailable: true,
                options: ['Continental', 'Full English'],
                times: [
                  {
                    startDay: 'Monday',
                    endDay: 'Sunday',
                    startTime: {hour: 7, minute: 0},
                    endTime: {hour: 10, minute: 30},
                  },
                ],
                charges: [{chargeType: 'Per person', currency: 'GBP', amount: rng.int(9, 22)}],
                menuTypes: ['Buffet'],
              },
              paymentMethods: ['Visa', 'Mastercard', 'American Express'],
              importantNoticeAboutTheCity: '',
              importantNoticeFromTheHotel: '',
              transfer: '',
              childrenBreakfastPolicies: [],
            },
            hotelDescription: {
              locale,
              content: `${hotel.hotelName} is a ${starCount(hotel.stars)}-star property in ${hotel.place.cityName || hotel.place.name}${country ? `, ${placeName(country, locale)}` : ''}.`,
            },
            images: images(hotel),
          },
        ];
      }),
    ),
  };
};

const reviewTexts = [
  ['Perfect base for a city break', 'Great location and a spotless, quiet room. The breakfast was excellent.'],
  ['Good stay', 'Comfortable beds and friendly staff, but the wifi was slow in the evenings.'],
  ['Would come back', 'Helpful reception and a lovely view from our room.'],
  ['Fine for one night', 'Small room and a noisy street, but clean and close to the station.'],
  ['Excellent service', 'The staff went out of their way to help us with our plans.'],
];

const listReviews: Handler = (call) => {
  const body = call.body as {
    hotelId: string;
    locale?: string;
    pagination?: {offset?: number; limit?: number};
    sort?: string;
    filters?: {
      guestTypeFilter?: string[];
      localeFilter?: string[];
      travellerRatingFilter?: string[];
      tagFilter?: string[];
    };
  };
  const hotel = hotelById(body.hotelId);
  const country = countryOf(hotel.place);
  const reviewCount = call.scenario === 'empty' ? 0 : Math.min(hotel.reviewCount, 300);
  const latest = Date.UTC(new Date(call.now).getUTCFullYear(), new Date(call.now).getUTCMonth(), 1);
  const band = (rating: number) =>
    rating >= 4.5
      ? 'TRAVELLER_RATING_EXCELLENT'
      : rating >= 3.5
        ? 'TRAVELLER_RATING_GOOD'
        : rating >= 2.5
          ? 'TRAVELLER_RATING_AVERAGE'
          : 'TRAVELLER_RATING_BELOW_AVERAGE';
  let reviews = Array.from({length: reviewCount}, (_, index) => {
    const rng = new Rng(['review', body.hotelId, index]);
    const [title, text] = rng.pick(reviewTexts);
    const agent = rng.pick(hotelAgents);
    const date = new Date(latest - (index * 2 + rng.int(0, 1)) * 86_400_000);
    const checkin = new Date(date.getTime() - rng.int(2, 10) * 86_400_000);
    const rating = Math.round(Math.max(1, Math.min(5, hotel.rating + rng.int(-15, 10) / 10)) * 10) / 10;
    const toLocal = (value: Date) => ({
      year: value.getUTCFullYear(),
      month: value.getUTCMonth() + 1,
      day: value.getUTCDate(),
    });
    return {
      review: {
        agentId: agent.id,
        content: `<p>${text}</p>`,
        locale: 'en-GB',
        guestType: rng.pick(hotel.guestTypes),
        rating,
        reviewDate: toLocal(date),
        checkinDate: toLocal(checkin),
        logoUrl: `https://logos.provider.example/hotels/agents/${agent.id}.png`,
        title,
        countryCode: country?.countryCode ?? '',
        countryName: country ? placeName(country, 'en-GB') : '',
        agentUrl: `https://www.provider.example/hotels/reviews/${agent.id}/${encodeURIComponent(body.hotelId)}`,
        ...(rng.chance(0.3)
          ? {
              hotelReply: {
                content: '<p>Thank you for staying with us.</p>',
                date: toLocal(new Date(date.getTime() + 2 * 86_400_000)),
                locale: 'en-GB',
              },
            }
          : {}),
      },
      tags: rng.sample(
        [
          'REVIEW_TAG_LOCATION',
          'REVIEW_TAG_ROOM',
          'REVIEW_TAG_CLEAN',
          'REVIEW_TAG_SERVICE',
          'REVIEW_TAG_MEAL',
          'REVIEW_TAG_WIFI',
        ],
        2,
      ),
      index,
    };
  });
  const filters = body.filters ?? {};
  reviews = reviews.filter(
    ({review, tags}) =>
      (!filters.guestTypeFilter?.length || filters.guestTypeFilter.includes(review.guestType)) &&
      (!filters.localeFilter?.length || filters.localeFilter.includes(review.locale)) &&
      (!filters.travellerRatingFilter?.length || filters.travellerRatingFilter.includes(band(review.rating))) &&
      (!filters.tagFilter?.length || tags.includes(filters.tagFilter[0])),
  );
  if (body.sort === 'REVIEW_SORT_RATING_DESCENDING')
    reviews.sort((a, b) => b.review.rating - a.review.rating || a.index - b.index);
  if (body.sort === 'REVIEW_SORT_RATING_ASCENDING')
    reviews.sort((a, b) => a.review.rating - b.review.rating || a.index - b.index);
  if (body.sort === 'REVIEW_SORT_RECOMMENDED' || body.sort === undefined)
    reviews.sort((a, b) => b.review.content.length - a.review.content.length || a.index - b.index);
  const offset = body.pagination?.offset ?? 0;
  const limit = body.pagination?.limit ?? 10;
  return {
    availableReviewCount: reviews.length,
    reviews: reviews.slice(offset, offset + limit).map(({review}) => review),
  };
};

export const hotelsHandlers: Record<string, Handler> = {
  HotelsService_CreateSearch: createSearch,
  HotelsService_PollSearch: pollSearch,
  HotelsIndicativeService_Search: searchIndicative,
  HotelsContentService_GetContent: getContent,
  HotelsReviewsService_ListReviews: listReviews,
};

/** For rules and tests: the geo level of an entity id (city, airport, ...) or undefined when unknown. */
export const geoLevel = (entityId: string): string | undefined => places().byId.get(entityId)?.type;
