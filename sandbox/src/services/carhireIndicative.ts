/**
 * Car hire indicative prices: aggregated prices of a place by vehicle type, per day or month,
 * generated from a seeded hash of the query.
 */
import {carHireVendors} from '../data/agents';
import {places} from '../data/places';
import {Rng} from '../random';
import {isoDate, milli, toDate, type ApiHandlers, type Handler, type SchemaOf} from './types';

import {vehicles} from '../data/carQuotes';

const searchIndicative: Handler<'CarHireIndicativeService_Search'> = (call) => {
  const {query} = call.body;
  const rng = new Rng(['carhire-indicative', query]);
  const place = places().byId.get(query.pickUpDropOffLocationEntityId);
  const quotes: Record<string, SchemaOf<'carhire-indicative', 'CarHireIndicativeQuote'>> = {};
  const vendors: Record<string, SchemaOf<'carhire-indicative', 'CarHireIndicativeVendor'>> = {};
  const start = toDate(query.pickUpDate);
  const end = toDate(query.dropOffDate);
  const days = Math.max(1, Math.round((end.getTime() - start.getTime()) / 86_400_000) + 1);
  if (place && call.behaviour !== 'empty' && end >= start) {
    const periods: {key: string; extra: Record<string, unknown>}[] = [];
    const grouping = query.dateTimeGroupingType;
    for (let day = 0; day < Math.min(days, 400); day++) {
      const date = new Date(start.getTime() + day * 86_400_000);
      const year = date.getUTCFullYear();
      const month = date.getUTCMonth() + 1;
      if (grouping === 'DATE_TIME_GROUPING_TYPE_BY_DATE') {
        periods.push({key: isoDate(date).replace(/-/g, ''), extra: {date: {year, month, day: date.getUTCDate()}}});
      } else if (grouping === 'DATE_TIME_GROUPING_TYPE_BY_WEEK') {
        const week = Math.min(52, Math.floor((date.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1);
        if (!periods.some((period) => period.key === `${year}W${week}`))
          periods.push({key: `${year}W${week}`, extra: {weekOfYear: week}});
      } else if (!periods.some((period) => period.key === `${year}${String(month).padStart(2, '0')}`)) {
        periods.push({key: `${year}${String(month).padStart(2, '0')}`, extra: {monthOfYear: month}});
      }
    }
    for (const period of periods) {
      for (const [, , vehicleType, factor] of rng.fork(period.key).sample(vehicles, 3)) {
        const pick = rng.fork([period.key, vehicleType]);
        const vendorId = pick.int(1, carHireVendors.length);
        const cheapest = (15 + pick.int(0, 20)) * factor;
        const average = cheapest * (1.2 + pick.int(0, 30) / 100);
        const type = vehicleType.replace('VEHICLE_TYPE_', '');
        quotes[`${place.entityId}-${period.key}-${type}-${vendorId}`] = {
          vehicleType,
          seats: type === 'VAN' ? 9 : type === 'SMALL' ? 4 : 5,
          bags: type === 'SMALL' ? 1 : type === 'VAN' ? 6 : 3,
          prices: [
            {aggregateType: 'AGGREGATE_TYPE_CHEAPEST', price: milli(cheapest)},
            {aggregateType: 'AGGREGATE_TYPE_AVERAGE', price: milli(average)},
            {aggregateType: 'AGGREGATE_TYPE_TOTAL_CHEAPEST', price: milli(cheapest * days)},
            {aggregateType: 'AGGREGATE_TYPE_TOTAL_AVERAGE', price: milli(average * days)},
            {aggregateType: 'AGGREGATE_TYPE_COUNTRY_AVERAGE', price: milli(average * 0.95)},
          ],
          imageUrl: `https://images.provider.example/carhire/vehicle-types/${type.toLowerCase()}.png`,
          deeplinkUrl: `https://www.provider.example/carhire/results/${place.entityId}/${place.entityId}/${isoDate(start)}/${isoDate(end)}?vehicleType=${type.toLowerCase()}&vendor=${vendorId}`,
          vendorId,
          ...period.extra,
        };
        vendors[vendorId] = {
          id: vendorId,
          name: carHireVendors[vendorId - 1],
          logoUrl: `https://logos.provider.example/carhire/vendors/${vendorId}.png`,
        };
      }
    }
  }
  return {status: 'RESULT_STATUS_COMPLETE', content: {results: {quotes, vendors}}};
};

export const handlers = {
  CarHireIndicativeService_Search: searchIndicative,
} satisfies ApiHandlers<'carhire-indicative'>;
