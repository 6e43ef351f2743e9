/** `valid-requests` (valid-requests.ts) on synthetic recordings (fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, it} from 'vitest';
import {create, errorAnswer, exampleBody, expectOnlyFails, judge, op, politeSearch, send} from './fixture';

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
});
