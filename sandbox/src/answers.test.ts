import {describe, expect, it} from 'vitest';
import {answerBytes, CACHE_BYTES, cacheEntries, cacheSize, clearCache, RawJson} from './answers';
import {exampleBody, op, operationsOf, request, testApp} from './testing.fixture';

describe('answerBytes', () => {
  it('inlines the bytes of RawJson members, as JSON.stringify would write the value', () => {
    const text = (answer: unknown) => new TextDecoder().decode(answerBytes(answer));
    const content = {results: {a: [1, 'two', null, 'é €']}, stats: {total: 3}};
    const raw = new RawJson(new TextEncoder().encode(JSON.stringify(content)));
    const answer = {token: 'x.y', skipped: undefined, content: raw, n: 2};
    expect(text(answer)).toBe(JSON.stringify({token: 'x.y', content, n: 2}));
    expect(text({content: raw, skipped: undefined, after: raw})).toBe(JSON.stringify({content, after: content}));
    expect(text({skipped: undefined, content: raw})).toBe(JSON.stringify({content}));
    expect(text({plain: true})).toBe('{"plain":true}');
  });
});

describe('kept answers', () => {
  it('the same request answers the same bytes whether its answer is computed or kept', async () => {
    // The examples sent are dated from the day the specifications were bundled (specs/plugins/relative-dates.mjs:
    // a car hire search by date reaches at most one month ahead), so the clock is today's, at 10:00 UTC, frozen;
    // a fixed day would make them invalid a few days after it.
    const today = new Date();
    const {app} = testApp(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 10));
    const simple = operationsOf().filter((operation) => !operation.path.includes('{'));
    const send = async (index: number) => {
      const operation = simple[index];
      const response = await app.request(request(operation, {body: exampleBody(operation)}));
      return `${response.status} ${response.headers.get('content-type')} ${await response.text()}`;
    };
    clearCache();
    const computed = [];
    for (let index = 0; index < simple.length; index++) computed.push(await send(index));
    expect(cacheEntries()).toBeGreaterThan(0);
    for (let index = 0; index < simple.length; index++) {
      expect(await send(index), simple[index].operationId).toBe(computed[index]);
    }
    expect(computed.every((answer) => answer.startsWith('200 application/json '))).toBe(true);
  });

  it('a create call signs a new token each time while its results are kept', async () => {
    const {app, clock} = testApp(Date.UTC(2026, 10, 20, 10));
    const create = op('FlightsService_CreateSearch');
    const send = async () =>
      (await (await app.request(request(create, {body: exampleBody(create)}))).json()) as {
        sessionToken: string;
        content: object;
      };
    clearCache();
    const first = await send();
    clock.now += 1;
    const second = await send();
    expect(second.sessionToken).not.toBe(first.sessionToken);
    expect(second.content).toEqual(first.content);
  });

  it('an answer that reads the clock is not kept: flights indicative quotes are dated from its day', async () => {
    const {app, clock} = testApp(Date.UTC(2026, 10, 20, 10));
    const search = op('FlightsIndicativeService_SearchFlights');
    const created = async () => {
      const body = (await (await app.request(request(search, {body: exampleBody(search)}))).json()) as {
        content: {results: {quotes: Record<string, {outboundLeg: {quoteCreationTimestamp: string}}>}};
      };
      return Object.values(body.content.results.quotes).map((quote) =>
        Number(quote.outboundLeg.quoteCreationTimestamp),
      );
    };
    const before = await created();
    expect(before.length).toBeGreaterThan(0);
    // Dated from the UTC day: the same all day (every instance answers the same bytes), a day later a day later
    clock.now += 13 * 3_600_000;
    expect(await created()).toEqual(before);
    clock.now += 3_600_000;
    expect(await created()).toEqual(before.map((seconds) => seconds + 86_400));
  });
});

describe('kept checks', () => {
  const search = op('HotelsIndicativeService_Search');
  const dated = (time: number) => {
    const body = exampleBody(search) as {query: {travelDate: object}};
    const date = new Date(time);
    const day = {year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate()};
    body.query.travelDate = {fixedDate: day};
    return body;
  };

  it('a request checked on one day is checked again the next: a travel date of today is in the past tomorrow', async () => {
    const {app, clock} = testApp(Date.UTC(2026, 10, 20, 23, 0));
    const body = dated(clock.now);
    const send = async () => app.request(request(search, {body}));
    clearCache();
    expect((await send()).status).toBe(200);
    clock.now += 30 * 60 * 1000;
    expect((await send()).status).toBe(200);
    clock.now += 60 * 60 * 1000;
    const tomorrow = await send();
    expect(tomorrow.status).toBe(400);
    expect(JSON.stringify(await tomorrow.json())).toContain('hotels-indicative.within-12-months');
  });

  it('an invalid request answers the same 400 whether checked or kept', async () => {
    const {app} = testApp(Date.UTC(2026, 10, 20, 10));
    const body = dated(Date.UTC(2020, 0, 1));
    clearCache();
    const first = await app.request(request(search, {body}));
    const second = await app.request(request(search, {body}));
    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(await second.text()).toBe(await first.text());
  });

  it('stay within CACHE_BYTES, keys included, when every request is new and large', async () => {
    const {app} = testApp(Date.UTC(2026, 10, 20, 10));
    const create = op('FlightsService_CreateSearch');
    clearCache();
    const padding = 'x'.repeat(512 * 1024);
    for (let index = 0; index < 160; index++) {
      const response = await app.request(request(create, {body: {query: {market: `${index}${padding}`}}}));
      expect(response.status).toBe(400);
    }
    expect(cacheEntries()).toBeGreaterThan(10);
    expect(cacheSize()).toBeLessThanOrEqual(CACHE_BYTES);
    expect(cacheSize()).toBeGreaterThan(CACHE_BYTES / 2);
  });
});
