/**
 * The quotes of a car hire live query: generated from a seeded hash of the query near the pick-up
 * place (vendors, agents, SIPP codes, prices per day in PRICE_UNIT_MILLI; `generate`), and the
 * answer's `content` for some of them. services/carhireLivePricing.ts answers with them.
 */
import {carHireAgents, carHireVendors} from './agents';
import {nearestAirports, places, type SandboxPlace} from './places';
import {distanceKm, Rng} from '../random';
import {isoDate, milli, toDate, type RequestOf, type SchemaOf} from '../services/types';

/** The query of a car hire live search, as its create call's schema says. */
export type LiveQuery = RequestOf<'CarHireService_CreateSearch'>['query'];
type Location = LiveQuery['pickUpLocation'];
type DateTime = LiveQuery['pickUpDate'];

/** SIPP code, vehicle name, vehicle type (as car hire indicative names it) and price factor. */
export const vehicles: [string, string, SchemaOf<'carhire-indicative', 'VehicleType'>, number][] = [
  ['MBMR', 'Fiat 500 or similar', 'VEHICLE_TYPE_SMALL', 0.8],
  ['ECMR', 'Volkswagen Polo or similar', 'VEHICLE_TYPE_SMALL', 1],
  ['CDMR', 'Ford Focus or similar', 'VEHICLE_TYPE_MEDIUM', 1.2],
  ['IDAR', 'Toyota Corolla Hybrid or similar', 'VEHICLE_TYPE_MEDIUM', 1.4],
  ['SDAR', 'Skoda Octavia Estate or similar', 'VEHICLE_TYPE_LARGE', 1.6],
  ['IFAR', 'Nissan Qashqai or similar', 'VEHICLE_TYPE_SUV', 1.8],
  ['PDAR', 'BMW 3 Series or similar', 'VEHICLE_TYPE_LUXURY', 2.6],
  ['FVMR', 'Ford Transit Custom or similar', 'VEHICLE_TYPE_VAN', 2.2],
];
const fuelPolicies: SchemaOf<'carhire-live-pricing', 'FuelPolicy'>[] = [
  'FUEL_POLICY_FULL_TO_FULL',
  'FUEL_POLICY_SAME_TO_SAME',
  'FUEL_POLICY_FULL_TO_EMPTY',
];

/** The place of a location: an entity id's place, or the airport nearest the coordinates. */
function placeOf(location: Location | undefined): SandboxPlace | undefined {
  if (!location) return undefined;
  if (location.entityId !== undefined) return places().byId.get(location.entityId);
  return location.coordinates ? nearestAirports(location.coordinates, 1)[0] : undefined;
}

/**
 * A date-time of the query, at 12:00:00 when hour, minute and second are all left out (the rule of
 * `CarHireLiveQuery` in the spec's x-validation).
 */
export function queryDateTime(date: DateTime): string {
  const unset = date.hour === undefined && date.minute === undefined && date.second === undefined;
  const [hour, minute, second] = unset ? [12, 0, 0] : [date.hour ?? 0, date.minute ?? 0, date.second ?? 0];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${isoDate(toDate(date))}T${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

export function generate(query: LiveQuery) {
  const rng = new Rng(['carhire-live', query]);
  const pickUp = placeOf(query.pickUpLocation);
  const dropOff = placeOf(query.dropOffLocation) ?? pickUp;
  const quotes: [string, SchemaOf<'carhire-live-pricing', 'CarHireQuote'>, number][] = [];
  if (!pickUp || !dropOff) return quotes;
  const days = Math.max(
    1,
    Math.ceil((toDate(query.dropOffDate).getTime() - toDate(query.pickUpDate).getTime()) / 86_400_000),
  );
  const included = new Set(query.includedAgentIds ?? []);
  const excluded = new Set(query.excludedAgentIds ?? []);
  const agents = carHireAgents.filter((agent) => (!included.size || included.has(agent.id)) && !excluded.has(agent.id));
  if (!agents.length) return quotes;
  const oneWay = dropOff !== pickUp;
  const count = rng.int(10, 36);
  for (let index = 0; index < count; index++) {
    const pick = rng.fork(index);
    const [sippCode, vehicleName, , factor] = pick.pick(vehicles);
    const vendorIndex = pick.int(0, carHireVendors.length - 1);
    const agent = pick.pick(agents);
    const perDay = (18 + pick.int(0, 30)) * factor;
    const offset = {latitude: pick.int(-20, 20) / 1000, longitude: pick.int(-20, 20) / 1000};
    const at = (place: SandboxPlace) => ({
      distanceToSearchKm:
        Math.round(
          distanceKm(place.coordinates, {
            latitude: place.coordinates.latitude + offset.latitude,
            longitude: place.coordinates.longitude + offset.longitude,
          }) * 10,
        ) / 10,
      geo: {
        latitude: Math.max(-90, Math.min(90, place.coordinates.latitude + offset.latitude)),
        longitude: Math.max(-180, Math.min(180, place.coordinates.longitude + offset.longitude)),
      },
      address: `${place.name}, ${place.cityName || place.name}`,
    });
    const total = perDay * days + (oneWay ? 45 : 0) + ((query.driverAge ?? 30) < 25 ? 12 * days : 0);
    const id = `${pickUp.entityId}-${sippCode}-${vendorIndex}-${agent.id}-${index}`;
    quotes.push([
      id,
      {
        sippCode,
        vendorId: String(vendorIndex + 1),
        agentId: agent.id,
        price: milli(total),
        pricePerDay: milli(total / days),
        deeplinkUrl: `https://www.provider.example/carhire/deeplink/${encodeURIComponent(query.market)}/${encodeURIComponent(query.locale)}/${encodeURIComponent(query.currency)}/${agent.id}?quote=${encodeURIComponent(id)}&pickup=${encodeURIComponent(queryDateTime(query.pickUpDate))}&dropoff=${encodeURIComponent(queryDateTime(query.dropOffDate))}`,
        pickupMethod: pick.pick(['PICKUP_METHOD_NORMAL', 'PICKUP_METHOD_KEYLESS', 'PICKUP_METHOD_KEY_AND_GO']),
        payType: pick.pick(['PAY_TYPE_PRE_PAY', 'PAY_TYPE_ARRIVAL_PAY', 'PAY_TYPE_MIX_PAY']),
        pickupType: pick.pick(['PICKUP_TYPE_DESK_IN_TERMINAL', 'PICKUP_TYPE_SHUTTLE', 'PICKUP_TYPE_MEET_AND_GREET']),
        vehicleName,
        imageUrl: `https://images.provider.example/carhire/vehicles/${sippCode.toLowerCase()}.png`,
        pickupLocation: at(pickUp),
        dropoffLocation: at(dropOff),
        freeCancellation: pick.chance(0.6),
        freeBreakdownAssistance: pick.chance(0.5),
        unlimitedMileage: pick.chance(0.7),
        oneWaySurcharge: milli(oneWay ? 45 : 0),
        youngDriverSurcharge: milli((query.driverAge ?? 30) < 25 ? 12 * days : 0),
        excessInsurance: milli(pick.int(8, 20) * days),
        additionalDriversFee: {paid: milli(pick.int(5, 12) * days), free: {number: pick.int(0, 1), minAge: 25}},
        insurance: {theftProtection: pick.chance(0.8), freeCollisionWaiver: pick.chance(0.5), thirdPartyCover: true},
        fuel: {
          policy: pick.pick(fuelPolicies),
          fair: pick.chance(0.7),
          type: pick.pick<SchemaOf<'carhire-live-pricing', 'FuelType'>>([
            'FUEL_TYPE_OTHER',
            'FUEL_TYPE_HYBRID',
            'FUEL_TYPE_ELECTRIC',
          ]),
        },
        includedMileage: {distance: pick.int(1, 3) * 100 * days, unit: 'DISTANCE_UNIT_KILOMETERS'},
      },
      total,
    ]);
  }
  return quotes;
}

export function content(quotes: [string, SchemaOf<'carhire-live-pricing', 'CarHireQuote'>, number][]) {
  const agentIds = new Set(quotes.map(([, quote]) => String(quote.agentId)));
  const vendorIds = new Set(quotes.map(([, quote]) => String(quote.vendorId)));
  const cheapest = [...quotes].sort((a, b) => a[2] - b[2]);
  return {
    results: {
      quotes: Object.fromEntries(quotes.map(([id, quote]) => [id, quote])),
      agents: Object.fromEntries(
        carHireAgents
          .filter((agent) => agentIds.has(agent.id))
          .map((agent) => [
            agent.id,
            {
              name: agent.name,
              rating: agent.rating,
              logoUrl: `https://logos.provider.example/carhire/agents/${agent.id}.png`,
            },
          ]),
      ),
      vendors: Object.fromEntries(
        [...vendorIds].map((id) => [
          id,
          {
            id,
            name: carHireVendors[Number(id) - 1],
            logoUrl: `https://logos.provider.example/carhire/vendors/${id}.png`,
          },
        ]),
      ),
    },
    sortingOptions: {
      cheapest: cheapest.map(([quoteId], index) => ({
        score: Math.round((1 - index / cheapest.length) * 1000) / 1000,
        quoteId,
      })),
    },
  };
}
