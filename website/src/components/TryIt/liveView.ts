/**
 * A live search's results as a developer reads them, beside the JSON (LiveResults.tsx draws it): flights
 * itineraries, hotels and car hire quotes as rows, their counts, and the orders the answer gives. Pure,
 * typed by the specifications' own types (`@portal/specs/types/<slug>`, from the bundles), unit-tested in
 * liveView.test.ts.
 *
 * Every name and value is read from the answer by the ids it carries (a leg's carriers in `carriers`, an
 * option's agents in `agents`); what the answer lacks is `missing` (shown as such), never filled in. The
 * results are those the client holds after applying each answer's `action` as Create and poll says
 * (`heldContent`): replaced only by `RESULT_ACTION_REPLACED`, kept otherwise.
 */
import type {components as Flights} from '@portal/specs/types/flights-live-pricing';
import type {components as Hotels} from '@portal/specs/types/hotels-live';
import type {components as CarHire} from '@portal/specs/types/carhire-live-pricing';
import {unitFactors, type PriceUnit} from '../PriceFormatter/formatPrice';
import {dayMarker} from './readable';

type FlightsContent = Flights['schemas']['FlightsLiveContent'];
type HotelsContent = Hotels['schemas']['HotelsLiveContent'];
type CarHireContent = CarHire['schemas']['CarHireLiveContent'];

/** A price as the APIs give it: an integer amount in a string, and its unit (either may be absent). */
export interface Money {
  amount?: string;
  unit?: string;
}

/**
 * A cell: its text, or `missing` when the answer does not give it (`what` says what is missing). A value
 * of one of the spec's enums also has it as `enumValue`, and a quantity in an enum's unit (a distance) its
 * number as `amount`, so the view can show them in the spec's own words (`cellText` of readable.ts).
 */
export type Cell = {text: string; enumValue?: string; amount?: number} | {missing: string};

export interface Column {
  key: string;
  label: string;
}

export interface ViewRow {
  /** The result's id in the answer (an itinerary id, a hotel id, a quote key). */
  id: string;
  cells: Record<string, Cell>;
  /** Prices by column key, formatted by the component in the query's currency. */
  prices: Record<string, Money | undefined>;
  /** The price the row is compared by (its cheapest), when it has one. */
  cheapest: Money | undefined;
}

/** An order of the rows the answer gives (`best`, `cheapest`, `fastest`, the requested hotel sort). */
export interface RowOrder {
  name: string;
  ids: string[];
}

export interface LiveView {
  /** What the rows are: `itineraries`, `hotels`, `quotes`; `one` for a single row. */
  noun: string;
  one: string;
  /** The rows held, and the total the answer says there are (hotels: `totalHotelResultCount`). */
  count: number;
  total: number | undefined;
  columns: Column[];
  /** Price columns, by key, in the order shown. */
  priceColumns: Column[];
  rows: ViewRow[];
  /** The orders the answer gives; the rows in the answer's order when it gives none. */
  orders: RowOrder[];
  /** The row with the lowest price, and that price. */
  cheapest: {id: string; price: Money} | undefined;
}

/** The APIs the view knows, by the slug of their specification. */
export const liveViewApis = ['flights-live-pricing', 'hotels-live', 'carhire-live-pricing'] as const;
export type LiveViewApi = (typeof liveViewApis)[number];

/** What each API's rows are called. */
const nouns: Record<LiveViewApi, {noun: string; one: string}> = {
  'flights-live-pricing': {noun: 'itineraries', one: 'itinerary'},
  'hotels-live': {noun: 'hotels', one: 'hotel'},
  'carhire-live-pricing': {noun: 'quotes', one: 'quote'},
};

export const hasLiveView = (slug: string): slug is LiveViewApi => (liveViewApis as readonly string[]).includes(slug);

/**
 * The content the client holds after an answer: the answer's when it says `RESULT_ACTION_REPLACED`, or
 * when it carries content and no `action` at all (answers documented without one: the car hire live
 * guide reads them as the whole set, and the itinerary refresh's poll declares none); else what it held
 * (`NOT_MODIFIED`, `OMITTED`, `UNSPECIFIED`, as Create and poll says).
 */
export function heldContent(held: unknown, answer: unknown): unknown {
  const value = (answer ?? {}) as {action?: unknown; content?: unknown};
  if (value.action === 'RESULT_ACTION_REPLACED') return value.content;
  if (value.action === undefined && value.content !== undefined) return value.content;
  return held;
}

/** A price in millionths of a unit, for comparing prices of different units; undefined when not a price. */
export function micros(price: Money | undefined): bigint | undefined {
  const {amount = '', unit = ''} = price ?? {};
  if (!/^-?\d{1,19}$/.test(amount) || !Object.hasOwn(unitFactors, unit)) return undefined;
  return (BigInt(amount) * 1000000n) / unitFactors[unit as PriceUnit];
}

/** The cheapest of some prices (those that are prices), with the index it came from. */
function cheapestOf(prices: (Money | undefined)[]): {price: Money; index: number} | undefined {
  let best: {price: Money; index: number; value: bigint} | undefined;
  prices.forEach((price, index) => {
    const value = micros(price);
    if (price && value !== undefined && (!best || value < best.value)) best = {price, index, value};
  });
  return best && {price: best.price, index: best.index};
}

const text = (value: string): Cell => ({text: value});
const missing = (what: string): Cell => ({missing: what});
/** A cell of an enum's value (absent or empty: missing), or of an amount in the unit it names. */
const enumCell = (value: string | undefined, what: string, amount?: number): Cell =>
  !value
    ? missing(what)
    : amount === undefined
      ? {text: value, enumValue: value}
      : {text: `${amount} ${value}`, enumValue: value, amount};
/** A cell from a value that may be absent (or empty). */
const cellOf = (value: string | number | boolean | undefined | null, what: string): Cell =>
  value === undefined || value === null || value === '' ? missing(what) : text(String(value));

/** Names of ids in a map of the answer; an id it does not name is shown as missing. */
function namesOf(
  ids: readonly string[] | undefined,
  map: Record<string, {name?: string}> | undefined,
  what: string,
): Cell {
  if (!ids || ids.length === 0) return missing(what);
  const names = ids.map((id) => map?.[id]?.name);
  if (names.some((name) => !name)) {
    const unnamed = ids.filter((_, index) => !names[index]);
    return missing(`${what}: no name in the answer for ${unnamed.join(', ')}`);
  }
  return text([...new Set(names)].join(', '));
}

const two = (value: number | undefined) => String(value ?? 0).padStart(2, '0');

/** `10:50` of a LocalDateTime. */
function clock(time: Flights['schemas']['LocalDateTime'] | undefined): string | undefined {
  return time && time.hour !== undefined ? `${two(time.hour)}:${two(time.minute)}` : undefined;
}

/** `1 h 12 min`. */
function duration(minutes: number | undefined): string | undefined {
  if (minutes === undefined) return undefined;
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The orders of a `{name: [{<idField>: id}]}` sorting object, in its own key order. */
function ordersOf<K extends string>(
  sorting: Record<string, readonly Partial<Record<K, string>>[] | undefined> | undefined,
  idField: K,
): RowOrder[] {
  return Object.entries(sorting ?? {})
    .map(([name, items]) => ({
      name,
      ids: (items ?? []).map((item) => item[idField]).filter((id): id is string => !!id),
    }))
    .filter((order) => order.ids.length > 0);
}

function flightsView(content: FlightsContent): LiveView {
  const {itineraries = {}, legs = {}, carriers = {}, agents = {}} = content.results ?? {};
  const rows = Object.entries(itineraries).map(([id, itinerary]): ViewRow => {
    const legsOf = (itinerary.legIds ?? []).map((legId) => ({legId, leg: legs[legId]}));
    const absent = legsOf.filter(({leg}) => !leg).map(({legId}) => legId);
    const perLeg = (read: (leg: Flights['schemas']['Leg']) => string | undefined, what: string): Cell => {
      if (legsOf.length === 0) return missing('legs');
      if (absent.length) return missing(`legs ${absent.join(', ')} are not in the answer`);
      const values = legsOf.map(({leg}) => read(leg!));
      return values.some((value) => value === undefined) ? missing(what) : text(values.join(' / '));
    };
    const options = itinerary.pricingOptions ?? [];
    const found = cheapestOf(options.map((option) => option.price));
    const carrierIds = [...new Set(legsOf.flatMap(({leg}) => leg?.marketingCarrierIds ?? []))];
    return {
      id,
      cells: {
        carriers: absent.length ? missing('legs') : namesOf(carrierIds, carriers, 'carriers'),
        times: perLeg((leg) => {
          const from = clock(leg.departureDateTime);
          const to = clock(leg.arrivalDateTime);
          // The arrival's day marker (+1, -1), as the usage guidelines ask
          const marker = dayMarker(leg.departureDateTime, leg.arrivalDateTime);
          return from && to ? `${from} → ${to}${marker && ` ${marker}`}` : undefined;
        }, 'times'),
        stops: perLeg((leg) => (leg.stopCount === undefined ? undefined : String(leg.stopCount)), 'stops'),
        duration: perLeg((leg) => duration(leg.durationInMinutes), 'duration'),
        agent: found ? namesOf(options[found.index].agentIds, agents, 'agent') : missing('prices'),
      },
      prices: {price: found?.price},
      cheapest: found?.price,
    };
  });
  return finish({
    ...nouns['flights-live-pricing'],
    total: undefined,
    columns: [
      {key: 'carriers', label: 'Carriers'},
      {key: 'times', label: 'Times'},
      {key: 'stops', label: 'Stops'},
      {key: 'duration', label: 'Duration'},
      {key: 'agent', label: 'Agent'},
    ],
    priceColumns: [{key: 'price', label: 'Cheapest price'}],
    rows,
    orders: ordersOf(content.sortingOptions as Record<string, {itineraryId?: string}[]> | undefined, 'itineraryId'),
  });
}

function hotelsView(content: HotelsContent): LiveView {
  const {
    hotelsPricingOptions = {},
    agents = {},
    hotelInfo = {},
    hotelContent = {},
    sortOptions,
  } = content.results ?? {};
  const optionsByHotel = new Map<string, Hotels['schemas']['HotelPricingOption'][]>();
  for (const option of Object.values(hotelsPricingOptions)) {
    if (!option.hotelId) continue;
    optionsByHotel.set(option.hotelId, [...(optionsByHotel.get(option.hotelId) ?? []), option]);
  }
  const ids = [...new Set([...Object.keys(hotelInfo), ...Object.keys(hotelContent)])];
  const rows = ids.map((id): ViewRow => {
    const about = hotelContent[id];
    const info = hotelInfo[id];
    const options = optionsByHotel.get(id) ?? [];
    const found = cheapestOf(options.map((option) => option.price?.price));
    const option = found ? options[found.index] : undefined;
    const distance = info?.distanceFromTarget;
    return {
      id,
      cells: {
        name: cellOf(about?.hotelName, 'name'),
        stars: enumCell(about?.stars, 'stars'),
        distance:
          distance?.value === undefined
            ? missing('distance')
            : distance.unit
              ? enumCell(distance.unit, 'distance unit', distance.value)
              : text(String(distance.value)),
        meal: option ? enumCell(option.mealPlan, 'meal plan') : missing('options'),
        cancellation: option ? enumCell(option.cancellationPolicy, 'cancellation') : missing('options'),
        agent: option ? namesOf(option.agentId ? [option.agentId] : [], agents, 'agent') : missing('options'),
      },
      prices: {price: found?.price},
      cheapest: found?.price,
    };
  });
  const hotelOrder = (sortOptions?.hotel?.sortItems ?? [])
    .map((item) => item.itemId)
    .filter((id): id is string => !!id);
  return finish({
    ...nouns['hotels-live'],
    total: content.totalHotelResultCount,
    columns: [
      {key: 'name', label: 'Hotel'},
      {key: 'stars', label: 'Stars'},
      {key: 'distance', label: 'Distance'},
      {key: 'meal', label: 'Meal plan'},
      {key: 'cancellation', label: 'Cancellation'},
      {key: 'agent', label: 'Agent'},
    ],
    priceColumns: [{key: 'price', label: 'Cheapest option'}],
    rows,
    orders: hotelOrder.length ? [{name: 'requested sort', ids: hotelOrder}] : [],
  });
}

function carHireView(content: CarHireContent): LiveView {
  const {quotes = {}, agents = {}, vendors = {}} = content.results ?? {};
  const rows = Object.entries(quotes).map(([id, quote]): ViewRow => ({
    id,
    cells: {
      vehicle: quote.vehicleName
        ? text(quote.sippCode ? `${quote.vehicleName} (${quote.sippCode})` : quote.vehicleName)
        : missing('vehicle'),
      supplier: namesOf(quote.vendorId ? [quote.vendorId] : [], vendors, 'supplier'),
      agent: namesOf(quote.agentId ? [quote.agentId] : [], agents, 'agent'),
      pickup: enumCell(quote.pickupType, 'pick-up type'),
      fuel: enumCell(quote.fuel?.policy, 'fuel policy'),
    },
    prices: {perDay: quote.pricePerDay, total: quote.price},
    cheapest: quote.price,
  }));
  return finish({
    ...nouns['carhire-live-pricing'],
    total: undefined,
    columns: [
      {key: 'vehicle', label: 'Vehicle'},
      {key: 'supplier', label: 'Supplier'},
      {key: 'agent', label: 'Agent'},
      {key: 'pickup', label: 'Pick-up'},
      {key: 'fuel', label: 'Fuel policy'},
    ],
    priceColumns: [
      {key: 'perDay', label: 'Per day'},
      {key: 'total', label: 'Total'},
    ],
    rows,
    orders: ordersOf(content.sortingOptions as Record<string, {quoteId?: string}[]> | undefined, 'quoteId'),
  });
}

function finish(view: Omit<LiveView, 'count' | 'cheapest'>): LiveView {
  const found = cheapestOf(view.rows.map((row) => row.cheapest));
  return {
    ...view,
    count: view.rows.length,
    cheapest: found && {id: view.rows[found.index].id, price: found.price},
  };
}

/** The results field(s) of each API's answers whose presence makes an answer one the view can show. */
const resultLists: Record<LiveViewApi, string[]> = {
  'flights-live-pricing': ['itineraries'],
  'hotels-live': ['hotelContent', 'hotelInfo', 'hotelsPricingOptions'],
  'carhire-live-pricing': ['quotes'],
};

/**
 * What a program calls each API's results as it counts them while it polls: the loop as code (liveLoops of
 * @portal/specs, which counts the list the flow declares, `x-live-flow.results`) prints it, as the view's count does.
 */
export function liveCount(slug: LiveViewApi): {noun: string} {
  return {noun: nouns[slug].noun};
}

/**
 * The view of the content held for the API `slug`; undefined when there is none to show: no content, or
 * content with none of the API's result lists (an answer of another operation of the API).
 */
export function liveView(slug: LiveViewApi, content: unknown): LiveView | undefined {
  const results = (content as {results?: unknown} | undefined)?.results;
  if (!results || typeof results !== 'object') return undefined;
  if (!resultLists[slug].some((list) => Object.hasOwn(results, list))) return undefined;
  if (slug === 'flights-live-pricing') return flightsView(content as FlightsContent);
  if (slug === 'hotels-live') return hotelsView(content as HotelsContent);
  return carHireView(content as CarHireContent);
}

/** The rows in an order: the order's ids first (those the rows have), then any row it leaves out. */
export function orderedRows(rows: ViewRow[], order: RowOrder | undefined): ViewRow[] {
  if (!order) return rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed = order.ids.map((id) => byId.get(id)).filter((row): row is ViewRow => !!row);
  const seen = new Set(listed.map((row) => row.id));
  return [...listed, ...rows.filter((row) => !seen.has(row.id))];
}
