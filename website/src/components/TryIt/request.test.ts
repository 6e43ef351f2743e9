/**
 * The try-it console's core on the real bundles (`npm run specs:bundle`): the expectations are written
 * out by hand from the specifications (specs/<slug>/openapi.yaml), never computed with the code under test.
 */
import {describe, expect, it} from 'vitest';
import {loadBundle} from '@portal/specs/node';
import {
  consoleOperation,
  editedRequest,
  firstPageBody,
  localSandboxBase,
  pageOffset,
  pollBodySchema,
  requestUrl,
  resultFollowUp,
  schemaAt,
  sendableValues,
  sessionOver,
  sessionStateOf,
  targetBase,
  targetChoices,
} from './request';

describe('consoleOperation', () => {
  it('reads the flights live create call: key header, example body, and its poll', () => {
    const operation = consoleOperation(
      'flights-live-pricing',
      loadBundle('flights-live-pricing'),
      'FlightsService_CreateSearch',
    );
    expect(operation.method).toBe('POST');
    expect(operation.path).toBe('/apiservices/v3/flights/live/search/create');
    expect(operation.keyHeaders).toEqual(['x-api-key']);
    expect(operation.bodyRequired).toBe(true);
    expect(JSON.parse(operation.exampleBody).query.market).toBe('UK');
    expect(operation.poll).toEqual({
      slug: 'flights-live-pricing',
      operationId: 'FlightsService_PollSearch',
      method: 'POST',
      path: '/apiservices/v3/flights/live/search/poll/{sessionToken}',
      tokenField: 'sessionToken',
      tokenParameter: 'sessionToken',
      summary: 'Poll a live search',
      body: '',
      pollForContent: false,
      terminalStatuses: ['RESULT_STATUS_COMPLETE', 'RESULT_STATUS_FAILED'],
      intervalMs: 1000,
    });
  });

  it('pairs the itinerary-refresh create with its own poll, not with the search poll', () => {
    const doc = loadBundle('flights-live-pricing');
    const operation = consoleOperation('flights-live-pricing', doc, 'FlightsService_CreateItineraryRefresh');
    expect(operation.parameters.map((field) => [field.name, field.in, field.required])).toEqual([
      ['sessionToken', 'path', true],
    ]);
    expect(operation.poll?.operationId).toBe('FlightsService_PollItineraryRefresh');
    expect(operation.poll?.tokenField).toBe('refreshSessionToken');
    // A poll is not itself a create call.
    expect(consoleOperation('flights-live-pricing', doc, 'FlightsService_PollSearch').poll).toBeUndefined();
  });

  it('gives the hotels poll its required body, asking for the first page where the example asks for the second', () => {
    const operation = consoleOperation('hotels-live', loadBundle('hotels-live'), 'HotelsService_CreateSearch');
    expect(operation.poll?.operationId).toBe('HotelsService_PollSearch');
    // specs/hotels-live/openapi.yaml, HotelsService_PollSearch's first example ("the second page of 15 hotels"),
    // at offset 0, the minimum of HotelPagination.offset
    expect(JSON.parse(operation.poll!.body)).toEqual({
      sort: {type: 'SORT_ORDER_TYPE_PRICE', order: 'SORT_ORDER_DIRECTION_ASCENDING'},
      pagination: {limit: 15, offset: 0},
    });
  });

  it('leaves a poll body that names no page, or a schema with no offset, as it is', () => {
    const doc = loadBundle('hotels-live');
    const plan = consoleOperation('hotels-live', doc, 'HotelsService_CreateSearch').poll!;
    const schema = pollBodySchema(doc, plan);
    const sorted = {sort: {type: 'SORT_ORDER_TYPE_PRICE'}};
    expect(firstPageBody(doc, schema, sorted)).toBe(sorted);
    expect(firstPageBody(doc, schema, {pagination: {limit: 15}})).toEqual({pagination: {limit: 15}});
    expect(firstPageBody(doc, schema, {pagination: {limit: 15, offset: 30}})).toEqual({
      pagination: {limit: 15, offset: 0},
    });
    expect(firstPageBody(doc, undefined, {pagination: {offset: 30}})).toEqual({pagination: {offset: 30}});
  });

  it('prefills a path parameter from its example and offers no poll for a plain call', () => {
    const operation = consoleOperation('geo', loadBundle('geo'), 'GeoService_ListPlaces');
    expect(operation.parameters).toEqual([expect.objectContaining({name: 'locale', in: 'path', initial: 'en-GB'})]);
    expect(operation.exampleBody).toBe('');
    expect(operation.poll).toBeUndefined();
  });

  it('fails on an operation the API does not have', () => {
    expect(() => consoleOperation('geo', loadBundle('geo'), 'GeoService_Nothing')).toThrow(
      'geo has no operation GeoService_Nothing',
    );
  });
});

describe('editedRequest', () => {
  const operation = {
    method: 'GET',
    path: '/things/{id}',
    parameters: [
      {name: 'id', in: 'path' as const, required: true, description: '', initial: ''},
      {name: 'q', in: 'query' as const, required: false, description: '', initial: ''},
      {name: 'empty', in: 'query' as const, required: false, description: '', initial: ''},
    ],
    keyHeaders: ['x-api-key'],
  };

  it('fills and encodes path parameters, keeps non-empty query parameters, sets the key', () => {
    const request = editedRequest(
      operation,
      'http://127.0.0.1:4010',
      {id: 'a/b c', q: 'x y', empty: ''},
      'k',
      undefined,
    );
    expect(request).toEqual({
      method: 'GET',
      base: 'http://127.0.0.1:4010',
      path: '/things/a%2Fb%20c',
      query: {q: 'x y'},
      headers: {'x-api-key': 'k'},
      body: undefined,
    });
    expect(requestUrl(request)).toBe('http://127.0.0.1:4010/things/a%2Fb%20c?q=x+y');
  });

  it('sends a body as JSON', () => {
    expect(editedRequest(operation, '', {id: '1'}, 'k', '{}').headers).toEqual({
      'content-type': 'application/json',
      'x-api-key': 'k',
    });
  });
});

describe('targets', () => {
  it('the page itself, the local sandbox, or the host the reader typed (https by default)', () => {
    expect(targetBase('browser', 'https://docs.example', '')).toBe('https://docs.example');
    expect(targetBase('local', 'https://docs.example', '')).toBe('http://127.0.0.1:4010');
    expect(targetBase('custom', '', 'proxy.example.com/')).toBe('https://proxy.example.com');
    expect(targetBase('custom', '', ' http://localhost:8080 ')).toBe('http://localhost:8080');
  });

  it('offers the hosted sandbox only when the build names one, as "on this site" on the same origin', () => {
    const site = 'https://developers.example.com';
    expect(targetChoices(null, site).map(([kind]) => kind)).toEqual(['browser', 'local', 'custom']);
    expect(targetChoices(site, site)).toContainEqual(['hosted', 'Sandbox on this site']);
    expect(targetChoices('https://sandbox.example.com', site)).toContainEqual([
      'hosted',
      'Hosted sandbox (https://sandbox.example.com)',
    ]);
    expect(targetBase('hosted', site, '', 'https://sandbox.example.com')).toBe('https://sandbox.example.com');
  });
});

describe('follow-ups', () => {
  it("offers the flights itinerary refresh from a search's results, as the spec links it", () => {
    const doc = loadBundle('flights-live-pricing');
    const refresh = resultFollowUp(doc, 'flights-live-pricing', 'FlightsService_CreateSearch')!;
    expect(refresh.name).toBe('refreshItinerary');
    expect(refresh.operation.operationId).toBe('FlightsService_CreateItineraryRefresh');
    expect(refresh.parameters).toEqual([{parameter: 'sessionToken', field: 'sessionToken'}]);
    expect(refresh.bodyField).toBe('itineraryId');
    // Its create answers a token and a status only: the refreshed itinerary comes with a poll
    expect(refresh.plan).toMatchObject({operationId: 'FlightsService_PollItineraryRefresh', pollForContent: true});
    expect(resultFollowUp(loadBundle('hotels-live'), 'hotels-live', 'HotelsService_CreateSearch')).toBeUndefined();
  });
});

describe('the poll body of a session carried on', () => {
  it('offers the sort values a request may send, as the hotels spec lists them, not the refused zero value', () => {
    const doc = loadBundle('hotels-live');
    const plan = consoleOperation('hotels-live', doc, 'HotelsService_CreateSearch').poll!;
    const schema = pollBodySchema(doc, plan);
    expect(sendableValues(doc, schema, ['sort', 'type'])).toEqual([
      'SORT_ORDER_TYPE_PRICE',
      'SORT_ORDER_TYPE_HOTEL_GUEST_RATING',
      'SORT_ORDER_TYPE_HOTEL_PROXIMITY',
      'SORT_ORDER_TYPE_HOTEL_STAR_RATING',
      'SORT_ORDER_TYPE_HOTEL_DISCOUNT',
      'SORT_ORDER_TYPE_BEST',
    ]);
    expect(sendableValues(doc, schema, ['sort', 'order'])).toEqual([
      'SORT_ORDER_DIRECTION_ASCENDING',
      'SORT_ORDER_DIRECTION_DESCENDING',
    ]);
    expect(schemaAt(doc, schema, ['pagination', 'offset'])?.type).toBe('integer');
    expect(sendableValues(doc, schema, ['pagination', 'limit'])).toEqual([]);
    expect(sendableValues(doc, schema, ['nowhere', 'at-all'])).toEqual([]);
  });
});

describe('the local sandbox address', () => {
  it('takes a loopback http address with any port, the default when empty, and nothing else', () => {
    expect(localSandboxBase('')).toBe('http://127.0.0.1:4010');
    expect(localSandboxBase(' http://127.0.0.1:4011/ ')).toBe('http://127.0.0.1:4011');
    expect(localSandboxBase('http://localhost:8787')).toBe('http://localhost:8787');
    for (const refused of [
      'http://192.168.1.10:4010',
      'https://127.0.0.1:4010',
      '127.0.0.1:4010',
      'http://127.0.0.1.evil.example',
    ]) {
      expect(localSandboxBase(refused)).toBeUndefined();
    }
    expect(targetChoices(null, 'https://d.example', 'http://127.0.0.1:4011')).toContainEqual([
      'local',
      'Local sandbox (http://127.0.0.1:4011)',
    ]);
    expect(targetBase('local', 'https://d.example', '', null, 'http://127.0.0.1:4011')).toBe('http://127.0.0.1:4011');
  });
});

describe('scenarios', () => {
  it('asks the sandbox for a scenario with its x-sandbox-scenario header, and for none by default', () => {
    const operation = consoleOperation('culture', loadBundle('culture'), 'CultureService_ListCurrencies');
    expect(editedRequest(operation, 'http://s', {}, 'k', undefined, '503').headers).toEqual({
      'x-api-key': 'k',
      'x-sandbox-scenario': '503',
    });
    expect(editedRequest(operation, 'http://s', {}, 'k', undefined).headers).toEqual({'x-api-key': 'k'});
  });
});

describe('sessions', () => {
  it('reads status, action and the next token; only an incomplete search goes on', () => {
    expect(
      sessionStateOf(
        {sessionToken: 't2', status: 'RESULT_STATUS_INCOMPLETE', action: 'RESULT_ACTION_REPLACED'},
        'sessionToken',
      ),
    ).toEqual({status: 'RESULT_STATUS_INCOMPLETE', action: 'RESULT_ACTION_REPLACED', token: 't2'});
    expect(sessionStateOf(null, 'sessionToken')).toEqual({status: '', action: '', token: ''});
    const ending = ['RESULT_STATUS_COMPLETE', 'RESULT_STATUS_FAILED'];
    expect(sessionOver('RESULT_STATUS_INCOMPLETE', ending)).toBe(false);
    expect(sessionOver('RESULT_STATUS_COMPLETE', ending)).toBe(true);
    expect(sessionOver('RESULT_STATUS_FAILED', ending)).toBe(true);
    expect(sessionOver('RESULT_STATUS_FAILED', ['RESULT_STATUS_COMPLETE'])).toBe(false);
  });
});

describe('pageOffset', () => {
  it('reads the offset of the page a body asks for, 0 when it names none, nothing without a JSON object', () => {
    expect(pageOffset('{"pagination": {"limit": 15, "offset": 30}}')).toBe(30);
    expect(pageOffset('{"pagination": {"limit": 15}}')).toBe(0);
    expect(pageOffset('{"query": {"market": "UK"}}')).toBe(0);
    expect(pageOffset(undefined)).toBeUndefined();
    expect(pageOffset('not json')).toBeUndefined();
    expect(pageOffset('[1]')).toBeUndefined();
  });
});
