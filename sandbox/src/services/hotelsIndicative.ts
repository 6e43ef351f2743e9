/**
 * Hotels indicative prices: the cheapest, average and median prices of places, per period,
 * generated from a seeded hash of the place, the period and the filter.
 */
import {places} from '../data/places';
import {Rng} from '../random';
import {isoDate, toDate, type ApiHandlers, type Handler} from './types';

const searchIndicative: Handler<'HotelsIndicativeService_Search'> = (call) => {
  const {query} = call.body;
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
  if (call.behaviour !== 'empty') {
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

export const handlers = {
  HotelsIndicativeService_Search: searchIndicative,
} satisfies ApiHandlers<'hotels-indicative'>;
