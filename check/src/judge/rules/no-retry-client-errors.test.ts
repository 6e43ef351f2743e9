/** `no-retry-client-errors` (no-retry-client-errors.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import type {Header} from '../../model';
import {specFacts} from '../../record/recording';
import {
  bundles,
  currencies,
  errorAnswer,
  expectNoFailure,
  expectOnlyFails,
  judge,
  KEY,
  type Step,
  verdictOf,
} from './recordings.fixture';

describe('no-retry-client-errors', () => {
  const rejected = (key = KEY): Step => ({...currencies(key), response: errorAnswer(401), after: 0});

  it('fails a request answered 401 sent again unchanged', async () => {
    const report = await judge([rejected(), {...rejected(), after: 1000}], {scenario: 'rejected'});
    expectOnlyFails(
      report,
      'no-retry-client-errors',
      /#0 CultureService_ListCurrencies answered 401 and was sent again unchanged \(#1\)/,
      [0, 1],
    );
  });

  it.each([400, 403])(
    'fails a request answered %i sent again unchanged, and passes it with another URL or key',
    async (status) => {
      const refused = (key = KEY, query = ''): Step => ({
        ...currencies(key, query),
        response: errorAnswer(status),
        after: 1000,
      });
      const again = await judge([refused(), refused()]);
      expectOnlyFails(
        again,
        'no-retry-client-errors',
        new RegExp(`^#0 CultureService_ListCurrencies answered ${status} and was sent again unchanged \\(#1\\)$`),
        [0, 1],
      );
      for (const changed of [refused(KEY, '?page=2'), refused('sandbox_other')]) {
        const report = await judge([refused(), changed]);
        expectNoFailure(report);
        expect(verdictOf(report, 'no-retry-client-errors')).toMatchObject({
          outcome: 'pass',
          detail: 'none of the 2 requests answered 400, 401 or 403 was sent again unchanged',
          calls: [0, 1],
        });
      }
    },
  );

  it('does not judge a request answered with another status sent again (404, 409)', async () => {
    for (const status of [404, 409]) {
      const report = await judge([
        {...currencies(), response: errorAnswer(status), after: 0},
        {...currencies(), response: errorAnswer(status)},
      ]);
      expect(verdictOf(report, 'no-retry-client-errors'), String(status)).toMatchObject({
        outcome: 'not-exercised',
        detail: 'no answer was a 400, 401 or 403',
      });
    }
  });

  it('fails the same request sent in the very millisecond the 401 arrived, and passes one sent a millisecond before', async () => {
    const atOnce = await judge([rejected(), {...rejected(), after: 0}], {scenario: 'rejected'});
    expectOnlyFails(
      atOnce,
      'no-retry-client-errors',
      /^#0 CultureService_ListCurrencies answered 401 and was sent again unchanged \(#1\)$/,
      [0, 1],
    );
    const inFlight = await judge([rejected(), {...rejected(), after: -1}], {scenario: 'rejected'});
    expectNoFailure(inFlight);
    expect(verdictOf(inFlight, 'no-retry-client-errors')).toMatchObject({
      outcome: 'pass',
      detail: 'none of the 2 requests answered 400, 401 or 403 was sent again unchanged',
      calls: [0, 1],
    });
  });

  it('passes a 401 answered in no time (a call timed at 0 ms) and not sent again', async () => {
    const report = await judge([{...rejected(), took: 0}], {scenario: 'rejected'});
    expectNoFailure(report);
    expect(verdictOf(report, 'no-retry-client-errors')).toMatchObject({
      outcome: 'pass',
      detail: 'none of the 1 request answered 400, 401 or 403 was sent again unchanged',
      calls: [0],
    });
  });

  it('passes the same call with another key, or no second call', async () => {
    const report = await judge([rejected(), {...rejected('sandbox_other'), after: 1000}], {scenario: 'rejected'});
    expectNoFailure(report);
    expect(verdictOf(report, 'no-retry-client-errors')).toMatchObject({outcome: 'pass', calls: [0, 1]});
    expect(verdictOf(await judge([rejected()], {scenario: 'rejected'}), 'no-retry-client-errors').outcome).toBe('pass');
  });

  describe('where a call takes its key in two headers', () => {
    // Every operation names one key header today: here ListCurrencies takes a second one, x-partner-key
    type Loose = Record<string, Record<string, Record<string, unknown>>>;
    const culture = structuredClone(bundles.get('culture')!) as unknown as Loose;
    culture.components.securitySchemes.PartnerKey = {type: 'apiKey', in: 'header', name: 'x-partner-key'};
    const listCurrencies = Object.values(culture.paths)
      .flatMap((item) => Object.values(item as Record<string, {operationId?: string; security?: unknown}>))
      .find((operation) => operation.operationId === 'CultureService_ListCurrencies')!;
    listCurrencies.security = [{ApiKey: [], PartnerKey: []}];
    const twoKeys = new Map(bundles).set('culture', culture as unknown as OpenApiDocument);
    const refused = (apiKey: string, partnerKey?: string): Step => {
      const {request} = currencies(apiKey);
      const extra: Header[] = partnerKey === undefined ? [] : [['x-partner-key', partnerKey]];
      return {request: {...request, headers: [...request.headers, ...extra]}, response: errorAnswer(401)};
    };

    it('reads both as key headers', () => {
      expect(specFacts(twoKeys).allKeyHeaders).toEqual(['x-api-key', 'x-partner-key']);
    });

    it('fails the request sent again with both keys unchanged', async () => {
      const report = await judge([refused('sandbox_a', 'b'), refused('sandbox_a', 'b')], {}, twoKeys);
      expect(verdictOf(report, 'no-retry-client-errors')).toMatchObject({outcome: 'fail', calls: [0, 1]});
    });

    it('passes it sent again with a key moved from one header to the other', async () => {
      const report = await judge([refused('sandbox_ab'), refused('sandbox_a', 'b')], {}, twoKeys);
      expect(verdictOf(report, 'no-retry-client-errors')).toMatchObject({
        outcome: 'pass',
        detail: 'none of the 2 requests answered 400, 401 or 403 was sent again unchanged',
      });
    });
  });
});
