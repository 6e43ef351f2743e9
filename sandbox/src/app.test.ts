import {describe, expect, it} from 'vitest';
import {catalogueLink, ERROR_CATALOGUE} from './errors';
import {createApp} from './app';
import {
  bundles,
  exampleBody,
  KEY,
  linkedRequest,
  op,
  operationsOf,
  request,
  testApp,
  validator,
} from './testing.fixture';
import {responseMedia, undeclaredFields} from '@portal/specs';
import {seedApis, seedCallCount} from '@portal/test-utils/seed';

describe('every operation of every spec', () => {
  const {app, clock} = testApp();
  for (const operation of operationsOf()) {
    it(`${operation.slug} ${operation.operationId}: the spec's example request answers 200 with a valid body`, async () => {
      const {replace, body} = await linkedRequest(app, operation);
      clock.now += 1500;
      const response = await app.request(request(operation, {body, replace}));
      const json = await response.json();
      expect(response.status, JSON.stringify(json).slice(0, 500)).toBe(200);
      expect(validator.response(operation.operationId, json)).toEqual({valid: true, errors: []});
      // The specs leave answers open to fields they do not declare: the sandbox sends none
      const doc = bundles.get(operation.slug)!;
      expect(undeclaredFields(doc, responseMedia(doc, operation)?.schema, json)).toEqual([]);
    });
  }

  it("are all served: the bundles hold exactly the seeds' calls", () => {
    const calls = operationsOf().map((operation) => `${operation.method} ${operation.path}`);
    expect(calls.sort()).toEqual(seedApis.flatMap((api) => api.calls).sort());
    expect(calls).toHaveLength(seedCallCount);
  });
});

describe('authentication', () => {
  const {app} = testApp();
  const currencies = op('CultureService_ListCurrencies');

  it('answers 401 without a key and 403 with a key the sandbox does not accept, with the error body', async () => {
    const missing = await app.request(request(currencies, {headers: {'x-api-key': ''}}));
    expect(missing.status).toBe(401);
    const missingBody = await missing.json();
    expect(missingBody).toMatchObject({code: 16});
    expect(validator.response(currencies.operationId, missingBody, '401').valid).toBe(true);
    const wrong = await app.request(request(currencies, {headers: {'x-api-key': 'live_0123456789'}}));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      code: 7,
      details: [{'@type': 'type.googleapis.com/google.rpc.Help', links: [{url: catalogueLink(403)}]}],
    });
    expect((await app.request(request(currencies, {headers: {'x-api-key': KEY}}))).status).toBe(200);
  });

  it("starts the help link with the site's origin when it is given, so it works outside the site", async () => {
    const hosted = createApp({bundles, siteUrl: 'https://developers.example.com/'});
    const answer = (await (await hosted.request(request(currencies, {headers: {'x-api-key': ''}}))).json()) as {
      details: {links?: {url: string}[]}[];
    };
    expect(answer.details.at(-1)?.links?.[0].url).toBe(`https://developers.example.com${catalogueLink(401)}`);
    expect(catalogueLink(401)).toBe('/docs/getting-started/errors#401');
  });

  it('needs no key where the spec says security: []', async () => {
    const nearest = op('CultureService_NearestCulture');
    const response = await app.request(request(nearest, {headers: {'x-api-key': ''}}));
    expect(response.status).toBe(200);
  });
});

describe('errors', () => {
  const {app} = testApp();

  it('answers unknown paths 404 and unknown methods 405, with the error body and a catalogue link', async () => {
    const unknown = await app.request('http://sandbox.test/apiservices/v3/nowhere', {headers: {'x-api-key': KEY}});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({code: 5, message: expect.stringContaining('/apiservices/v3/nowhere')});
    const method = await app.request('http://sandbox.test/apiservices/v3/culture/currencies', {method: 'DELETE'});
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('GET');
    const body = (await method.json()) as {code: number; details: {links?: {url: string}[]}[]};
    expect(body.details.at(-1)?.links?.[0].url).toBe(`${ERROR_CATALOGUE}#405`);
  });

  it('names each failing field and rule of a bad body', async () => {
    const create = op('FlightsService_CreateSearch');
    const body = exampleBody(create) as {query: Record<string, unknown>};
    body.query.adults = 9;
    delete body.query.market;
    const response = await app.request(request(create, {body}));
    expect(response.status).toBe(400);
    const json = (await response.json()) as {code: number; details: {fieldViolations?: unknown[]}[]};
    expect(json.code).toBe(3);
    expect(json.details[0].fieldViolations).toEqual(
      expect.arrayContaining([
        {field: 'query.adults', description: 'must be <= 8', reason: 'maximum'},
        {field: 'query.market', description: "must have required property 'market'", reason: 'required'},
      ]),
    );
    expect(validator.response(create.operationId, json, '400').valid).toBe(true);
  });
});

describe('strict mode (createApp({strict: true}))', () => {
  const create = op('FlightsService_CreateSearch');
  const misspelt = () => {
    const body = exampleBody(create) as {query: Record<string, unknown>};
    body.query.includedCarrierIds = ['BA'];
    return body;
  };
  const strictApp = createApp({bundles, strict: true});

  it('names a body field the schema does not declare, with the rule `undeclared`', async () => {
    const response = await strictApp.request(request(create, {body: misspelt()}));
    expect(response.status).toBe(400);
    const json = (await response.json()) as {details: {fieldViolations?: unknown[]}[]};
    expect(json.details[0].fieldViolations).toEqual([
      {
        field: 'query.includedCarrierIds',
        description: 'query.includedCarrierIds is not a field of the request body',
        reason: 'undeclared',
      },
    ]);
  });

  it('names a field inside a list by its index', async () => {
    const body = exampleBody(create) as {query: {queryLegs: Record<string, unknown>[]}};
    body.query.queryLegs[0].dates = body.query.queryLegs[0].date;
    const json = (await (await strictApp.request(request(create, {body}))).json()) as {
      details: {fieldViolations?: {field: string}[]}[];
    };
    expect(json.details[0].fieldViolations?.map((violation) => violation.field)).toEqual(['query.queryLegs[0].dates']);
  });

  it('accepts the declared spelling, and snake_case names as the service reads them', async () => {
    const body = exampleBody(create) as {query: Record<string, unknown>};
    body.query.includedCarriersIds = ['BA'];
    body.query.cabin_class = body.query.cabinClass;
    delete body.query.cabinClass;
    expect((await strictApp.request(request(create, {body}))).status).toBe(200);
  });

  it('is off by default: the specs allow fields they do not declare', async () => {
    const {app} = testApp();
    expect((await app.request(request(create, {body: misspelt()}))).status).toBe(200);
  });
});

describe('hostile input', () => {
  const {app} = testApp();
  const create = op('FlightsService_CreateSearch');
  const url = `http://sandbox.test${create.path}`;
  const send = async (body: BodyInit, headers: Record<string, string> = {'content-type': 'application/json'}) =>
    await app.request(url, {method: 'POST', headers: {'x-api-key': KEY, ...headers}, body});
  const cases: [string, () => Promise<Response>, number][] = [
    ['malformed JSON', () => send('{"query": '), 400],
    ['a wrong content type', () => send(JSON.stringify(exampleBody(create)), {'content-type': 'text/plain'}), 400],
    ['a body over 1 MiB', () => send(`{"query": "${'x'.repeat(1024 * 1024 + 10)}"}`), 413],
    ['deeply nested JSON', () => send(`${'['.repeat(5000)}${']'.repeat(5000)}`), 400],
    ['JSON that is not an object', () => send('[1, 2, 3]'), 400],
    ['null', () => send('null'), 400],
    ['no body', () => send(''), 400],
    ['bytes that are not UTF-8', () => send(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400],
    ['a __proto__ field', () => send('{"__proto__": {"polluted": true}, "query": {}}'), 400],
    [
      'an unknown scenario',
      () => send(JSON.stringify(exampleBody(create)), {'content-type': 'application/json', 'x-sandbox-scenario': 'x'}),
      400,
    ],
  ];
  it('says what is wrong with a body as a whole in a sentence that reads once', async () => {
    const messages = await Promise.all(
      [
        send(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])),
        send('{"query": '),
        send('{}', {'content-type': 'text/plain'}),
      ].map(async (answer) => ((await (await answer).json()) as {message: string}).message),
    );
    expect(messages).toEqual([
      'Invalid request: the body is not UTF-8',
      expect.stringMatching(/^Invalid request: the body is malformed JSON: /),
      'Invalid request: the body\'s Content-Type must be application/json, not "text/plain"',
    ]);
  });

  for (const [name, send, status] of cases) {
    it(`answers ${name} with ${status} and the error body`, async () => {
      const response = await send();
      expect(response.status).toBe(status);
      const body = (await response.json()) as {code: number; message: string; details: unknown[]};
      expect(body).toEqual({code: expect.any(Number), message: expect.any(String), details: expect.any(Array)});
      expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules/);
      expect(({} as {polluted?: boolean}).polluted).toBeUndefined();
    });
  }
});
