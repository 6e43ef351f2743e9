/** `api-key-header` (api-key-header.ts) on synthetic recordings (fixture.ts): failed and passed, at the edges of its tolerance. */
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
} from './fixture';

describe('api-key-header', () => {
  it('fails a key in the query string', async () => {
    const report = await judge([{...currencies(KEY, `?apiKey=${KEY}`), after: 0}, ...politeSearch()]);
    expectOnlyFails(report, 'api-key-header', /query string \(apiKey\)/, [0]);
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

  it('needs no key where the spec says security: []', async () => {
    const nearest: Step = {
      request: send('GET', pathOf('CultureService_NearestCulture'), undefined, null),
      response: answer(200, {}),
      after: 0,
    };
    const report = await judge([nearest]);
    expect(verdictOf(report, 'api-key-header').outcome).toBe('not-exercised');
  });
});
