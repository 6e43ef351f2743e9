import {describe, expect, it} from 'vitest';
import {RETRY_AFTER_SECONDS, BEHAVIOUR_HEADER} from './app';
import {currencies, markets} from './data/culture';
import {places} from './data/places';
import {queryDateTime} from './data/carQuotes';
import {STAGE_MS} from './services/session';
import {exampleBody, liveSearches, op, operationsOf, request, testApp, validator} from './testing.fixture';

describe('scenarios', () => {
  const {app} = testApp();

  for (const operation of operationsOf()) {
    it(`${operation.operationId}: 429 (with Retry-After), 500 and 503 on purpose, with the spec's error bodies`, async () => {
      for (const status of ['429', '500', '503']) {
        const response = await app.request(
          request(operation, {
            body: exampleBody(operation),
            replace: {sessionToken: 'x', refreshSessionToken: 'x'},
            headers: {[BEHAVIOUR_HEADER]: status},
          }),
        );
        expect(response.status).toBe(Number(status));
        const body = await response.json();
        expect(validator.response(operation.operationId, body, status).valid).toBe(true);
        if (status === '429') expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      }
    });
  }

  it('keys ask for behaviours too: sandbox_scenario_503', async () => {
    const response = await app.request(
      request(op('CarriersService_ListCarriers'), {headers: {'x-api-key': 'sandbox_scenario_503'}}),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({code: 14});
  });

  const create = async (operationId: string, behaviour: string) => {
    const {app, clock} = testApp();
    const response = await app.request(
      request(op(operationId), {body: exampleBody(op(operationId)), headers: {[BEHAVIOUR_HEADER]: behaviour}}),
    );
    return {
      app,
      clock,
      body: (await response.json()) as {
        sessionToken: string;
        status: string;
        content: {results: Record<string, object>};
      },
    };
  };

  it('failed: a live search ends RESULT_STATUS_FAILED', async () => {
    expect(liveSearches.length).toBeGreaterThan(0);
    for (const {create: create_, poll} of liveSearches) {
      const {app, clock, body} = await create(create_, 'failed');
      clock.now += 2 * STAGE_MS;
      const polled = await app.request(
        request(op(poll), {replace: {sessionToken: body.sessionToken}, body: exampleBody(op(poll))}),
      );
      const json = await polled.json();
      expect(json).toMatchObject({status: 'RESULT_STATUS_FAILED'});
      expect(validator.response(poll, json).valid).toBe(true);
    }
  });

  it('slow: a search that takes many polls', async () => {
    const {app, clock, body} = await create('FlightsService_CreateSearch', 'slow');
    let token = body.sessionToken;
    let polls = 0;
    for (let status = body.status; status !== 'RESULT_STATUS_COMPLETE'; polls++) {
      clock.now += STAGE_MS;
      const answer = (await (
        await app.request(request(op('FlightsService_PollSearch'), {replace: {sessionToken: token}}))
      ).json()) as typeof body;
      status = answer.status;
      token = answer.sessionToken;
    }
    expect(polls).toBeGreaterThanOrEqual(10);
  });

  it('empty: a search with no results, complete at once; lists are empty', async () => {
    const {body} = await create('FlightsService_CreateSearch', 'empty');
    expect(body.status).toBe('RESULT_STATUS_COMPLETE');
    expect(body.content.results.itineraries).toEqual({});
    const suggest = await app.request(
      request(op('AutosuggestService_SuggestFlights'), {
        body: exampleBody(op('AutosuggestService_SuggestFlights')),
        headers: {[BEHAVIOUR_HEADER]: 'empty'},
      }),
    );
    expect(await suggest.json()).toEqual({places: []});
  });
});

describe('protobuf-JSON requests', () => {
  it('accept snake_case field names and integers sent as strings, and answer as for the canonical request', async () => {
    const {app} = testApp(Date.UTC(2026, 10, 24));
    const canonical = exampleBody(op('FlightsService_CreateSearch')) as {
      query: {queryLegs: {date: object}[]; adults: number};
    };
    const lenient = {
      query: {
        market: 'UK',
        locale: 'en-GB',
        currency: 'GBP',
        query_legs: [
          {
            origin_place_id: {entity_id: '27544008'},
            destination_place_id: {iata: 'EDI'},
            date: {year: '2027', month: '3', day: '12'},
          },
        ],
        cabin_class: 'CABIN_CLASS_ECONOMY',
        adults: '1',
      },
    };
    const first = await (await app.request(request(op('FlightsService_CreateSearch'), {body: canonical}))).json();
    const second = await (await app.request(request(op('FlightsService_CreateSearch'), {body: lenient}))).json();
    expect((second as {content: unknown}).content).toEqual((first as {content: unknown}).content);
    const refresh = await app.request(
      request(op('FlightsService_CreateItineraryRefresh'), {
        replace: {sessionToken: (first as {sessionToken: string}).sessionToken},
        body: {
          itinerary_id: Object.keys(
            (first as {content: {results: {itineraries: object}}}).content.results.itineraries,
          )[0],
        },
      }),
    );
    expect(refresh.status).toBe(200);
    const notANumber = await app.request(
      request(op('FlightsService_CreateSearch'), {body: {...lenient, query: {...lenient.query, adults: 'one'}}}),
    );
    expect(notANumber.status).toBe(400);
  });
});

describe('autosuggest', () => {
  const {app} = testApp();
  const suggest = async (operationId: string, query: object, limit?: number) => {
    const response = await app.request(
      request(op(operationId), {body: {query: {market: 'UK', locale: 'en-GB', ...query}, ...(limit ? {limit} : {})}}),
    );
    const body = (await response.json()) as {
      places: {entityId: string; name: string; highlighting?: number[][]; hierarchy: string}[];
    };
    expect(validator.response(operationId, body).valid).toBe(true);
    return body.places;
  };

  it('finds places by prefix and by word, with highlighting offsets and a limit', async () => {
    const edin = await suggest('AutosuggestService_SuggestFlights', {searchTerm: 'Edin'});
    expect(edin.slice(0, 2).map((place) => place.entityId)).toEqual(['27540851', '95673668']);
    expect(edin[0].highlighting).toEqual([[0, 4]]);
    const heathrow = await suggest('AutosuggestService_SuggestFlights', {searchTerm: 'heathrow'});
    expect(heathrow[0]).toMatchObject({entityId: '95565050', name: 'London Heathrow'});
    const [start, end] = heathrow[0].highlighting![0];
    expect(heathrow[0].hierarchy.slice(start, end)).toBe('Heathrow');
    expect(await suggest('AutosuggestService_SuggestFlights', {searchTerm: 'lon'}, 3)).toHaveLength(3);
    expect((await suggest('AutosuggestService_SuggestFlights', {searchTerm: 'LHR'}))[0].entityId).toBe('95565050');
    expect((await suggest('AutosuggestService_SuggestHotels', {searchTerm: 'cancun'}))[0].entityId).toBe('27540602');
    expect(await suggest('AutosuggestService_SuggestCarHire', {searchTerm: 'zzzzqq'})).toEqual([]);
  });

  it('answers the most popular places without a search term', async () => {
    const popular = await suggest('AutosuggestService_SuggestFlights', {});
    expect(popular.map((place) => place.entityId)).toContain('27544008');
  });

  // `limit` is 1 to 50 (specs/autosuggest/openapi.yaml): the edges are let through and answer that
  // many places, one past either edge is refused with a 400 naming the field.
  for (const operationId of ['AutosuggestService_SuggestFlights', 'AutosuggestService_SuggestHotels']) {
    it(`${operationId}: limit 1 and 50 are let through, 0 and 51 refused`, async () => {
      const send = async (limit: number) => {
        const response = await app.request(
          request(op(operationId), {body: {query: {market: 'UK', locale: 'en-GB', searchTerm: 'san'}, limit}}),
        );
        return {status: response.status, body: (await response.json()) as Record<string, unknown>};
      };
      for (const limit of [1, 50]) {
        const {status, body} = await send(limit);
        expect(status, `limit ${limit}`).toBe(200);
        expect(validator.response(operationId, body).errors).toEqual([]);
        expect(body.places, `limit ${limit}`).toHaveLength(limit);
      }
      for (const [limit, keyword] of [
        [0, 'minimum'],
        [51, 'maximum'],
      ] as const) {
        const {status, body} = await send(limit);
        expect(status, `limit ${limit}`).toBe(400);
        expect(validator.response(operationId, body, '400').errors).toEqual([]);
        expect(body.code).toBe(3);
        expect((body.details as {fieldViolations?: object[]}[])[0].fieldViolations).toEqual([
          expect.objectContaining({field: 'limit', reason: keyword}),
        ]);
      }
    });
  }
});

describe('data', () => {
  it('keeps the real entity ids of the guides', () => {
    const byId = places().byId;
    expect(byId.get('27544008')).toMatchObject({
      name: 'London',
      type: 'PLACE_TYPE_CITY',
      iata: 'LON',
      parentId: '29475375',
    });
    expect(byId.get('95565050')).toMatchObject({iata: 'LHR', parentId: '27544008'});
    expect(byId.get('95673668')).toMatchObject({iata: 'EDI', parentId: '27540851'});
    expect(byId.get('27539733')).toMatchObject({name: 'Paris', iata: 'PAR'});
    expect(byId.get('27540602')).toMatchObject({name: 'Cancun'});
    expect(byId.get('29475375')).toMatchObject({name: 'United Kingdom', parentId: '27563221'});
    expect(byId.get('27563221')).toMatchObject({name: 'Europe', type: 'PLACE_TYPE_CONTINENT'});
    expect(byId.get(byId.get('27540602')!.parentId)?.parentId).toBe('205351567');
  });

  it('takes culture from the CLDR data of data/culture.json', () => {
    expect(currencies().find((currency) => currency.code === 'GBP')).toEqual({
      code: 'GBP',
      symbol: '£',
      thousandsSeparator: ',',
      decimalSeparator: '.',
      symbolOnLeft: true,
      spaceBetweenAmountAndSymbol: false,
      decimalDigits: 2,
    });
    expect(currencies().find((currency) => currency.code === 'EUR')).toMatchObject({
      symbolOnLeft: false,
      decimalSeparator: ',',
    });
    const english = markets('en-GB');
    expect(english).toContainEqual({code: 'UK', name: 'United Kingdom', currency: 'GBP'});
    expect(english).toContainEqual({code: 'ES', name: 'Spain', currency: 'EUR'});
    expect(english.find((market) => market.code === 'GB')).toBeUndefined();
    expect(markets('es-ES').find((market) => market.code === 'ES')?.name).toBe('España');
  });

  it('car hire: a date without a time is at 12:00:00', () => {
    expect(queryDateTime({year: 2027, month: 6, day: 1})).toBe('2027-06-01T12:00:00');
    expect(queryDateTime({year: 2027, month: 6, day: 1, hour: 9})).toBe('2027-06-01T09:00:00');
  });
});
