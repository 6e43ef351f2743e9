import {describe, expect, it} from 'vitest';
import {flowOfPoll, minPollMs, STAGE_MS} from './services/session';
import {bundles, exampleBody, liveSearches, op, request, testApp, validator} from './testing.fixture';

interface LiveAnswer {
  sessionToken: string;
  status: string;
  action: string;
  content: {results: Record<string, Record<string, unknown>>; totalHotelResultCount?: number};
}

async function call(
  app: ReturnType<typeof testApp>['app'],
  operationId: string,
  options: Parameters<typeof request>[1] = {},
) {
  const response = await app.request(request(op(operationId), options));
  const body = (await response.json()) as LiveAnswer;
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  expect(validator.response(operationId, body).errors).toEqual([]);
  return body;
}

/** How many results an answer holds: for hotels, which answer one page, the total the page is from. */
const resultCount = (results: string) => (answer: LiveAnswer) => Object.keys(answer.content.results[results]).length;
/** What each live search's answers hold (by API): the map of results, and how many results an answer counts. */
const answersOf: Record<string, {results: string; size: (answer: LiveAnswer) => number}> = {
  'flights-live-pricing': {results: 'itineraries', size: resultCount('itineraries')},
  'carhire-live-pricing': {results: 'quotes', size: resultCount('quotes')},
  'hotels-live': {results: 'hotelsPricingOptions', size: (answer) => answer.content.totalHotelResultCount!},
};
/** The live searches: the create-and-poll pairs the specs link (liveFlows) whose create starts a search. */
const families = liveSearches.map((search) => ({...search, ...answersOf[search.slug]}));

describe('the live searches', () => {
  it('are the three the specs link, each with what its answers hold', () => {
    expect(families.map((family) => [family.create, family.poll, family.results])).toEqual([
      ['FlightsService_CreateSearch', 'FlightsService_PollSearch', 'itineraries'],
      ['CarHireService_CreateSearch', 'CarHireService_PollSearch', 'quotes'],
      ['HotelsService_CreateSearch', 'HotelsService_PollSearch', 'hotelsPricingOptions'],
    ]);
  });
});

describe('create and poll', () => {
  for (const family of families) {
    it(`${family.create}: create answers INCOMPLETE with the first results, polls add results until COMPLETE`, async () => {
      const {app, clock} = testApp();
      const created = await call(app, family.create, {body: exampleBody(op(family.create))});
      expect(created).toMatchObject({status: 'RESULT_STATUS_INCOMPLETE', action: 'RESULT_ACTION_REPLACED'});
      expect(Object.keys(created.content.results[family.results]).length).toBeGreaterThan(0);
      let count = family.size(created);
      expect(count).toBeGreaterThan(0);
      let token = created.sessionToken;
      const pollBody = exampleBody(op(family.poll));
      const replace = () => ({sessionToken: token});

      // Nothing new yet: not modified. Something new, but sooner than half the poll interval its
      // specification declares after the last answer: omitted.
      const MIN_POLL_MS = minPollMs(flowOfPoll({doc: bundles.get(op(family.poll).slug)!, operation: op(family.poll)}));
      expect(MIN_POLL_MS).toBe(500);
      const sameView = family.results === 'hotelsPricingOptions' ? {} : pollBody;
      clock.now += STAGE_MS - MIN_POLL_MS / 5;
      const unchanged = await call(app, family.poll, {replace: replace(), body: sameView});
      expect(unchanged).toMatchObject({action: 'RESULT_ACTION_NOT_MODIFIED', content: {results: {}}});
      token = unchanged.sessionToken;
      clock.now += (MIN_POLL_MS / 5) * 2;
      const early = await call(app, family.poll, {replace: replace(), body: sameView});
      expect(early.action).toBe('RESULT_ACTION_OMITTED');
      token = early.sessionToken;

      let last = early;
      for (
        let polls = 0;
        polls < 10 && (last.status !== 'RESULT_STATUS_COMPLETE' || last.action !== 'RESULT_ACTION_REPLACED');
        polls++
      ) {
        clock.now += STAGE_MS;
        last = await call(app, family.poll, {replace: replace(), body: pollBody});
        expect(last.action).toBe('RESULT_ACTION_REPLACED');
        const now = family.size(last);
        expect(now).toBeGreaterThanOrEqual(count);
        count = now;
        token = last.sessionToken;
      }
      expect(last.status).toBe('RESULT_STATUS_COMPLETE');

      // Nothing new since: not modified, results left empty.
      clock.now += STAGE_MS;
      const again = await call(app, family.poll, {replace: replace(), body: pollBody});
      expect(again).toMatchObject({
        status: 'RESULT_STATUS_COMPLETE',
        action: 'RESULT_ACTION_NOT_MODIFIED',
        content: {results: {}},
      });
    });
  }

  it('hotels: sort, filter and page on poll', async () => {
    const {app, clock} = testApp();
    const created = await call(app, 'HotelsService_CreateSearch', {
      body: exampleBody(op('HotelsService_CreateSearch')),
    });
    clock.now += 10 * STAGE_MS;
    const poll = (body: unknown) =>
      call(app, 'HotelsService_PollSearch', {replace: {sessionToken: created.sessionToken}, body});
    const cheapest = await poll({
      sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
      pagination: {limit: 5, offset: 0},
    });
    const items = (cheapest.content.results.sortOptions as {hotel: {sortItems: {value: number}[]}}).hotel.sortItems;
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.value)).toEqual([...items.map((item) => item.value)].sort((a, b) => a - b));
    const next = await poll({
      sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
      pagination: {limit: 5, offset: 5},
    });
    const nextItems = (next.content.results.sortOptions as {hotel: {sortItems: {value: number}[]}}).hotel.sortItems;
    expect(nextItems[0].value).toBeGreaterThanOrEqual(items[4].value);
    const total = cheapest.content.totalHotelResultCount!;
    // Every hotel of the search on one page, then only the four-star ones: the filter keeps the
    // four-star hotels of the unfiltered list, all of them, and nothing else.
    const starsOf = (answer: LiveAnswer) =>
      Object.entries(answer.content.results.hotelContent as Record<string, {stars: string}>).map(([id, content]) => ({
        id,
        stars: content.stars,
      }));
    const everything = starsOf(await poll({pagination: {limit: total, offset: 0}}));
    expect(everything).toHaveLength(total);
    expect(everything.some((hotel) => hotel.stars !== 'STARS_FOUR_STAR')).toBe(true);
    const fourStarIds = everything.filter((hotel) => hotel.stars === 'STARS_FOUR_STAR').map((hotel) => hotel.id);
    expect(fourStarIds.length).toBeGreaterThan(0);

    const fourStars = await poll({
      filters: [{starsFilter: {values: ['STARS_FOUR_STAR']}}],
      pagination: {limit: total, offset: 0},
    });
    const filtered = starsOf(fourStars);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.filter((hotel) => hotel.stars !== 'STARS_FOUR_STAR')).toEqual([]);
    expect(filtered.map((hotel) => hotel.id).sort()).toEqual([...fourStarIds].sort());
    expect(fourStars.content.totalHotelResultCount).toBe(fourStarIds.length);
    expect(fourStars.content.totalHotelResultCount).toBeLessThan(total);
  });

  it('hotels: another view of a stage already sent is answered at once; a new stage that soon is omitted', async () => {
    const {app, clock} = testApp();
    const created = await call(app, 'HotelsService_CreateSearch', {
      body: exampleBody(op('HotelsService_CreateSearch')),
    });
    const MIN_POLL_MS = minPollMs(
      flowOfPoll({doc: bundles.get('hotels-live')!, operation: op('HotelsService_PollSearch')}),
    );
    const page = (offset: number) => ({
      sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
      pagination: {limit: 5, offset},
    });
    const poll = (sessionToken: string, body: unknown) =>
      call(app, 'HotelsService_PollSearch', {replace: {sessionToken}, body});

    // Another view of the stage already sent (the create's), 1 ms after its answer: answered at once
    clock.now += 1;
    const first = await poll(created.sessionToken, page(0));
    expect(first).toMatchObject({status: 'RESULT_STATUS_INCOMPLETE', action: 'RESULT_ACTION_REPLACED'});
    clock.now += STAGE_MS - 2;
    const second = await poll(first.sessionToken, page(5));
    expect(second).toMatchObject({status: 'RESULT_STATUS_INCOMPLETE', action: 'RESULT_ACTION_REPLACED'});
    // The next stage, found 1 ms after that answer (sooner than the least wait): omitted
    clock.now += 1;
    expect(MIN_POLL_MS).toBeGreaterThan(1);
    expect(await poll(second.sessionToken, page(5))).toMatchObject({
      status: 'RESULT_STATUS_COMPLETE',
      action: 'RESULT_ACTION_OMITTED',
    });

    // Complete: each other view is answered in full 1 ms after the answer before; the same view again is not modified
    clock.now += MIN_POLL_MS;
    const complete = await poll(second.sessionToken, page(5));
    expect(complete).toMatchObject({status: 'RESULT_STATUS_COMPLETE', action: 'RESULT_ACTION_REPLACED'});
    clock.now += 1;
    const other = await poll(complete.sessionToken, page(0));
    expect(other).toMatchObject({status: 'RESULT_STATUS_COMPLETE', action: 'RESULT_ACTION_REPLACED'});
    expect(Object.keys(other.content.results.hotelContent).length).toBeGreaterThan(0);
    clock.now += 1;
    expect(await poll(other.sessionToken, page(0))).toMatchObject({action: 'RESULT_ACTION_NOT_MODIFIED'});
    clock.now += 1;
    expect(await poll(other.sessionToken, page(5))).toMatchObject({action: 'RESULT_ACTION_REPLACED'});
  });

  it('itinerary refresh: its own create and poll, complete at once within the cache window and later after a wait', async () => {
    const {app, clock} = testApp();
    const search = await call(app, 'FlightsService_CreateSearch', {
      body: exampleBody(op('FlightsService_CreateSearch')),
    });
    const itineraryId = Object.keys(search.content.results.itineraries)[0];
    const refresh = async () =>
      (await (
        await app.request(
          request(op('FlightsService_CreateItineraryRefresh'), {
            replace: {sessionToken: search.sessionToken},
            body: {itineraryId},
          }),
        )
      ).json()) as {refreshSessionToken: string; status: string};
    const poll = async (token: string) => {
      const response = await app.request(
        request(op('FlightsService_PollItineraryRefresh'), {replace: {refreshSessionToken: token}}),
      );
      const body = (await response.json()) as {
        status: string;
        content?: {results: {itineraries: Record<string, unknown>}};
      };
      expect(validator.response('FlightsService_PollItineraryRefresh', body).errors).toEqual([]);
      return body;
    };
    const soon = await refresh();
    expect(soon.status).toBe('RESULT_STATUS_COMPLETE');
    expect(Object.keys((await poll(soon.refreshSessionToken)).content!.results.itineraries)).toEqual([itineraryId]);

    clock.now += 11 * 60 * 1000;
    const later = await refresh();
    expect(later.status).toBe('RESULT_STATUS_INCOMPLETE');
    expect((await poll(later.refreshSessionToken)).status).toBe('RESULT_STATUS_INCOMPLETE');
    clock.now += 3000;
    expect((await poll(later.refreshSessionToken)).status).toBe('RESULT_STATUS_COMPLETE');

    const unknown = await app.request(
      request(op('FlightsService_CreateItineraryRefresh'), {
        replace: {sessionToken: search.sessionToken},
        body: {itineraryId: 'nope'},
      }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe('flights nearbyAirports', () => {
  // specs/flights-live-pricing/openapi.yaml, FlightsLiveQuery.nearbyAirports: "Also search from
  // airports near the origin. Applies to the origin only." (a boolean, default false). The sandbox
  // adds the airports within 120 km of the origin's airport to the airports legs may leave from.
  const LHR = '95565050';
  const EDI = '95673668';
  interface Place {
    coordinates?: {latitude: number; longitude: number};
  }
  /** Great-circle distance in km. */
  const km = (a: Place, b: Place) => {
    const rad = Math.PI / 180;
    const [p, q] = [a.coordinates!, b.coordinates!];
    const h =
      Math.sin(((q.latitude - p.latitude) * rad) / 2) ** 2 +
      Math.cos(p.latitude * rad) * Math.cos(q.latitude * rad) * Math.sin(((q.longitude - p.longitude) * rad) / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.sqrt(h));
  };

  /** The airports the legs of a complete search leave from and arrive at, and the places of the answer. */
  const search = async (origin: string, destination: string, nearbyAirports?: boolean) => {
    const {app, clock} = testApp();
    const created = await call(app, 'FlightsService_CreateSearch', {
      body: {
        query: {
          market: 'UK',
          locale: 'en-GB',
          currency: 'GBP',
          queryLegs: [
            {
              originPlaceId: {entityId: origin},
              destinationPlaceId: {entityId: destination},
              date: {year: 2027, month: 3, day: 12},
            },
          ],
          cabinClass: 'CABIN_CLASS_ECONOMY',
          adults: 1,
          ...(nearbyAirports === undefined ? {} : {nearbyAirports}),
        },
      },
    });
    clock.now += 10 * STAGE_MS;
    const complete = await call(app, 'FlightsService_PollSearch', {replace: {sessionToken: created.sessionToken}});
    expect(complete.status).toBe('RESULT_STATUS_COMPLETE');
    const legs = Object.values(complete.content.results.legs) as {originPlaceId: string; destinationPlaceId: string}[];
    expect(legs.length).toBeGreaterThan(0);
    return {
      origins: new Set(legs.map((leg) => leg.originPlaceId)),
      destinations: new Set(legs.map((leg) => leg.destinationPlaceId)),
      places: complete.content.results.places as Record<string, Place>,
    };
  };

  it('true: legs also leave from airports near the origin, within 120 km of it', async () => {
    const {origins, destinations, places} = await search(LHR, EDI, true);
    const others = [...origins].filter((id) => id !== LHR);
    expect(others.length).toBeGreaterThan(0);
    for (const id of others) {
      expect(places[id], id).toBeDefined();
      expect(km(places[id], places[LHR]), id).toBeLessThan(120);
    }
    expect([...destinations]).toEqual([EDI]);
  });

  it('false, and left out (the default): legs leave from the origin only', async () => {
    for (const nearbyAirports of [false, undefined]) {
      const {origins, destinations} = await search(LHR, EDI, nearbyAirports);
      expect([...origins], String(nearbyAirports)).toEqual([LHR]);
      expect([...destinations], String(nearbyAirports)).toEqual([EDI]);
    }
  });

  it('applies to the origin only: a destination with airports nearby is not widened', async () => {
    // London Heathrow as the destination: true widens Edinburgh, the origin, and never Heathrow.
    const widened = await search(EDI, LHR, true);
    expect([...widened.origins].filter((id) => id !== EDI).length).toBeGreaterThan(0);
    expect([...widened.destinations]).toEqual([LHR]);
    const plain = await search(EDI, LHR, false);
    expect([...plain.origins]).toEqual([EDI]);
    expect([...plain.destinations]).toEqual([LHR]);
  });
});

describe('session tokens', () => {
  it('reject tokens tampered with, foreign, of another API or expired, with 404 and the error body', async () => {
    const {app, clock} = testApp();
    const created = await call(app, 'FlightsService_CreateSearch', {
      body: exampleBody(op('FlightsService_CreateSearch')),
    });
    const [query, times, signature] = created.sessionToken.split('.');
    const payload = `${query}.${times}`;
    const flipped = `${query.slice(0, 10)}${query[10] === 'A' ? 'B' : 'A'}${query.slice(11)}.${times}.${signature}`;
    // Shaped like the spec's example token, which itself names the demo session (demoSessions.test.ts).
    const unsigned =
      'CkBDaTRJQVJJcUNpZ0tKRFl5WlRCbE5qSmxMVFkxTmpZdE5HSXlOeTFoWWpabExUSTJZekV6Wm1FMVlXSTJNaEFDEgJVSxoA-cells2';
    for (const token of [flipped, `${payload}.${signature.slice(1)}`, unsigned, `${payload}.${signature}.x`]) {
      const response = await app.request(request(op('FlightsService_PollSearch'), {replace: {sessionToken: token}}));
      expect(response.status).toBe(404);
      expect(validator.response('FlightsService_PollSearch', await response.json(), '404').valid).toBe(true);
    }
    const otherApi = await app.request(
      request(op('CarHireService_PollSearch'), {replace: {sessionToken: created.sessionToken}}),
    );
    expect(otherApi.status).toBe(404);
    const other = testApp();
    const sameSecret = await other.app.request(
      request(op('FlightsService_PollSearch'), {replace: {sessionToken: created.sessionToken}}),
    );
    expect(sameSecret.status).toBe(200);
    clock.now += 31 * 60 * 1000;
    const expired = await app.request(
      request(op('FlightsService_PollSearch'), {replace: {sessionToken: created.sessionToken}}),
    );
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({code: 5, message: expect.stringContaining('expired')});
  });
});

describe('determinism', () => {
  it('gives the same answer to the same query, on any instance', async () => {
    const start = Date.now();
    for (const operationId of [
      'FlightsService_CreateSearch',
      'CarHireService_CreateSearch',
      'HotelsService_CreateSearch',
      'HotelsReviewsService_ListReviews',
      'AutosuggestService_SuggestFlights',
      'FlightsIndicativeService_SearchFlights',
    ]) {
      const first = await call(testApp(start).app, operationId, {body: exampleBody(op(operationId))});
      const second = await call(testApp(start).app, operationId, {body: exampleBody(op(operationId))});
      expect(second.content ?? second).toEqual(first.content ?? first);
    }
  });
});
