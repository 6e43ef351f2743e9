import {connect} from 'node:net';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {bundles, exampleBody, exampleUrl, KEY, op, testApp} from '@portal/sandbox/testing';
import type {CheckScenario} from '../model';
import {startProxy, type RunningProxy} from './proxy';

const {app, clock} = testApp();
const opened: RunningProxy[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((proxy) => proxy.close()));
});

async function proxyFor(scenario: CheckScenario, extra: {maxCalls?: number; onFlood?: () => void} = {}) {
  const proxy = await startProxy({bundles, scenario, upstream: (request) => app.fetch(request), ...extra});
  opened.push(proxy);
  return proxy;
}

const path = (operationId: string, replace: Record<string, string> = {}) =>
  new URL(exampleUrl(op(operationId), replace)).pathname;
const headers = {'x-api-key': KEY, 'content-type': 'application/json'};
const create = (proxy: RunningProxy) =>
  fetch(`${proxy.url}${path('FlightsService_CreateSearch')}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(exampleBody(op('FlightsService_CreateSearch'))),
  });
const poll = (proxy: RunningProxy, token: string) =>
  fetch(`${proxy.url}${path('FlightsService_PollSearch', {sessionToken: token})}`, {method: 'POST', headers});

describe('the recording proxy', () => {
  it('passes calls to the sandbox and records each with its times, headers and bodies', async () => {
    const proxy = await proxyFor('normal');
    const answer = await create(proxy);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {sessionToken: string};
    expect((await poll(proxy, body.sessionToken)).status).toBe(200);
    expect(proxy.exchanges).toHaveLength(2);
    const [first, second] = proxy.exchanges;
    expect(first.request).toMatchObject({method: 'POST', url: path('FlightsService_CreateSearch')});
    expect(first.request.headers).toContainEqual(['x-api-key', KEY]);
    expect(JSON.parse(first.request.body!)).toEqual(exampleBody(op('FlightsService_CreateSearch')));
    expect(JSON.parse(first.response.body!).sessionToken).toBe(body.sessionToken);
    expect(first.endedMs).toBeGreaterThanOrEqual(first.startedMs);
    expect(second.startedMs).toBeGreaterThanOrEqual(first.endedMs);
    expect(second.index).toBe(1);
    expect(first.fault).toBeUndefined();
  });

  it("answers rate-limited's first call 429 with Retry-After and the spec's error body, and records the fault", async () => {
    const proxy = await proxyFor('rate-limited');
    const answer = await create(proxy);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('2');
    expect(await answer.json()).toMatchObject({code: 8, message: 'Too many requests, based on rate limits'});
    expect((await create(proxy)).status).toBe(200);
    expect(proxy.exchanges[0].fault?.description).toMatch(/429 with Retry-After: 2/);
    expect(proxy.exchanges[1].fault).toBeUndefined();
  });

  it("rewrites never-completes' first session to INCOMPLETE and records each rewrite as the check's own fault", async () => {
    const proxy = await proxyFor('never-completes');
    const {sessionToken} = (await (await create(proxy)).json()) as {sessionToken: string};
    // Long enough for the sandbox to answer the search complete
    clock.now += 60_000;
    const polled = (await (await poll(proxy, sessionToken)).json()) as {status: string};
    expect(polled.status).toBe('RESULT_STATUS_INCOMPLETE');
    const other = (await (await create(proxy)).json()) as {sessionToken: string};
    clock.now += 60_000;
    expect(((await (await poll(proxy, other.sessionToken)).json()) as {status: string}).status).toBe(
      'RESULT_STATUS_COMPLETE',
    );
    expect(JSON.parse(proxy.exchanges[1].response.body!).status).toBe('RESULT_STATUS_INCOMPLETE');
    expect(proxy.exchanges.map((exchange) => exchange.fault)).toEqual([
      // The sandbox's create already answered INCOMPLETE: nothing to rewrite
      undefined,
      {kind: 'rewrite', description: 'the first session answered RESULT_STATUS_INCOMPLETE in place of its status'},
      undefined,
      undefined,
    ]);
  });

  it("starts failed's first search in the sandbox's failed scenario, recorded as the check's own fault", async () => {
    const proxy = await proxyFor('failed');
    const {sessionToken} = (await (await create(proxy)).json()) as {sessionToken: string};
    clock.now += 60_000;
    expect(((await (await poll(proxy, sessionToken)).json()) as {status: string}).status).toBe('RESULT_STATUS_FAILED');
    expect((await create(proxy)).status).toBe(200);
    expect(proxy.exchanges.map((exchange) => exchange.fault)).toEqual([
      {kind: 'rewrite', description: "the first search started in the sandbox's failed scenario"},
      undefined,
      undefined,
    ]);
  });

  it('answers the second poll of a lost session 404 with the error body', async () => {
    const proxy = await proxyFor('session-lost');
    const {sessionToken} = (await (await create(proxy)).json()) as {sessionToken: string};
    expect((await poll(proxy, sessionToken)).status).toBe(200);
    const lost = await poll(proxy, sessionToken);
    expect(lost.status).toBe(404);
    expect(await lost.json()).toMatchObject({code: 5, message: 'Resource not found'});
  });

  it('stops recording a run that floods, answers 503, and says so once', async () => {
    const onFlood = vi.fn();
    const proxy = await proxyFor('normal', {maxCalls: 3, onFlood});
    const statuses = [];
    for (let call = 0; call < 5; call++)
      statuses.push((await fetch(`${proxy.url}${path('CultureService_ListCurrencies')}`, {headers})).status);
    expect(statuses).toEqual([200, 200, 200, 503, 503]);
    expect(proxy.exchanges).toHaveLength(3);
    expect(onFlood).toHaveBeenCalledTimes(1);
  });

  it('lets the sandbox refuse a body over 1 MiB with 413, and answers bytes that are not HTTP with 400', async () => {
    const proxy = await proxyFor('normal');
    const big = await fetch(`${proxy.url}${path('FlightsService_CreateSearch')}`, {
      method: 'POST',
      headers,
      body: `{"query": "${'x'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(big.status).toBe(413);
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
  });
});
