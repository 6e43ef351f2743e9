/**
 * The itineraries of a flights live query: generated from a seeded hash of the query between the
 * airports of the query's places, with the carriers of the countries they join, durations from
 * great-circle distances and prices in PRICE_UNIT_MILLI from distance, cabin and travellers
 * (`generate`), and the answer's `content` for some of them (`content`). The live search and the
 * itinerary refresh (services/flightsLivePricing.ts) both read them.
 */
import {flightAgents} from './agents';
import {notModelled} from './unmodelled';
import {allCarriers, carrierByIata, type SandboxCarrier} from './carriers';
import {placeBody} from './placeNames';
import {airportsFor, findPlace, lineage, nearestAirports, type SandboxPlace} from './places';
import {regionNames} from './regions';
import {distanceKm, Rng, shortId} from '../random';
import {fromDate, milli, noPrice, toDate, type SchemaOf, type RequestOf} from '../services/types';

/** The query of a flights live search, as its create call's schema says. */
export type LiveQuery = RequestOf<'FlightsService_CreateSearch'>['query'];
/** A place of a query: an IATA code or an entity id. */
export type PlaceQuery = LiveQuery['queryLegs'][number]['originPlaceId'];

/**
 * What each cabin costs against economy: every cabin of the spec but its zero value, which the schema
 * refuses. A cabin added to the spec fails the typecheck here until it has its factor, and until then the
 * sandbox refuses it (`notModelled`) rather than price it as another.
 */
const cabinFactor = {
  CABIN_CLASS_ECONOMY: 1,
  CABIN_CLASS_PREMIUM_ECONOMY: 1.7,
  CABIN_CLASS_BUSINESS: 3.4,
  CABIN_CLASS_FIRST: 5.8,
} satisfies Record<Exclude<LiveQuery['cabinClass'], 'CABIN_CLASS_UNSPECIFIED'>, number>;

/** The factor of a query's cabin, or a 400 for a cabin the sandbox does not price. */
function cabinFactorOf(cabin: string): number {
  const factor = (cabinFactor as Record<string, number | undefined>)[cabin];
  if (factor === undefined) throw notModelled('query.cabinClass', cabin);
  return factor;
}
const hubs = ['LHR', 'CDG', 'AMS', 'FRA', 'MAD', 'IST', 'DXB', 'JFK', 'ATL', 'SIN', 'DOH', 'MUC', 'ZRH'];
const globalCarriers = ['BA', 'U2', 'FR', 'LH', 'AF', 'KL', 'IB', 'EK', 'AA', 'DL', 'UA', 'QR', 'TK'];

/** A schema of the flights live specification, by name. */
type Flights<Name extends 'Itinerary' | 'Leg' | 'Segment' | 'Agent' | 'Carrier'> = SchemaOf<
  'flights-live-pricing',
  Name
>;

interface Generated {
  itineraries: Record<string, Flights<'Itinerary'>>;
  order: string[];
  legs: Record<string, Flights<'Leg'>>;
  segments: Record<string, Flights<'Segment'>>;
  carriers: Map<string, SandboxCarrier>;
  agents: Set<string>;
  places: Set<SandboxPlace>;
  prices: Map<string, number>;
  durations: Map<string, number>;
  stops: Map<string, number>;
}

export const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const stamp = (date: Date) =>
  `${pad(date.getUTCFullYear() % 100)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}`;

function agentOfCarrier(carrier: SandboxCarrier) {
  return {id: `${carrier.icao.toLowerCase()}a`, name: carrier.name, type: 'AGENT_TYPE_AIRLINE'};
}

export function carrierPool(query: LiveQuery, airports: SandboxPlace[], rng: Rng): SandboxCarrier[] {
  const countries = new Set(airports.map((airport) => airport.countryCode));
  const countryNames = new Set([...countries].map((code) => regionNames[code]));
  const local = allCarriers().filter((carrier) => countryNames.has(carrier.country));
  const global = globalCarriers.map(carrierByIata).filter((carrier): carrier is SandboxCarrier => !!carrier);
  let pool = [...new Set([...rng.sample(local, 4), ...rng.sample(global, 3)])];
  if (query.includedCarriersIds?.length) {
    pool = query.includedCarriersIds.map(carrierByIata).filter((carrier): carrier is SandboxCarrier => !!carrier);
  }
  const excluded = new Set(query.excludedCarriersIds ?? []);
  return pool.filter((carrier) => !excluded.has(carrier.iata));
}

/** Every itinerary of a query once the search is complete, in the order the sources answer. */
export function generate(query: LiveQuery): Generated {
  const rng = new Rng(['flights-live', query]);
  const found: Generated = {
    itineraries: {},
    order: [],
    legs: {},
    segments: {},
    carriers: new Map(),
    agents: new Set(),
    places: new Set(),
    prices: new Map(),
    durations: new Map(),
    stops: new Map(),
  };
  const legPlaces = query.queryLegs.map((leg, index) => {
    let origins = airportsFor(findPlace(leg.originPlaceId));
    if (query.nearbyAirports && origins.length) {
      const near = nearestAirports(origins[0].coordinates, 6).filter(
        (airport) => distanceKm(airport.coordinates, origins[0].coordinates) < 120,
      );
      origins = [...new Set([...origins, ...near])];
    }
    return {origins, destinations: airportsFor(findPlace(leg.destinationPlaceId)), date: leg.date, index};
  });
  if (legPlaces.some((leg) => !leg.origins.length || !leg.destinations.length)) return found;
  const carriers = carrierPool(
    query,
    legPlaces.flatMap((leg) => [...leg.origins, ...leg.destinations]),
    rng.fork('carriers'),
  );
  if (!carriers.length) return found;
  const included = new Set(query.includedAgentsIds ?? []);
  const excluded = new Set(query.excludedAgentsIds ?? []);
  const travellers = query.adults + 0.75 * (query.childrenAges?.length ?? 0);
  const count = rng.int(8, 24);
  const hubAirports = hubs.map((iata) => findPlace({iata})).flatMap(airportsFor);

  for (let itineraryIndex = 0; itineraryIndex < count; itineraryIndex++) {
    const pick = rng.fork(['itinerary', itineraryIndex]);
    const carrier = pick.pick(carriers);
    const legIds: string[] = [];
    let price = 0;
    let minutes = 0;
    let maxStops = 0;
    for (const leg of legPlaces) {
      const origin = pick.pick(leg.origins);
      const destination = pick.pick(leg.destinations.filter((place) => place !== origin)) ?? leg.destinations[0];
      const distance = distanceKm(origin.coordinates, destination.coordinates);
      const stops = distance < 900 ? (pick.chance(0.85) ? 0 : 1) : pick.int(0, distance > 5000 ? 2 : 1);
      const route = [origin];
      for (let stop = 0; stop < stops; stop++) {
        const hub = pick.pick(hubAirports.filter((airport) => !route.includes(airport) && airport !== destination));
        if (hub) route.push(hub);
      }
      route.push(destination);
      let departure = toDate(leg.date, pick.int(6, 21), pick.int(0, 11) * 5);
      const legDeparture = departure;
      const segmentIds: string[] = [];
      for (let hop = 0; hop < route.length - 1; hop++) {
        const from = route[hop];
        const to = route[hop + 1];
        const flight = Math.round(35 + distanceKm(from.coordinates, to.coordinates) / 13.5);
        const arrival = new Date(departure.getTime() + flight * 60_000);
        const segmentId = `${from.airportNumber}-${to.airportNumber}-${stamp(departure)}-${stamp(arrival)}-${carrier.id}`;
        segmentIds.push(segmentId);
        found.segments[segmentId] = {
          originPlaceId: from.entityId,
          destinationPlaceId: to.entityId,
          departureDateTime: fromDate(departure),
          arrivalDateTime: fromDate(arrival),
          durationInMinutes: flight,
          marketingFlightNumber: String(pick.int(10, 9899)),
          marketingCarrierId: carrier.id,
          operatingCarrierId: carrier.id,
        };
        route.slice(hop, hop + 2).forEach((place) =>
          lineage(place)
            .slice(0, 3)
            .forEach((member) => found.places.add(member)),
        );
        departure = new Date(arrival.getTime() + pick.int(50, 170) * 60_000);
      }
      const last = found.segments[segmentIds[segmentIds.length - 1]] as {arrivalDateTime: ReturnType<typeof fromDate>};
      const arrival = toDate(last.arrivalDateTime, last.arrivalDateTime.hour, last.arrivalDateTime.minute);
      const duration = Math.round((arrival.getTime() - legDeparture.getTime()) / 60_000);
      const legId = `${origin.airportNumber}-${stamp(legDeparture)}--${carrier.id}-${route.length - 2}-${destination.airportNumber}-${stamp(arrival)}`;
      legIds.push(legId);
      found.legs[legId] = {
        originPlaceId: origin.entityId,
        destinationPlaceId: destination.entityId,
        departureDateTime: fromDate(legDeparture),
        arrivalDateTime: fromDate(arrival),
        durationInMinutes: duration,
        stopCount: route.length - 2,
        marketingCarrierIds: [carrier.id],
        operatingCarrierIds: [carrier.id],
        segmentIds,
      };
      price += ((25 + distance * 0.075) * (1 - 0.12 * (route.length - 2)) * pick.int(85, 160)) / 100;
      minutes += duration;
      maxStops = Math.max(maxStops, route.length - 2);
    }
    const itineraryId = legIds.join('|');
    if (found.itineraries[itineraryId]) continue;
    const base = price * cabinFactorOf(query.cabinClass) * travellers;
    const sellers = [
      agentOfCarrier(carrier),
      ...pick.sample(flightAgents, pick.int(1, 3)).map((agent) => ({...agent, type: 'AGENT_TYPE_TRAVEL_AGENT'})),
    ].filter((agent) => (!included.size || included.has(agent.id)) && !excluded.has(agent.id));
    if (!sellers.length) continue;
    const pricingOptions = sellers
      .map((agent, index) => {
        const amount = base * (1 + index * 0.04 + pick.int(0, 6) / 100);
        const segmentIds = legIds.flatMap((legId) => (found.legs[legId] as {segmentIds: string[]}).segmentIds);
        found.agents.add(agent.id);
        return {
          id: shortId(pick, 12),
          price: milli(amount),
          agentIds: [agent.id],
          items: [
            {
              price: milli(amount),
              agentId: agent.id,
              deepLink: `https://www.provider.example/transport_deeplink/4.0/${encodeURIComponent(query.market)}/${encodeURIComponent(query.locale)}/${encodeURIComponent(query.currency)}/${agent.id}/${query.adults}/flights?itinerary=${encodeURIComponent(itineraryId)}&cabin_class=${query.cabinClass.replace('CABIN_CLASS_', '').toLowerCase()}`,
              fares: segmentIds.map((segmentId) => ({
                segmentId,
                bookingCode: pick.pick(['Y', 'M', 'B', 'Q', '']),
                fareBasisCode: '',
              })),
            },
          ],
          transferType: 'TRANSFER_TYPE_MANAGED' as const,
          amount,
        };
      })
      .sort((a, b) => a.amount - b.amount);
    found.carriers.set(carrier.id, carrier);
    found.prices.set(itineraryId, pricingOptions[0].amount);
    found.durations.set(itineraryId, minutes);
    found.stops.set(itineraryId, maxStops);
    found.order.push(itineraryId);
    found.itineraries[itineraryId] = {
      pricingOptions: pricingOptions.map((option) => {
        const {amount, ...body} = option;
        void amount;
        return body;
      }),
      legIds,
      sustainabilityData: query.includeSustainabilityData
        ? {isEcoContender: pick.chance(0.3), ecoContenderDelta: pick.int(0, 250) / 10}
        : null,
    };
  }
  return found;
}

const carrierBody = (carrier: SandboxCarrier): Flights<'Carrier'> => ({
  name: carrier.name,
  allianceId: '',
  imageUrl: `https://logos.provider.example/images/airlines/${carrier.iata}.png`,
  iata: carrier.iata,
  icao: carrier.icao,
  displayCode: carrier.iata,
});

function agentBody(id: string): Flights<'Agent'> {
  const agent = flightAgents.find((candidate) => candidate.id === id);
  const carrier = allCarriers().find((candidate) => agentOfCarrier(candidate).id === id);
  const rng = new Rng(['agent', id]);
  return {
    name: agent?.name ?? carrier?.name ?? id,
    type: agent ? 'AGENT_TYPE_TRAVEL_AGENT' : 'AGENT_TYPE_AIRLINE',
    imageUrl: `https://logos.provider.example/images/websites/${id}.png`,
    feedbackCount: agent?.reviews ?? rng.int(100, 5000),
    rating: agent?.rating ?? rng.int(30, 48) / 10,
    ratingBreakdown: {
      customerService: rng.int(30, 50) / 10,
      reliablePrices: rng.int(30, 50) / 10,
      clearExtraFees: rng.int(30, 50) / 10,
      easeOfBooking: rng.int(30, 50) / 10,
      other: rng.int(30, 50) / 10,
    },
    isOptimisedForMobile: rng.chance(0.8),
  };
}

/** The content of a search with some of its itineraries. */
export function content(
  query: LiveQuery,
  all: Generated,
  ids: string[],
  final: boolean,
): SchemaOf<'flights-live-pricing', 'FlightsLiveContent'> {
  const legIds = new Set(ids.flatMap((id) => all.itineraries[id].legIds ?? []));
  const segmentIds = new Set([...legIds].flatMap((id) => all.legs[id].segmentIds ?? []));
  const carrierIds = new Set([...legIds].flatMap((id) => all.legs[id].marketingCarrierIds ?? []));
  const agentIds = new Set(
    ids.flatMap((id) => (all.itineraries[id].pricingOptions ?? []).flatMap((option) => option.agentIds ?? [])),
  );
  const status = final ? ('PRICE_UPDATE_STATUS_CURRENT' as const) : ('PRICE_UPDATE_STATUS_PENDING' as const);
  const itineraries = Object.fromEntries(
    ids.map((id) => {
      const itinerary = all.itineraries[id];
      return [
        id,
        {
          ...itinerary,
          pricingOptions: (itinerary.pricingOptions ?? []).map((option) => ({
            ...option,
            price: {...option.price, updateStatus: status},
          })),
        },
      ];
    }),
  );
  const pick = <T>(source: Record<string, T>, keep: Set<string>) =>
    Object.fromEntries(Object.entries(source).filter(([id]) => keep.has(id)));
  const usedPlaces = new Set(
    [...Object.values(pick(all.segments, segmentIds))].flatMap((segment) => {
      const {originPlaceId, destinationPlaceId} = segment;
      return [originPlaceId, destinationPlaceId].filter((place) => place !== undefined);
    }),
  );
  const places = [...all.places].filter(
    (place) => usedPlaces.has(place.entityId) || place.type !== 'PLACE_TYPE_AIRPORT',
  );
  const byPrice = [...ids].sort((a, b) => all.prices.get(a)! - all.prices.get(b)!);
  const byDuration = [...ids].sort((a, b) => all.durations.get(a)! - all.durations.get(b)!);
  const score = (id: string) => 1 / all.prices.get(id)! + 0.5 / all.durations.get(id)!;
  const byBest = [...ids].sort((a, b) => score(b) - score(a));
  const ranked = (order: string[]) =>
    order.map((itineraryId, index) => ({
      score: Math.round((1 - index / Math.max(1, order.length)) * 1000) / 1000,
      itineraryId,
    }));
  const group = (members: string[]) => ({
    count: members.length,
    minPrice: members.length ? milli(Math.min(...members.map((id) => all.prices.get(id)!))) : noPrice,
  });
  const stopsGroup = (members: string[]) => ({
    total: group(members),
    ticketTypes: {singleTicket: group(members), multiTicketNonNpt: group([]), multiTicketNpt: group([])},
  });
  const durations = ids.map((id) => all.durations.get(id)!);
  return {
    results: {
      itineraries,
      legs: pick(all.legs, legIds),
      segments: pick(all.segments, segmentIds),
      places: Object.fromEntries(places.map((place) => [place.entityId, placeBody(place, query.locale)])),
      carriers: Object.fromEntries([...carrierIds].map((id) => [id, carrierBody(all.carriers.get(id)!)])),
      agents: Object.fromEntries([...agentIds].map((id) => [id, agentBody(id)])),
      alliances: {},
      fareAttributeFilters: {},
    },
    stats: {
      itineraries: {
        minDuration: durations.length ? Math.min(...durations) : 0,
        maxDuration: durations.length ? Math.max(...durations) : 0,
        total: group(ids),
        stops: {
          direct: stopsGroup(ids.filter((id) => all.stops.get(id) === 0)),
          oneStop: stopsGroup(ids.filter((id) => all.stops.get(id) === 1)),
          twoPlusStops: stopsGroup(ids.filter((id) => all.stops.get(id)! >= 2)),
        },
        hasChangeAirportTransfer: false,
      },
    },
    sortingOptions: {best: ranked(byBest), cheapest: ranked(byPrice), fastest: ranked(byDuration)},
  };
}
