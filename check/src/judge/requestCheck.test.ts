import {describe, expect, it} from 'vitest';
import {bundles, exampleBody, exampleUrl, KEY, op} from '@portal/sandbox/testing';
import type {Exchange} from '../model';
import {createRequestCheck} from './requestCheck';

const STARTED_AT = '2026-06-15T12:00:00.000Z';

/** An exchange of a request to an operation, built from the spec's examples (the answer is not read). */
function exchangeOf(
  method: string,
  url: string,
  body?: unknown,
  startedMs = 0,
  headers: [string, string][] = [['x-api-key', KEY]],
): Exchange {
  return {
    index: 0,
    startedMs,
    endedMs: startedMs + 100,
    request: {
      method,
      url,
      headers: body === undefined ? headers : [...headers, ['content-type', 'application/json']],
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    },
    response: {status: 200, headers: []},
  };
}

/** The path and query of an operation's example request (`exampleUrl` gives a full URL). */
const pathOf = (operationId: string, replace: Record<string, string> = {}): string => {
  const url = new URL(exampleUrl(op(operationId), replace));
  return `${url.pathname}${url.search}`;
};

describe('createRequestCheck', () => {
  const check = createRequestCheck(bundles, {startedAt: STARTED_AT});

  it("passes the spec's example create request, naming its operation and API", async () => {
    const create = op('FlightsService_CreateSearch');
    expect(await check(exchangeOf('POST', pathOf(create.operationId), exampleBody(create)))).toEqual({
      operationId: 'FlightsService_CreateSearch',
      slug: 'flights-live-pricing',
      pathParams: {},
      violations: [],
    });
  });

  it('names the field and the rule of an invalid create, as the sandbox does', async () => {
    const create = op('FlightsService_CreateSearch');
    const body = exampleBody(create) as {query: {adults: number}};
    body.query.adults = 0;
    const checked = await check(exchangeOf('POST', pathOf(create.operationId), body));
    expect(checked.operationId).toBe('FlightsService_CreateSearch');
    expect(checked.violations).toEqual([expect.objectContaining({field: 'query.adults', reason: 'minimum'})]);
  });

  it('reads the body as protobuf JSON: snake_case names and integers in strings pass', async () => {
    const create = op('FlightsService_CreateSearch');
    const body = exampleBody(create) as {query: Record<string, unknown>};
    body.query.query_legs = body.query.queryLegs;
    delete body.query.queryLegs;
    body.query.adults = String(body.query.adults);
    expect((await check(exchangeOf('POST', pathOf(create.operationId), body))).violations).toEqual([]);
  });

  it('names a body that is not JSON, and a required body that is missing', async () => {
    const path = pathOf('FlightsService_CreateSearch');
    const malformed = exchangeOf('POST', path);
    malformed.request.headers.push(['content-type', 'application/json']);
    malformed.request.body = '{"query":';
    expect((await check(malformed)).violations).toEqual([expect.objectContaining({field: '', reason: 'json'})]);
    expect((await check(exchangeOf('POST', path))).violations).toEqual([
      expect.objectContaining({field: '', reason: 'required'}),
    ]);
  });

  it("gives a poll's token by its parameter's name, decoded", async () => {
    const poll = op('FlightsService_PollSearch');
    const checked = await check(exchangeOf('POST', pathOf(poll.operationId, {sessionToken: 'abc.def/ghi'})));
    expect(checked).toEqual({
      operationId: 'FlightsService_PollSearch',
      slug: 'flights-live-pricing',
      pathParams: {sessionToken: 'abc.def/ghi'},
      violations: [],
    });
  });

  it('validates query parameters', async () => {
    const agents = op('CarHireAgentsService_ListAgents');
    expect((await check(exchangeOf('GET', pathOf(agents.operationId)))).violations).toEqual([]);
    const checked = await check(exchangeOf('GET', pathOf(agents.operationId).split('?')[0]));
    expect(checked.operationId).toBe('CarHireAgentsService_ListAgents');
    expect(checked.violations).toEqual([expect.objectContaining({field: 'market', reason: 'required'})]);
  });

  it('needs no key: keys are judged by a rule, not here', async () => {
    const currencies = exchangeOf('GET', pathOf('CultureService_ListCurrencies'), undefined, 0, []);
    expect(await check(currencies)).toMatchObject({operationId: 'CultureService_ListCurrencies', violations: []});
  });

  it('calls no operation at another path, with another method, or as a preflight', async () => {
    const none = {operationId: undefined, pathParams: {}, violations: []};
    expect(await check(exchangeOf('GET', '/apiservices/v3/nowhere'))).toEqual(none);
    expect(await check(exchangeOf('GET', pathOf('FlightsService_CreateSearch')))).toEqual(none);
    expect(await check(exchangeOf('OPTIONS', pathOf('FlightsService_CreateSearch')))).toEqual(none);
    expect(await check(exchangeOf('DELETE', pathOf('CultureService_ListCurrencies')))).toEqual(none);
  });

  it("reads the clock of the x-validation rules from the exchange's time, not now", async () => {
    // Hotels indicative travel dates lie within the next 12 months: 2026-06-20 is, on 2026-06-15
    const search = op('HotelsIndicativeService_Search');
    const body = exampleBody(search) as {query: {travelDate: object}};
    body.query.travelDate = {fixedDate: {year: 2026, month: 6, day: 20}};
    const exchange = (startedMs: number) => exchangeOf('POST', pathOf(search.operationId), body, startedMs);
    expect((await check(exchange(0))).violations).toEqual([]);
    // Six days into the run, the date is in the past
    const sixDays = 6 * 24 * 60 * 60 * 1000;
    expect((await check(exchange(sixDays))).violations).toEqual([
      expect.objectContaining({
        field: 'query.travelDate.fixedDate',
        reason: 'hotels-indicative.within-12-months',
      }),
    ]);
    // And a recording that started a year later reads its own clock
    const later = createRequestCheck(bundles, {startedAt: '2027-06-15T12:00:00.000Z'});
    expect((await later(exchange(0))).violations).toEqual([
      expect.objectContaining({reason: 'hotels-indicative.within-12-months'}),
    ]);
  });

  it('refuses a start that is not a time', () => {
    expect(() => createRequestCheck(bundles, {startedAt: 'yesterday'})).toThrow(/startedAt/);
  });
});
