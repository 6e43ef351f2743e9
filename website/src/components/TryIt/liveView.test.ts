/**
 * The readable view of live answers (liveView.ts) on the sandbox's own complete answers: its counts,
 * cheapest price and names agree with the JSON (worked out here from the JSON alone), an id the answer
 * does not name shows as missing, and the actions of Create and poll decide what is held.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {firstExample, operations, requestMedia} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {createApp} from '@portal/sandbox';
import {heldContent, liveView, micros, orderedRows, type LiveViewApi} from './liveView';
import {cellText, enumLabels} from './readable';

const bundles = loadBundles();
let clock = 0;
const app = createApp({bundles, now: () => clock});
const headers = {'x-api-key': 'sandbox_live_view', 'content-type': 'application/json'};

/** What the test reads of the answers, as the specifications name it. */
interface Price {
  amount: string;
  unit: string;
}
interface FlightsAnswer {
  content: {
    results: {
      itineraries: Record<string, {legIds: string[]; pricingOptions: {price: Price; agentIds: string[]}[]}>;
      legs: Record<string, {marketingCarrierIds: string[]; stopCount: number}>;
      carriers: Record<string, {name: string}>;
      agents: Record<string, {name: string}>;
    };
    sortingOptions?: Record<string, unknown[]>;
  };
}
interface HotelsAnswer {
  content: {
    totalHotelResultCount: number;
    results: {
      hotelContent: Record<string, {hotelName: string}>;
      hotelsPricingOptions: Record<string, {hotelId: string; price: {price: Price}}>;
      sortOptions: {hotel: {sortItems: {itemId: string}[]}};
    };
  };
}
interface CarHireAnswer {
  content: {
    results: {
      quotes: Record<string, {vendorId: string; price: Price; pricePerDay: Price}>;
      vendors: Record<string, {name: string}>;
    };
  };
}

/** A live search of `slug` created with its spec's example and polled once it is complete. */
async function completed<T>(slug: LiveViewApi): Promise<T & {status: string}> {
  const doc = bundles.get(slug)!;
  const all = operations(slug, doc);
  const create = all.find((op) => op.operationId.endsWith('_CreateSearch'))!;
  const poll = all.find((op) => op.operationId.endsWith('_PollSearch'))!;
  const created = (await (
    await app.request(create.path, {
      method: 'POST',
      headers,
      body: JSON.stringify(firstExample(doc, requestMedia(doc, create))),
    })
  ).json()) as {sessionToken: string};
  clock += 600_000;
  const body = requestMedia(doc, poll) ? JSON.stringify(firstExample(doc, requestMedia(doc, poll)) ?? {}) : undefined;
  const answer = await app.request(poll.path.replace('{sessionToken}', encodeURIComponent(created.sessionToken)), {
    method: poll.method,
    headers,
    body,
  });
  const json = (await answer.json()) as T & {status: string};
  expect(json.status).toBe('RESULT_STATUS_COMPLETE');
  return json;
}

/** The lowest price of some prices, worked out with numbers (the test's own arithmetic, not liveView's). */
const factor: Record<string, number> = {
  PRICE_UNIT_WHOLE: 1,
  PRICE_UNIT_CENTI: 100,
  PRICE_UNIT_MILLI: 1000,
  PRICE_UNIT_MICRO: 1e6,
};
const lowest = (prices: Price[]) => Math.min(...prices.map((p) => Number(p.amount) / factor[p.unit]));
const value = (price: {amount?: string; unit?: string} | undefined) => Number(micros(price)) / 1e6;

let flights: FlightsAnswer;
let hotels: HotelsAnswer;
let cars: CarHireAnswer;
beforeAll(async () => {
  [flights, hotels, cars] = await Promise.all([
    completed<FlightsAnswer>('flights-live-pricing'),
    completed<HotelsAnswer>('hotels-live'),
    completed<CarHireAnswer>('carhire-live-pricing'),
  ]);
});

describe('liveView', () => {
  it('flights: one row per itinerary, its carriers and agent named from the answer, the cheapest price of all', () => {
    const view = liveView('flights-live-pricing', flights.content)!;
    const {itineraries, legs, carriers, agents} = flights.content.results;
    expect(view.count).toBe(Object.keys(itineraries).length);
    expect(view.count).toBeGreaterThan(1);
    const all = Object.values(itineraries).flatMap((itinerary) => itinerary.pricingOptions.map((o) => o.price));
    expect(value(view.cheapest?.price)).toBe(lowest(all));

    const [id, itinerary] = Object.entries(itineraries)[0];
    const row = view.rows.find((candidate) => candidate.id === id)!;
    const names = [
      ...new Set(
        itinerary.legIds.flatMap((leg: string) => legs[leg].marketingCarrierIds.map((c: string) => carriers[c].name)),
      ),
    ];
    expect(row.cells.carriers).toEqual({text: names.join(', ')});
    expect(row.cells.stops).toEqual({text: itinerary.legIds.map((leg: string) => legs[leg].stopCount).join(' / ')});
    const cheapestOption = [...itinerary.pricingOptions].sort(
      (a, b) => Number(a.price.amount) / factor[a.price.unit] - Number(b.price.amount) / factor[b.price.unit],
    )[0];
    expect(row.cells.agent).toEqual({
      text: [...new Set(cheapestOption.agentIds.map((a: string) => agents[a].name))].join(', '),
    });
    const sorting = flights.content.sortingOptions ?? {};
    const given = Object.keys(sorting).filter((name) => sorting[name].length > 0);
    expect(given.length).toBeGreaterThan(0);
    expect(view.orders.map((order) => order.name)).toEqual(given);
  });

  it('flights: a leg or a carrier the answer does not carry shows as missing, not invented', () => {
    const content = structuredClone(flights.content);
    const [id, itinerary] = Object.entries(content.results.itineraries)[0];
    const leg = content.results.legs[itinerary.legIds[0]];
    delete content.results.carriers[leg.marketingCarrierIds[0]];
    const row = liveView('flights-live-pricing', content)!.rows.find((candidate) => candidate.id === id)!;
    expect(row.cells.carriers).toEqual({missing: expect.stringContaining(leg.marketingCarrierIds[0])});
    delete content.results.legs[itinerary.legIds[0]];
    const bare = liveView('flights-live-pricing', content)!.rows.find((candidate) => candidate.id === id)!;
    expect(bare.cells.times).toEqual({missing: expect.stringContaining(itinerary.legIds[0])});
  });

  it('hotels: the hotels of the page and the total, their names and cheapest options, in the requested order', () => {
    const view = liveView('hotels-live', hotels.content)!;
    const {hotelContent, hotelsPricingOptions, sortOptions} = hotels.content.results;
    expect(view.count).toBe(Object.keys(hotelContent).length);
    expect(view.total).toBe(hotels.content.totalHotelResultCount);
    expect(view.total).toBeGreaterThan(view.count);
    const [id, about] = Object.entries(hotelContent)[0];
    expect(view.rows.find((row) => row.id === id)!.cells.name).toEqual({text: about.hotelName});
    const shown = new Set(Object.keys(hotelContent));
    const prices = Object.values(hotelsPricingOptions)
      .filter((o) => shown.has(o.hotelId))
      .map((o) => o.price.price);
    expect(value(view.cheapest?.price)).toBe(lowest(prices));
    const order = view.orders[0];
    expect(order.ids).toEqual(sortOptions.hotel.sortItems.map((item) => item.itemId));
    expect(orderedRows(view.rows, order).map((row) => row.id)).toEqual(order.ids);
  });

  it('car hire: each quote with its vehicle, supplier from vendors, price per day and total', () => {
    const view = liveView('carhire-live-pricing', cars.content)!;
    const {quotes, vendors} = cars.content.results;
    expect(view.count).toBe(Object.keys(quotes).length);
    const [id, quote] = Object.entries(quotes)[0];
    const row = view.rows.find((candidate) => candidate.id === id)!;
    expect(row.cells.supplier).toEqual({text: vendors[quote.vendorId].name});
    expect(row.prices).toEqual({perDay: quote.pricePerDay, total: quote.price});
    expect(value(view.cheapest?.price)).toBe(lowest(Object.values(quotes).map((q) => q.price)));
  });

  it('holds content as Create and poll says: replaced by RESULT_ACTION_REPLACED, or by content with no action', () => {
    const first = {results: {quotes: {a: {}}}};
    const second = {results: {quotes: {b: {}}}};
    let held = heldContent(undefined, {action: 'RESULT_ACTION_REPLACED', content: first});
    expect(held).toBe(first);
    for (const action of ['RESULT_ACTION_NOT_MODIFIED', 'RESULT_ACTION_OMITTED', 'RESULT_ACTION_UNSPECIFIED']) {
      held = heldContent(held, {action, content: {results: {}}});
      expect(held).toBe(first);
    }
    // No action and no content: nothing to hold; no action with content: the whole set (car hire, refresh polls)
    expect(heldContent(held, {status: 'RESULT_STATUS_COMPLETE'})).toBe(first);
    expect(heldContent(held, {content: second})).toBe(second);
    expect(heldContent(held, {action: 'RESULT_ACTION_REPLACED', content: second})).toBe(second);
    expect(liveView('carhire-live-pricing', undefined)).toBeUndefined();
    // Content of another shape (another operation's, or a failed search's empty results) is not a view
    expect(liveView('carhire-live-pricing', {results: {}})).toBeUndefined();
    expect(liveView('hotels-live', {results: {quotes: {}}})).toBeUndefined();
    expect(liveView('carhire-live-pricing', {results: {quotes: {}}})?.count).toBe(0);
  });

  it("shows an enum's value in the spec's words: without its enum's shared prefix, a count in digits, a unit short", () => {
    const labels = enumLabels(bundles.get('hotels-live')!);
    expect(labels.get('MEAL_PLAN_TYPE_HALF_BOARD')?.label).toBe('Half board');
    expect(labels.get('STARS_TWO_STAR')).toEqual({label: '2 stars', description: 'Two stars.'});
    expect(labels.get('STARS_ONE_STAR')?.label).toBe('1 star');
    expect(labels.get('STARS_NO_STAR')?.label).toBe('No stars');
    expect(labels.get('DISTANCE_UNIT_KILOMETER')).toEqual({label: 'Kilometer', description: 'Kilometres.'});
    const view = liveView('hotels-live', hotels.content)!;
    const rows = view.rows.filter((row) => 'amount' in row.cells.distance);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const cell = row.cells.distance as {text: string; amount: number; enumValue: string};
      expect(cell.enumValue).toBe('DISTANCE_UNIT_KILOMETER');
      expect(cellText(cell, labels)).toBe(`${cell.amount} km`);
    }
    const stars = view.rows.map((row) => cellText(row.cells.stars, labels)).filter(Boolean);
    expect(stars.length).toBeGreaterThan(0);
    for (const text of stars) expect(text).toMatch(/^(\d stars?|No stars)$/);
  });

  it('flights: an arrival on another day than its departure carries its day marker, +1 or -1', () => {
    const content = structuredClone(flights.content) as FlightsAnswer['content'] & {
      results: {
        legs: Record<string, {departureDateTime: Record<string, number>; arrivalDateTime: Record<string, number>}>;
      };
    };
    const [id, itinerary] = Object.entries(content.results.itineraries)[0];
    const leg = content.results.legs[itinerary.legIds[0]];
    const clock = (time: Record<string, number>) =>
      `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
    const first = () => liveView('flights-live-pricing', content)!.rows.find((row) => row.id === id)!.cells.times;
    const from = clock(leg.departureDateTime);
    const to = clock(leg.arrivalDateTime);
    expect(first()).toEqual({text: expect.stringMatching(new RegExp(`^${from} → ${to}( / |$)`))});
    leg.arrivalDateTime = {...leg.departureDateTime, day: leg.departureDateTime.day + 1, hour: 6, minute: 10};
    expect(first()).toEqual({text: expect.stringMatching(new RegExp(`^${from} → 06:10 \\+1( / |$)`))});
    leg.arrivalDateTime = {...leg.departureDateTime, day: leg.departureDateTime.day - 1, hour: 19, minute: 45};
    expect(first()).toEqual({text: expect.stringMatching(new RegExp(`^${from} → 19:45 -1( / |$)`))});
  });
});
