import {describe, expect, it} from 'vitest';
import {answerText, cacheEntries, clearCache, RawJson} from './answers';
import {exampleBody, op, operationsOf, request, testApp} from './testing';

describe('answerText', () => {
  it('inlines the JSON text of RawJson members, as JSON.stringify would write the value', () => {
    const content = {results: {a: [1, 'two', null]}, stats: {total: 3}};
    const answer = {token: 'x.y', skipped: undefined, content: new RawJson(JSON.stringify(content)), n: 2};
    expect(answerText(answer)).toBe(JSON.stringify({token: 'x.y', content, n: 2}));
    expect(answerText({plain: true})).toBe('{"plain":true}');
  });
});

describe('kept answers', () => {
  it('the same request answers the same bytes whether its answer is computed or kept', async () => {
    const {app} = testApp(Date.UTC(2026, 10, 20, 10));
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

  it('an answer that reads the clock is not kept: flights indicative quotes are dated from it', async () => {
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
    clock.now += 86_400_000;
    const after = await created();
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before.map((seconds) => seconds + 86_400));
  });
});
