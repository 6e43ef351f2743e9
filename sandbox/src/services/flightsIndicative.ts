/**
 * Flights indicative prices: the cheapest quotes of a route or of "anywhere", by date or by month,
 * generated from a seeded hash of the query.
 */
import {carrierByIata, type SandboxCarrier} from '../data/carriers';
import {placeBody} from '../data/placeNames';
import {airportsFor, findPlace, lineage, type SandboxPlace} from '../data/places';
import {distanceKm, Rng} from '../random';
import {type ApiHandlers, type Handler, type LocalDate, type SchemaOf} from './types';

import {carrierPool, pad, type LiveQuery} from '../data/flightItineraries';

const popularDestinations = ['EDI', 'CDG', 'AMS', 'BCN', 'DUB', 'FCO', 'LIS', 'JFK', 'CUN', 'DXB', 'MAD', 'BER'];

const searchIndicative: Handler<'FlightsIndicativeService_SearchFlights'> = (call) => {
  const {query} = call.body;
  const rng = new Rng(['flights-indicative', query]);
  const [outbound, inbound] = query.queryLegs;
  const origins = airportsFor(findPlace(outbound.originPlace.queryPlace));
  const destinationPlace = outbound.destinationPlace.queryPlace;
  const destinations = destinationPlace
    ? airportsFor(findPlace(destinationPlace))
    : popularDestinations
        .map((iata) => findPlace({iata}))
        .flatMap(airportsFor)
        .filter((airport) => !origins.includes(airport));
  const quotes: Record<string, SchemaOf<'flights-indicative', 'Quote'>> = {};
  const carriers = new Map<string, SandboxCarrier>();
  const places = new Set<SandboxPlace>();
  const routes = new Map<string, string[]>();
  const byDate = new Map<string, string[]>();
  const dayOf = (leg: (typeof query.queryLegs)[number], pick: Rng): LocalDate => {
    if (leg.fixedDate) return leg.fixedDate;
    const start = leg.dateRange?.startDate ?? {
      year: new Date(call.now).getUTCFullYear(),
      month: new Date(call.now).getUTCMonth() + 1,
    };
    return {year: start.year, month: start.month, day: pick.int(1, 28)};
  };
  const groupAs = outbound.destinationPlace.anywhere
    ? 'PLACE_TYPE_COUNTRY'
    : outbound.destinationPlace.anywhereByCity
      ? 'PLACE_TYPE_CITY'
      : undefined;
  // A return never departs before the outbound: a day drawn earlier in the same month moves after it
  const returnDate = (out: LocalDate, back: LocalDate): LocalDate =>
    back.year * 10_000 + back.month * 100 + back.day >= out.year * 10_000 + out.month * 100 + out.day
      ? back
      : {year: out.year, month: out.month, day: Math.max(out.day, Math.min(28, out.day + 1 + (back.day % 7)))};
  if (call.behaviour !== 'empty' && origins.length && destinations.length) {
    const count = rng.int(2, 8);
    for (let index = 0; index < count; index++) {
      const pick = rng.fork(index);
      const origin = pick.pick(origins);
      const destination = pick.pick(destinations);
      if (origin === destination) continue;
      const carrier = pick.pick(carrierPool({} as LiveQuery, [origin, destination], pick)) ?? carrierByIata('BA')!;
      const direct = pick.chance(0.7);
      const distance = distanceKm(origin.coordinates, destination.coordinates);
      const price = Math.round(((20 + distance * 0.06) * (inbound ? 1.8 : 1) * pick.int(80, 140)) / 100);
      // Found on an earlier day, at most about four days ago: dated from the UTC day, not the second, so
      // that a query answers the same all day on every instance (sameAnswers.test.ts)
      const created = Math.floor(call.now / 86_400_000) * 86_400 - pick.int(600, 3 * 86_400);
      const outDate = dayOf(outbound, pick);
      const leg = (from: SandboxPlace, to: SandboxPlace, date: LocalDate) => ({
        originPlaceId: from.entityId,
        destinationPlaceId: to.entityId,
        departureDateTime: {...date, hour: 0, minute: 0, second: 0},
        quoteCreationTimestamp: String(created),
        marketingCarrierId: carrier.id,
      });
      const id = `{sb}:${created}*${direct ? 'D' : 'I'}*${origin.iata}*${destination.iata}*${outDate.year}${pad(outDate.month)}${pad(outDate.day)}*${carrier.iata}`;
      quotes[id] = {
        minPrice: {amount: String(price), unit: 'PRICE_UNIT_WHOLE'},
        isDirect: direct,
        outboundLeg: leg(origin, destination, outDate),
        inboundLeg: inbound
          ? leg(destination, origin, returnDate(outDate, dayOf(inbound, pick)))
          : {
              originPlaceId: '',
              destinationPlaceId: '',
              departureDateTime: {year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0},
              quoteCreationTimestamp: '0',
              marketingCarrierId: '',
            },
      };
      carriers.set(carrier.id, carrier);
      // anywhere groups the routes by destination country, anywhereByCity by destination city
      const end = (groupAs && lineage(destination).find((member) => member.type === groupAs)) || destination;
      places.add(origin).add(destination).add(end);
      const route = `${origin.entityId}|${end.entityId}`;
      routes.set(route, [...(routes.get(route) ?? []), id]);
      const month = `${outDate.year}-${outDate.month}`;
      byDate.set(month, [...(byDate.get(month) ?? []), id]);
    }
  }
  return {
    status: 'RESULT_STATUS_COMPLETE',
    content: {
      results: {
        quotes,
        carriers: Object.fromEntries(
          [...carriers.values()].map((carrier) => [
            carrier.id,
            {
              name: carrier.name,
              imageUrl: `https://logos.provider.example/images/airlines/${carrier.iata}.png`,
              iata: carrier.iata,
            },
          ]),
        ),
        places: Object.fromEntries([...places].map((place) => [place.entityId, placeBody(place, query.locale)])),
      },
      groupingOptions: {
        byRoute: {
          quotesGroups: [...routes].map(([route, quoteIds]) => {
            const [originPlaceId, destinationPlaceId] = route.split('|');
            return {originPlaceId, destinationPlaceId, quoteIds};
          }),
        },
        byDate: {
          quotesOutboundGroups: [...byDate].map(([month, quoteIds]) => {
            const [year, monthOfYear] = month.split('-').map(Number);
            return {monthYearDate: {year, month: monthOfYear, day: 0}, quoteIds};
          }),
          quotesInboundGroups: [],
        },
      },
    },
  };
};

export const handlers = {
  FlightsIndicativeService_SearchFlights: searchIndicative,
} satisfies ApiHandlers<'flights-indicative'>;
