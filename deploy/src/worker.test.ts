/**
 * The sandbox Worker (`src/worker.ts`) in workerd, over HTTP on 127.0.0.1 (deploy/src/workerd.ts): a live
 * search created and polled to completion; two instances given the same secret answering each other's polls
 * (another secret: 404); the rate limits answered 429 with `Retry-After` and the error body, then lifted, and
 * counting a hosted check run's calls too; no secret: 500 saying so; the bad inputs the Node sandbox refuses,
 * refused the same way.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startSandbox, type RunningSandbox} from '@portal/test-utils/sandbox';
import {startWorkerd, type RunningWorkerd} from './workerd';
import {createApp} from '@portal/sandbox';
import {ERROR_CATALOGUE} from '@portal/sandbox';
import {bundles, exampleBody, KEY, op, operationsOf, request, validator} from '@portal/sandbox/testing';
import {MISSING_SECRET_MESSAGE} from '@portal/sandbox/worker/secret';
import {generateSigningKey, KEYS_PATH, signerOf, type Signer} from '@portal/check/signingKeys';

const SECRET = 'worker-test-shared-secret';
const create = op('FlightsService_CreateSearch');
const poll = op('FlightsService_PollSearch');
const currencies = op('CultureService_ListCurrencies');

interface Live {
  sessionToken: string;
  status: string;
  action: string;
}

let first: RunningWorkerd;
let second: RunningWorkerd;
let otherSecret: RunningWorkerd;
let noSecret: RunningWorkerd;
let badKey: RunningWorkerd;
let node: RunningSandbox;

let retired: Signer;

beforeAll(async () => {
  retired = await signerOf(JSON.stringify(await generateSigningKey()));
  [first, second, otherSecret, noSecret, badKey, node] = await Promise.all([
    startWorkerd({secret: SECRET}),
    // A rotation tried locally: a retired key published beside the one that signs
    startWorkerd({secret: SECRET, previousKeys: JSON.stringify({keys: [{...retired.published, exp: 1_900_000_000}]})}),
    // Small limits: the platform's shortest period is 10 s
    startWorkerd({
      secret: 'another-secret',
      limits: {perAddress: {limit: 4, periodSeconds: 10}, perKey: {limit: 2, periodSeconds: 10}},
    }),
    startWorkerd({secret: ''}),
    // A signing key stored with npm's banner before it, as `npm run signing-key ... | wrangler secret put`
    // without -s stores it
    startWorkerd({
      secret: SECRET,
      signingKey: `\n> signing-key\n> tsx src/signingKey.ts\n\n${JSON.stringify(await generateSigningKey())}`,
    }),
    startSandbox(createApp({bundles, secret: SECRET}).fetch),
  ]);
  console.log(
    `workerd started in ${[first, second, otherSecret, noSecret, badKey].map((w) => w.startupMs).join(', ')} ms`,
  );
}, 180_000);

afterAll(async () => {
  await Promise.all([first, second, otherSecret, noSecret, badKey, node].map((running) => running?.close()));
});

const send = (base: string, path: string, init: RequestInit = {}, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {...init, headers: {'x-api-key': KEY, ...headers, ...(init.headers as object)}});

const createSearch = async (base: string): Promise<Live> => {
  const response = await send(base, create.path, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(exampleBody(create)),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Live;
};

/**
 * The platform's rate-limiting binding counts in fixed windows of its period, aligned to the clock (workerd's
 * local binding, node_modules/miniflare/dist/src/workers/ratelimit/ratelimit.worker.js: the window is
 * `Math.floor(Date.now() / (period * 1000))`, and every count is forgotten when it changes). A sequence whose
 * counts matter starts just after a window begins, so a slow machine cannot split it across two; it returns
 * a check that the sequence did end in that window (a few local calls take far less than the 10 s).
 */
async function inOneWindow(periodSeconds = 10) {
  const period = periodSeconds * 1000;
  await new Promise((resolve) => setTimeout(resolve, period - (Date.now() % period) + 50));
  const window = Math.floor(Date.now() / period);
  return () => expect(Math.floor(Date.now() / period), 'the calls took longer than one window').toBe(window);
}

const pollSearch = (base: string, token: string) =>
  send(base, poll.path.replace('{sessionToken}', encodeURIComponent(token)), {method: 'POST'});

/** Polls about once a second, as the guides do, until the search is complete (at most 15 polls). */
async function pollToCompletion(base: string, token: string): Promise<{answers: Live[]; last: Live}> {
  const answers: Live[] = [];
  let last: Live | undefined;
  for (let polls = 0; polls < 15 && last?.status !== 'RESULT_STATUS_COMPLETE'; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const response = await pollSearch(base, last?.sessionToken ?? token);
    expect(response.status).toBe(200);
    last = (await response.json()) as Live;
    answers.push(last);
  }
  return {answers, last: last!};
}

describe('the sandbox Worker in workerd', () => {
  it('answers a live search created and polled to completion, valid against the spec', async () => {
    const created = await createSearch(first.url);
    expect(created).toMatchObject({status: 'RESULT_STATUS_INCOMPLETE', action: 'RESULT_ACTION_REPLACED'});
    expect(validator.response(create.operationId, created, '200').valid).toBe(true);
    const {last} = await pollToCompletion(first.url, created.sessionToken);
    expect(last.status).toBe('RESULT_STATUS_COMPLETE');
    expect(validator.response(poll.operationId, last, '200').valid).toBe(true);
  });

  it('sends its answers as JSON that is never sniffed, framed, cached or loaded as a page', async () => {
    for (const path of [create.path, '/apiservices/no/such/path']) {
      const response = await send(first.url, path, {method: 'POST', body: '{}'});
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('answers the polls of a search created on another instance given the same secret, and Node too', async () => {
    const created = await createSearch(first.url);
    const {last, answers} = await pollToCompletion(second.url, created.sessionToken);
    expect(last.status).toBe('RESULT_STATUS_COMPLETE');
    expect(answers.some((answer) => answer.action === 'RESULT_ACTION_REPLACED')).toBe(true);
    // The Node sandbox signs the same tokens (nodeTokenCodec aside, the bytes are the Web codec's)
    expect((await pollSearch(node.url, last.sessionToken)).status).toBe(200);
    const fromNode = (await (
      await send(node.url, create.path, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify(exampleBody(create)),
      })
    ).json()) as Live;
    expect((await pollSearch(second.url, fromNode.sessionToken)).status).toBe(200);
  });

  it('answers 404 with the error body to a token signed with another secret', async () => {
    const created = await createSearch(first.url);
    const response = await pollSearch(otherSecret.url, created.sessionToken);
    expect(response.status).toBe(404);
    expect(validator.response(poll.operationId, await response.json(), '404').valid).toBe(true);
  });

  it('answers every sandbox request 500 saying the secret is not set, when the Worker has none', async () => {
    const response = await send(noSecret.url, currencies.path);
    expect(response.status).toBe(500);
    const body = (await response.json()) as {message: string; details: {links?: {url: string}[]}[]};
    expect(body.message).toBe(MISSING_SECRET_MESSAGE);
    expect(body.message).toContain('wrangler secret put SANDBOX_TOKEN_SECRET');
    expect(body.details.at(-1)?.links?.[0].url).toBe(`${ERROR_CATALOGUE}#500`);
    expect(validator.response(currencies.operationId, body, '500').valid).toBe(true);
    expect((await createSearchStatus(noSecret.url)).status).toBe(500);
  });

  it('answers 429 with Retry-After and the error body over a limit per key and per address, then lifts it', async () => {
    const limited = (key: string, address: string) =>
      send(otherSecret.url, currencies.path, {}, {'x-api-key': key, 'cf-connecting-ip': address});
    const sameWindow = await inOneWindow();
    // Per key (2 per 10 s): the third call with the key is refused, whatever its address
    const byKey = [];
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      byKey.push(await limited('sandbox_rl', address));
    // Per address (4 per 10 s): a fifth call from one address is refused, whatever its key
    const byAddress = [];
    for (const key of ['sandbox_a1', 'sandbox_a2', 'sandbox_a3', 'sandbox_a4', 'sandbox_a5'])
      byAddress.push((await limited(key, '203.0.113.9')).status);
    const sixth = await limited('sandbox_a6', '203.0.113.9');
    // Each address is counted apart (the platform's CF-Connecting-IP): another address's first call goes
    // through while this one is refused
    const otherAddress = (await limited('sandbox_a7', '203.0.113.10')).status;
    const seventh = (await limited('sandbox_a8', '203.0.113.9')).status;
    sameWindow();
    expect(byKey.map((response) => response.status)).toEqual([200, 200, 429]);
    const refused = byKey[2];
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await refused.json()) as {message: string; details: Record<string, unknown>[]};
    expect(body.message).toMatch(/^Too many requests with one key: .* at most 2 per 10 seconds/);
    expect(body.details).toContainEqual({'@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '10s'});
    expect(validator.response(currencies.operationId, body, '429').valid).toBe(true);
    expect(byAddress).toEqual([200, 200, 200, 200, 429]);
    expect(((await sixth.json()) as {message: string}).message).toMatch(/^Too many requests from one client address: /);
    expect(otherAddress).toBe(200);
    expect(seventh).toBe(429);
    // What a client sees: it retries as Retry-After says until the limit lifts, within the period
    const refusedAt = Date.now();
    let status = 429;
    while (status === 429 && Date.now() - refusedAt < 25_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await limited('sandbox_rl', '198.51.100.4')).status;
    }
    expect(status).toBe(200);
    expect(Date.now() - refusedAt).toBeLessThanOrEqual(10_000 + 1500);
  }, 60_000);

  it('does not count preflights', async () => {
    const sameWindow = await inOneWindow();
    for (let index = 0; index < 4; index++) {
      const preflight = await fetch(`${otherSecret.url}${currencies.path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://example.com',
          'access-control-request-method': 'GET',
          'cf-connecting-ip': '192.0.2.77',
        },
      });
      expect(preflight.status).toBe(204);
    }
    const after = await send(otherSecret.url, currencies.path, {}, {'cf-connecting-ip': '192.0.2.77'});
    sameWindow();
    expect(after.status).toBe(200);
  }, 30_000);

  it("counts a hosted check run's calls against the same limits, per key and per address, before the run sees them", async () => {
    const to = (url: string, key: string | null, address: string, init: RequestInit = {}) =>
      fetch(url, {
        ...init,
        headers: {...(key ? {'x-api-key': key} : {}), 'cf-connecting-ip': address, 'content-type': 'application/json'},
      });
    const makeRun = async (key: string, address: string) => {
      const made = await to(`${otherSecret.url}/check/v1/runs`, key, address, {
        method: 'POST',
        body: '{"scenarios":["normal"]}',
      });
      expect(made.status).toBe(201);
      return (await made.json()) as {url: string; runs: {baseUrl: string}[]};
    };
    const messageOf = async (answer: Response) => ((await answer.json()) as {message: string}).message;
    const sameWindow = await inOneWindow();
    // Per key (2 per 10 s): the run's creation is the first request with its key, its first call the second
    const byKey = await makeRun('sandbox_proxied_by_key', '192.0.2.101');
    const call = `${byKey.runs[0].baseUrl}${currencies.path}`;
    const underKey = (await to(call, 'sandbox_proxied_by_key', '192.0.2.102')).status;
    const overKey = await to(call, 'sandbox_proxied_by_key', '192.0.2.103');
    // Per address (4 per 10 s): calls without a key count against their address only (the run passes them on,
    // and the sandbox asks for a key)
    const byAddress = await makeRun('sandbox_proxied_by_address', '192.0.2.104');
    const unkeyed = `${byAddress.runs[0].baseUrl}${currencies.path}`;
    const statuses = [];
    for (let at = 0; at < 4; at++) statuses.push((await to(unkeyed, null, '192.0.2.104')).status);
    const overAddress = await to(unkeyed, null, '192.0.2.104');
    sameWindow();
    expect(underKey).toBe(200);
    expect(overKey.status).toBe(429);
    expect(await messageOf(overKey)).toMatch(/^Too many requests with one key: .* at most 2 per 10 seconds/);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await messageOf(overAddress)).toMatch(/^Too many requests from one client address: /);
  }, 30_000);
});

describe('a Worker whose signing key is broken', () => {
  it('refuses a new run at once, saying why, where the program would have run first; its key set says so too', async () => {
    const made = await fetch(`${badKey.url}/check/v1/runs`, {
      method: 'POST',
      headers: {
        'x-api-key': 'sandbox_signing_test',
        'content-type': 'application/json',
        'cf-connecting-ip': '192.0.2.200',
      },
      body: '{"scenarios":["normal"]}',
    });
    expect(made.status).toBe(503);
    expect(((await made.json()) as {message: string}).message).toBe(
      'This portal cannot sign attestations now, so no run was made: the signing key is not JSON: it is an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","x":...,"d":...})',
    );
    const keys = await fetch(`${badKey.url}${KEYS_PATH}`, {headers: {'cf-connecting-ip': '192.0.2.200'}});
    expect(keys.status).toBe(503);
    // A Worker whose key is good makes the run, and publishes its retired keys after its own
    const set = (await (await fetch(`${second.url}${KEYS_PATH}`)).json()) as {keys: {kid: string; exp?: number}[]};
    expect(set.keys).toHaveLength(2);
    expect(set.keys[1]).toMatchObject({kid: retired.keyid, exp: 1_900_000_000});
    const good = await fetch(`${first.url}/check/v1/runs`, {
      method: 'POST',
      headers: {'x-api-key': 'sandbox_signing_test', 'content-type': 'application/json'},
      body: '{"scenarios":["normal"]}',
    });
    expect(good.status).toBe(201);
  });
});

const createSearchStatus = (base: string) =>
  send(base, create.path, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(exampleBody(create)),
  });

describe('every operation under workerd', () => {
  it.each(operationsOf().map((operation) => [operation.operationId, operation] as const))(
    '%s: its example request answers 200 as in Node (the precompiled validators cover it)',
    async (_id, operation) => {
      const example = request(operation, {body: exampleBody(operation)});
      const url = new URL(example.url);
      const init = {
        method: example.method,
        headers: Object.fromEntries(example.headers),
        body: example.body ? await example.text() : undefined,
      };
      const [worker, nodeAnswer] = await Promise.all([
        fetch(`${first.url}${url.pathname}${url.search}`, init),
        fetch(`${node.url}${url.pathname}${url.search}`, init),
      ]);
      const json = await worker.json();
      expect(worker.status, JSON.stringify(json).slice(0, 300)).toBe(nodeAnswer.status);
      expect(worker.status).toBe(200);
      expect(validator.response(operation.operationId, json).valid).toBe(true);
    },
  );
});

/** The example create with a field over its maximum, one missing, and one of a wrong type. */
function failingBody(): unknown {
  const body = exampleBody(create) as {query: Record<string, unknown>};
  body.query.adults = 9;
  body.query.childrenAges = ['two'];
  delete body.query.market;
  return body;
}

describe('bad inputs, refused under workerd as the Node sandbox refuses them', () => {
  const json = {'content-type': 'application/json'};
  const cases: [name: string, path: string, init: RequestInit, status: number][] = [
    ['malformed JSON', create.path, {method: 'POST', headers: json, body: '{"query": '}, 400],
    [
      'a wrong content type',
      create.path,
      {method: 'POST', headers: {'content-type': 'text/plain'}, body: JSON.stringify(exampleBody(create))},
      400,
    ],
    [
      'a body over 1 MiB',
      create.path,
      {method: 'POST', headers: json, body: `{"query": "${'x'.repeat(1024 * 1024 + 10)}"}`},
      413,
    ],
    ['deep nesting', create.path, {method: 'POST', headers: json, body: `${'['.repeat(5000)}${']'.repeat(5000)}`}, 400],
    [
      'bytes that are not UTF-8',
      create.path,
      {method: 'POST', headers: json, body: new Uint8Array([0x7b, 0xff, 0x7d])},
      400,
    ],
    [
      'failing fields (the precompiled validators name the same fields and rules)',
      create.path,
      {method: 'POST', headers: json, body: JSON.stringify(failingBody())},
      400,
    ],
    ['a failing parameter', '/apiservices/v3/culture/nearestculture?ipAddress=', {}, 400],
    ['an unknown path', '/apiservices/v3/nowhere', {}, 404],
    ['a wrong method', currencies.path, {method: 'DELETE'}, 405],
    ['no key', currencies.path, {headers: {'x-api-key': ''}}, 401],
    ['a key that is not a sandbox key', currencies.path, {headers: {'x-api-key': 'live_key'}}, 403],
  ];

  it.each(cases)('%s: the same status, headers and body as Node', async (_name, path, init, status) => {
    const [worker, nodeAnswer] = await Promise.all([send(first.url, path, init), send(node.url, path, init)]);
    expect(worker.status).toBe(status);
    expect(nodeAnswer.status).toBe(status);
    expect(worker.headers.get('allow')).toBe(nodeAnswer.headers.get('allow'));
    expect(worker.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await worker.json()).toEqual(await nodeAnswer.json());
  });
});
