/** `api-key-header` (api-key-header.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {
  answer,
  currencies,
  errorAnswer,
  expectNoFailure,
  expectOnlyFails,
  judge,
  KEY,
  pathOf,
  politeSearch,
  send,
  type Step,
  verdictOf,
} from './recordings.fixture';

describe('api-key-header', () => {
  it('fails a key in the query string', async () => {
    const report = await judge([{...currencies(KEY, `?apiKey=${KEY}`), after: 0}, ...politeSearch()]);
    expectOnlyFails(report, 'api-key-header', /query string \(apiKey\)/, [0]);
  });

  it('fails a key parameter whatever its value, and a parameter holding the key the headers send or a sandbox key', async () => {
    const named = await judge([{...currencies(KEY, '?apiKey=not-the-header-key'), after: 0}]);
    expectOnlyFails(
      named,
      'api-key-header',
      /^1 call of 1: #0 CultureService_ListCurrencies: a key in the query string \(apiKey\); the sandbox takes sandbox_ keys only$/,
      [0],
    );
    // In a HAR, where a key need not be a sandbox key: the header's own key under an innocent name
    const har = {scenario: null, program: undefined, timeLimitMs: undefined};
    const copied = await judge([{...currencies('live_0123456789', '?token=live_0123456789'), after: 0}], har);
    expectOnlyFails(copied, 'api-key-header', /a key in the query string \(token\)/, [0]);
    const sandboxKey = await judge([{...currencies('live_0123456789', '?token=sandbox_another'), after: 0}], har);
    expectOnlyFails(sandboxKey, 'api-key-header', /a key in the query string \(token\)/, [0]);
  });

  it('passes a query with no key in it', async () => {
    const report = await judge([{...currencies(KEY, '?token=live_0123456789&page=2'), after: 0}]);
    expectNoFailure(report);
    expect(verdictOf(report, 'api-key-header')).toMatchObject({
      outcome: 'pass',
      detail: 'the one call that needed a key sent it in the header, a sandbox_ key, none in the query string',
      calls: [0],
    });
  });

  it('fails a call that needs a key and sends none', async () => {
    const report = await judge([{...currencies(null), response: errorAnswer(401), after: 0}, ...politeSearch()]);
    expectOnlyFails(report, 'api-key-header', /no x-api-key header/, [0]);
  });

  it('fails a key that is not a sandbox_ key in a run of the check, not in a HAR', async () => {
    const steps = [{...currencies('live_0123456789'), response: errorAnswer(403), after: 0}, ...politeSearch()];
    const report = await judge(steps);
    expectOnlyFails(report, 'api-key-header', /not a sandbox_ key/, [0]);
    expect(verdictOf(report, 'api-key-header').detail).not.toContain('live_0123456789');
    expectNoFailure(await judge(steps, {scenario: null, program: undefined, timeLimitMs: undefined}));
  });

  it('reads the query after its first `?` and a key name in any encoding, as the HAR masking does', async () => {
    const secondQuestion = await judge([{...currencies(KEY, `?note=a?b&apikey=${KEY}`), after: 0}]);
    expectOnlyFails(secondQuestion, 'api-key-header', /a key in the query string \(apikey\)/, [0]);
    const encoded = await judge([{...currencies(KEY, '?api%5Fkey=anything'), after: 0}]);
    expectOnlyFails(encoded, 'api-key-header', /a key in the query string \(api_key\)/, [0]);
  });

  it('fails a key that is not a sandbox_ key anywhere else in a run of the check: a header, authorization, a cookie, the path, the body', async () => {
    const withKey = (change: (request: Step['request']) => Step['request']): Step => {
      const step = currencies();
      return {...step, request: change(step.request), response: errorAnswer(403), after: 0};
    };
    const places: [Step, string][] = [
      [withKey((request) => ({...request, headers: [...request.headers, ['api_key', 'live_1']]})), 'api_key'],
      [
        withKey((request) => ({...request, headers: [...request.headers, ['authorization', 'Bearer live_2']]})),
        'authorization',
      ],
      [withKey((request) => ({...request, headers: [...request.headers, ['cookie', 'key=live_3']]})), 'the cookie key'],
      [
        withKey((request) => ({...request, url: request.url.replace('/currencies', '/currencies;apikey=live_4')})),
        'the path (apikey)',
      ],
      [withKey((request) => ({...request, body: '{"auth":{"apiKey":"live_5"}}'})), 'the body (apiKey)'],
    ];
    for (const [step, where] of places) {
      const report = await judge([step]);
      // A key named in the path makes the call one of no operation: it is named by its method
      const call = where.startsWith('the path') ? 'GET' : 'CultureService_ListCurrencies';
      expect(verdictOf(report, 'api-key-header'), where).toMatchObject({
        outcome: 'fail',
        detail: `1 call of 1: #0 ${call}: a key in ${where} that is not a sandbox_ key; the sandbox takes sandbox_ keys only`,
      });
      // In a HAR, any key may be sent
      expectNoFailure(await judge([step], {scenario: null, program: undefined, timeLimitMs: undefined}));
    }
    // A sandbox key in those places is no real key
    const sandboxKeys = withKey((request) => ({
      ...request,
      headers: [...request.headers, ['authorization', `Bearer ${KEY}`], ['cookie', `key=${KEY}`]],
      body: `{"apiKey":"${KEY}"}`,
    }));
    expect(verdictOf(await judge([sandboxKeys]), 'api-key-header').outcome).toBe('pass');
  });

  it('judges a call that needs no key and sends one only in its body, in a run of the check', async () => {
    const path = pathOf('CultureService_NearestCulture');
    const report = await judge([
      {request: send('GET', path, {key: 'live_6'}, null), response: answer(200, {}), after: 0},
    ]);
    expect(verdictOf(report, 'api-key-header')).toMatchObject({outcome: 'fail', calls: [0]});
  });

  describe('where the spec says security: []', () => {
    /** NearestCulture's example call, with `key` in its x-api-key header and `extra` added to its query. */
    const nearest = (key: string | null, extra = ''): Step => {
      const path = pathOf('CultureService_NearestCulture');
      return {
        request: send('GET', extra ? `${path}${path.includes('?') ? '&' : '?'}${extra}` : path, undefined, key),
        response: answer(200, {}),
        after: 0,
      };
    };

    it('needs no key', async () => {
      const report = await judge([nearest(null)]);
      expect(verdictOf(report, 'api-key-header')).toMatchObject({
        outcome: 'not-exercised',
        detail: 'no call needed or sent a key',
      });
    });

    it('judges a key sent all the same: a sandbox key in the header passes, a real key or one in the query fails', async () => {
      const sandboxKey = await judge([nearest(KEY)]);
      expectNoFailure(sandboxKey);
      expect(verdictOf(sandboxKey, 'api-key-header')).toMatchObject({outcome: 'pass', calls: [0]});
      const realKey = await judge([nearest('live_0123456789')]);
      expectOnlyFails(
        realKey,
        'api-key-header',
        /#0 CultureService_NearestCulture: a key in x-api-key that is not a sandbox_ key/,
        [0],
      );
      const inQuery = await judge([nearest(null, `apiKey=${KEY}`)]);
      expectOnlyFails(
        inQuery,
        'api-key-header',
        /#0 CultureService_NearestCulture: a key in the query string \(apiKey\)/,
        [0],
      );
    });
  });

  describe('in a HAR, where any key may be sent', () => {
    const har = {scenario: null, program: undefined, timeLimitMs: undefined};

    it('passes a key in the header without asking for a sandbox_ key, and says so', async () => {
      const report = await judge([{...currencies('live_0123456789'), after: 0}], har);
      expect(verdictOf(report, 'api-key-header')).toEqual({
        rule: 'api-key-header',
        outcome: 'pass',
        detail: 'the one call that needed a key sent it in the header, none in the query string',
        calls: [0],
      });
    });

    it('fails a key in the query string without the note on sandbox keys', async () => {
      const report = await judge([{...currencies('live_0123456789', '?token=live_0123456789'), after: 0}], har);
      expect(verdictOf(report, 'api-key-header')).toEqual({
        rule: 'api-key-header',
        outcome: 'fail',
        detail: '1 call of 1: #0 CultureService_ListCurrencies: a key in the query string (token)',
        calls: [0],
      });
    });
  });

  it('names every problem of one call: no header and a key in the query string', async () => {
    const report = await judge([{...currencies(null, `?apiKey=${KEY}`), response: errorAnswer(401), after: 0}]);
    expect(verdictOf(report, 'api-key-header')).toEqual({
      rule: 'api-key-header',
      outcome: 'fail',
      detail:
        '1 call of 1: #0 CultureService_ListCurrencies: no x-api-key header, a key in the query string (apiKey); the sandbox takes sandbox_ keys only',
      calls: [0],
    });
  });

  it('does not judge a call of no operation, even one that sends a key', async () => {
    const report = await judge([
      {...currencies(), after: 0},
      {request: send('GET', '/apiservices/no/such/operation'), response: errorAnswer(404)},
    ]);
    expect(verdictOf(report, 'api-key-header')).toMatchObject({
      outcome: 'pass',
      detail: 'the one call that needed a key sent it in the header, a sandbox_ key, none in the query string',
      calls: [0],
    });
  });
});
