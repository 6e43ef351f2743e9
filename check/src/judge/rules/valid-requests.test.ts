/** `valid-requests` (valid-requests.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {createRequestCheck} from '../requestCheck';
import {
  bundles,
  create,
  currencies,
  errorAnswer,
  exampleBody,
  expectOnlyFails,
  judge,
  op,
  politeSearch,
  send,
  START,
  timeline,
  verdictOf,
} from './recordings.fixture';

describe('valid-requests', () => {
  it('fails an invalid request, naming the call, its field and rule', async () => {
    const invalid = create('s1');
    const body = exampleBody(op('FlightsService_CreateSearch')) as {query: {adults: number}};
    body.query.adults = 0;
    invalid.request = send('POST', invalid.request.url, body);
    invalid.response = errorAnswer(400);
    const report = await judge([{...invalid, after: 0}, ...politeSearch()]);
    expectOnlyFails(report, 'valid-requests', /#0 FlightsService_CreateSearch: query\.adults .*\(minimum\)/, [0]);
  });

  it('names the first two violations of a call', async () => {
    const invalid = create('s1');
    const body = exampleBody(op('FlightsService_CreateSearch')) as {query: Record<string, unknown>};
    body.query.adults = 0;
    body.query.cabinClass = 'CABIN_CLASS_NONE_SUCH';
    body.query.market = '';
    body.query.currency = '';
    invalid.request = send('POST', invalid.request.url, body);
    invalid.response = errorAnswer(400);
    const [exchange] = timeline([{...invalid, after: 0}]);
    const {violations} = await createRequestCheck(bundles, {startedAt: START})(exchange);
    expect(violations.length).toBeGreaterThan(2);
    const report = await judge([exchange]);
    expect(verdictOf(report, 'valid-requests')).toEqual({
      rule: 'valid-requests',
      outcome: 'fail',
      detail:
        '1 call of 1 to operations were not valid: #0 FlightsService_CreateSearch: query.market must NOT have fewer than 1 characters (minLength), query.currency must NOT have fewer than 1 characters (minLength)',
      calls: [0],
    });
  });

  it('counts only the calls of an operation', async () => {
    const report = await judge([
      {...currencies(), after: 0},
      {request: send('GET', '/apiservices/no/such/operation'), response: errorAnswer(404)},
    ]);
    expect(verdictOf(report, 'valid-requests')).toEqual({
      rule: 'valid-requests',
      outcome: 'pass',
      detail: 'the one call to an operation was valid against its schema and rules',
      calls: [0],
    });
  });

  it('names a violation of the whole body without a field', async () => {
    const bodiless = create('s1');
    bodiless.request = send('POST', bodiless.request.url);
    const report = await judge([{...bodiless, response: errorAnswer(400), after: 0}]);
    expect(verdictOf(report, 'valid-requests').detail).toBe(
      '1 call of 1 to operations were not valid: #0 FlightsService_CreateSearch: a JSON request body is required (required)',
    );
  });
});
