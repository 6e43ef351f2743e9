/** `reference-data-cached` (reference-data-cached.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import {
  answer,
  bundles,
  currencies,
  errorAnswer,
  expectNoFailure,
  expectOnlyFails,
  judge,
  nearestPlaces,
  pathOf,
  politeSearch,
  send,
  type Step,
  verdictOf,
} from './recordings.fixture';

/** Hotel content for these hotels, the body's fields in the order given. */
const content = (body: Record<string, unknown>): Step => ({
  request: send('POST', pathOf('HotelsContentService_GetContent'), body),
  response: answer(200, {hotelsContent: {}}),
});
/** The place hierarchy in a locale. */
const places = (locale: string): Step => ({
  request: send('GET', pathOf('GeoService_ListPlaces', {locale})),
  response: answer(200, {places: {}}),
});
/** The car hire agents of a market, the query written as given. */
const agents = (query: string): Step => ({
  request: send('GET', `${pathOf('CarHireAgentsService_ListAgents').split('?')[0]}?${query}`),
  response: answer(200, {agents: []}),
});
const verdict = async (steps: Step[]) => verdictOf(await judge(steps), 'reference-data-cached');

describe('reference-data-cached', () => {
  it('fails the same request of reference data sent again once a 2xx answer had given it', async () => {
    const report = await judge([currencies(), currencies()]);
    expectOnlyFails(
      report,
      'reference-data-cached',
      /^1 call of reference data asked again for what a 2xx answer had already given: #1 CultureService_ListCurrencies \(Currencies\) repeated #0$/,
      [0, 1],
    );
  });

  it('fails one sent the very millisecond that answer arrived, and passes one sent a millisecond before', async () => {
    expect(await verdict([currencies(), {...currencies(), after: 0}])).toMatchObject({outcome: 'fail', calls: [0, 1]});
    const inFlight = await judge([currencies(), {...currencies(), after: -1}]);
    expectNoFailure(inFlight);
    expect(verdictOf(inFlight, 'reference-data-cached')).toEqual({
      rule: 'reference-data-cached',
      outcome: 'pass',
      detail: 'the one distinct request of reference data was sent until answered, then not again (Currencies)',
      calls: [0, 1],
    });
  });

  it('does not take a call that took no time for a repeat of itself', async () => {
    expect(await verdict([{...currencies(), took: 0}])).toMatchObject({outcome: 'pass', calls: [0]});
    expect(
      await verdict([
        {...currencies(), took: 0},
        {...currencies(), after: 0},
      ]),
    ).toMatchObject({
      outcome: 'fail',
      calls: [0, 1],
    });
  });

  it('passes a retry after a 503 or a 429, and fails the same request once one was answered 2xx', async () => {
    const retried: Step[] = [
      {...currencies(), response: errorAnswer(503)},
      {...currencies(), response: errorAnswer(429)},
      currencies(),
    ];
    expectNoFailure(await judge(retried));
    expect(await verdict([...retried, currencies()])).toMatchObject({
      outcome: 'fail',
      detail: expect.stringMatching(/#3 CultureService_ListCurrencies \(Currencies\) repeated #2$/),
      calls: [2, 3],
    });
  });

  it('reads two requests as one whatever the order of their query parameters or body fields', async () => {
    const hotels = {hotelIds: ['46948122', '47285536'], locale: 'en-GB'};
    expect(
      await verdict([content(hotels), content({locale: 'en-GB', hotelIds: ['46948122', '47285536']})]),
    ).toMatchObject({outcome: 'fail', calls: [0, 1]});
    expect(await verdict([agents('market=UK&locale=en-GB'), agents('locale=en-GB&market=UK')])).toMatchObject({
      outcome: 'fail',
      calls: [0, 1],
    });
  });

  it('passes requests that differ: other hotels, another locale, another market, another order of ids', async () => {
    const report = await judge([
      content({hotelIds: ['46948122'], locale: 'en-GB'}),
      content({hotelIds: ['46948122'], locale: 'de-DE'}),
      content({hotelIds: ['47285536', '46948122'], locale: 'en-GB'}),
      content({hotelIds: ['46948122', '47285536'], locale: 'en-GB'}),
      places('en-GB'),
      places('de-DE'),
      agents('market=UK'),
      agents('market=DE'),
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'reference-data-cached')).toEqual({
      rule: 'reference-data-cached',
      outcome: 'pass',
      detail:
        'all 8 distinct requests of reference data were sent until answered, then not again (Hotel content; Place hierarchy; Car hire agents)',
      calls: [0, 1, 2, 3, 4, 5, 6, 7],
    });
  });

  it('names every repeat, and the calls of reference data only', async () => {
    const report = await judge([
      places('en-GB'),
      nearestPlaces(),
      nearestPlaces(),
      places('en-GB'),
      currencies(),
      places('en-GB'),
    ]);
    expectOnlyFails(
      report,
      'reference-data-cached',
      /^2 calls of reference data .*: #3 GeoService_ListPlaces \(Place hierarchy\) repeated #0; #5 GeoService_ListPlaces \(Place hierarchy\) repeated #0$/,
      [0, 3, 5],
    );
  });

  it('is not exercised by a run with no call of reference data, however often it repeats other calls', async () => {
    expect(await verdict([...politeSearch(), nearestPlaces(), nearestPlaces()])).toEqual({
      rule: 'reference-data-cached',
      outcome: 'not-exercised',
      detail: 'no call of reference data (x-refresh in its specification) was made',
      calls: [],
    });
  });

  it('reads the calls of reference data from the specifications: what x-refresh declares, nothing else', async () => {
    const culture = structuredClone(bundles.get('culture')!);
    delete culture.paths['/apiservices/v3/culture/currencies'].get!['x-refresh'];
    const geo = structuredClone(bundles.get('geo')!);
    geo.paths['/apiservices/v3/geo/hierarchy/flights/nearest'].post!['x-refresh'] = {
      data: 'Nearest places',
      every: 'day',
    };
    const declared = new Map(bundles).set('culture', culture).set('geo', geo);
    const undeclared = await judge([currencies(), currencies()], {}, declared);
    expect(verdictOf(undeclared, 'reference-data-cached').outcome).toBe('not-exercised');
    const nowDeclared = await judge([nearestPlaces(), nearestPlaces()], {}, declared);
    expect(verdictOf(nowDeclared, 'reference-data-cached')).toMatchObject({
      outcome: 'fail',
      detail: expect.stringMatching(/#1 GeoService_NearestPlaces \(Nearest places\) repeated #0$/),
    });
  });
});
