/**
 * The sandbox's HTTP behaviour, once, for every way it runs: `sandboxHttpSuite(() => baseUrl)` defines
 * the cases inside the caller's `describe` (deploy/src/http.test.ts runs them against `npm run
 * sandbox`'s entry, against the one file `sandbox.mjs` copied alone into an empty folder, and against
 * workerd when deploy/src/workerd.ts exists). Only `fetch`: nothing here knows how the sandbox was started.
 */
import {expect, it} from 'vitest';

const KEY = 'sandbox_http_suite';
const CREATE = '/apiservices/v3/flights/live/search/create';
const POLL = '/apiservices/v3/flights/live/search/poll';
/** The flights search of the Sandbox page's live-search.sh. */
const SEARCH = {
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    queryLegs: [
      {
        originPlaceId: {iata: 'LHR'},
        destinationPlaceId: {entityId: '95673668'},
        date: {year: 2027, month: 3, day: 15},
      },
    ],
    cabinClass: 'CABIN_CLASS_ECONOMY',
    adults: 1,
  },
};
/** The guides poll about once a second; a flights search completes in three stages, one a second. */
const POLL_GAP_MS = 1000;
const MAX_POLLS = 10;

interface ErrorBody {
  code: number;
  message: string;
  details: {'@type': string; fieldViolations?: {field: string; reason: string}[]}[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reasons of a 400's field violations (`json`, `content-type`, `depth`...). */
const reasons = (body: ErrorBody): string[] =>
  body.details.flatMap((detail) => detail.fieldViolations ?? []).map((violation) => violation.reason);

export function sandboxHttpSuite(baseUrl: () => string): void {
  const call = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, init);
  const post = (body: BodyInit, contentType = 'application/json') =>
    call(CREATE, {method: 'POST', headers: {'x-api-key': KEY, 'content-type': contentType}, body});

  it('answers the culture currencies with a sandbox key (200)', async () => {
    const res = await call('/apiservices/v3/culture/currencies', {headers: {'x-api-key': KEY}});
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as {status: string; currencies: {code: string}[]};
    expect(body.status).toBe('RESULT_STATUS_COMPLETE');
    expect(body.currencies.map((currency) => currency.code)).toContain('GBP');
  });

  it('answers 401 without a key and 403 with a key that is not a sandbox key, with the error body', async () => {
    const missing = await call('/apiservices/v3/culture/currencies');
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as ErrorBody).code).toBe(16);
    const real = await call('/apiservices/v3/culture/currencies', {headers: {'x-api-key': 'live_0123456789'}});
    expect(real.status).toBe(403);
    expect(((await real.json()) as ErrorBody).code).toBe(7);
  });

  it('creates a flights live search and polls it about once a second until it is complete', async () => {
    const created = await post(JSON.stringify(SEARCH));
    expect(created.status).toBe(200);
    let answer = (await created.json()) as {
      status: string;
      action: string;
      sessionToken: string;
      content: {results: {itineraries?: Record<string, unknown>}};
    };
    expect(answer.status).toBe('RESULT_STATUS_INCOMPLETE');
    const seen = [answer.status];
    for (let polls = 0; answer.status === 'RESULT_STATUS_INCOMPLETE' && polls < MAX_POLLS; polls++) {
      await sleep(POLL_GAP_MS);
      const res = await call(`${POLL}/${answer.sessionToken}`, {method: 'POST', headers: {'x-api-key': KEY}});
      expect(res.status).toBe(200);
      answer = (await res.json()) as typeof answer;
      seen.push(answer.status);
    }
    expect(seen.at(-1)).toBe('RESULT_STATUS_COMPLETE');
    expect(answer.action).toBe('RESULT_ACTION_REPLACED');
    expect(Object.keys(answer.content.results.itineraries ?? {}).length).toBeGreaterThan(0);
  });

  it('refuses malformed JSON, another content type and JSON nested deeper than 32 levels (400)', async () => {
    for (const [body, type, reason] of [
      ['{"query": {', 'application/json', 'json'],
      [JSON.stringify(SEARCH), 'text/plain', 'content-type'],
      [`{"query": ${'['.repeat(40)}${']'.repeat(40)}}`, 'application/json', 'depth'],
    ]) {
      const res = await post(body, type);
      expect([reason, res.status]).toEqual([reason, 400]);
      expect(reasons((await res.json()) as ErrorBody)).toEqual([reason]);
    }
  });

  it('refuses a body over 1 MiB (413)', async () => {
    const res = await post(JSON.stringify({query: {market: 'UK', padding: 'x'.repeat(2 ** 20)}}));
    expect(res.status).toBe(413);
    await res.body?.cancel();
  });

  it('answers 404 on an unknown path, 405 with Allow on a known path with another method', async () => {
    const unknown = await call('/apiservices/v3/flights/nowhere', {headers: {'x-api-key': KEY}});
    expect(unknown.status).toBe(404);
    await unknown.body?.cancel();
    const wrong = await call(CREATE, {headers: {'x-api-key': KEY}});
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    await wrong.body?.cancel();
  });

  it('answers a CORS preflight with 204, allowing the key, content type and scenario headers', async () => {
    const res = await call(CREATE, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,x-sandbox-scenario',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
  });
}
