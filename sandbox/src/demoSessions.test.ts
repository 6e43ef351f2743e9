/**
 * Demo sessions (src/services/session.ts): the specs' example tokens, which the reference's code
 * samples send as shown, name a completed session of the create call's example; every other token
 * this sandbox did not sign still answers 404 with the error body.
 */
import {liveFlows, parametersOf, type LiveFlow} from '@portal/specs';
import {describe, expect, it} from 'vitest';
import {STAGE_MS} from './services/session';
import {bundles, exampleBody, op, request, testApp, validator} from './testing.fixture';

const flows: LiveFlow[] = [...bundles].flatMap(([slug, doc]) => liveFlows(slug, doc));

/** The example of the poll's token parameter, as the spec gives it (read, never written here). */
const exampleToken = (flow: LiveFlow): string =>
  String(
    parametersOf(bundles.get(flow.slug)!, flow.poll).find((parameter) => parameter.name === flow.tokenParameter)!
      .example,
  );

/** A token no sandbox signed: the example with its last character changed. */
const otherToken = (token: string): string => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');

type Answer = Record<string, unknown> & {
  status?: string;
  content?: {results?: Record<string, Record<string, unknown>>};
};

async function send(
  app: ReturnType<typeof testApp>['app'],
  operationId: string,
  options: Parameters<typeof request>[1],
) {
  const response = await app.request(request(op(operationId), options));
  return {status: response.status, body: (await response.json()) as Answer};
}

describe('demo sessions: the specs example tokens', () => {
  it('are those of the four create-and-poll pairs the specs link', () => {
    expect(flows.map((flow) => flow.poll.operationId)).toEqual([
      'FlightsService_PollSearch',
      'FlightsService_PollItineraryRefresh',
      'CarHireService_PollSearch',
      'HotelsService_PollSearch',
    ]);
  });

  for (const flow of flows) {
    it(`${flow.poll.operationId}: the example token answers 200, complete; another unsigned token 404`, async () => {
      const {app} = testApp();
      const token = exampleToken(flow);
      const body = exampleBody(flow.poll);
      const demo = await send(app, flow.poll.operationId, {body, replace: {[flow.tokenParameter]: token}});
      expect(demo.status, JSON.stringify(demo.body).slice(0, 300)).toBe(200);
      expect(validator.response(flow.poll.operationId, demo.body).errors).toEqual([]);
      expect(demo.body.status).toBe('RESULT_STATUS_COMPLETE');
      expect(Object.values(demo.body.content!.results!).some((map) => Object.keys(map).length > 0)).toBe(true);

      const other = await send(app, flow.poll.operationId, {body, replace: {[flow.tokenParameter]: otherToken(token)}});
      expect(other.status).toBe(404);
      expect(validator.response(flow.poll.operationId, other.body, '404').valid).toBe(true);
    });
  }

  it('a search poll with the example token answers what the example search answers once complete', async () => {
    for (const flow of flows.filter((candidate) => candidate.kind === 'search')) {
      const {app, clock} = testApp();
      const body = exampleBody(flow.poll);
      const created = await send(app, flow.create.operationId, {body: exampleBody(flow.create)});
      clock.now += 20 * STAGE_MS;
      const real = await send(app, flow.poll.operationId, {
        body,
        replace: {[flow.tokenParameter]: String(created.body[flow.tokenField])},
      });
      const demo = await send(app, flow.poll.operationId, {body, replace: {[flow.tokenParameter]: exampleToken(flow)}});
      expect(demo.body.status, flow.poll.operationId).toBe('RESULT_STATUS_COMPLETE');
      expect(demo.body.content, flow.poll.operationId).toEqual(real.body.content);
    }
  });

  it('the refresh create example (token and itinerary id) refreshes the demo search first itinerary', async () => {
    const {app} = testApp();
    const refreshFlow = flows.find((flow) => flow.poll.operationId === 'FlightsService_PollItineraryRefresh')!;
    const searchFlow = flows.find((flow) => flow.poll.operationId === 'FlightsService_PollSearch')!;
    const created = await send(app, refreshFlow.create.operationId, {body: exampleBody(refreshFlow.create)});
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.status).toBe('RESULT_STATUS_COMPLETE');
    const polled = await send(app, refreshFlow.poll.operationId, {
      replace: {[refreshFlow.tokenParameter]: String(created.body[refreshFlow.tokenField])},
    });
    expect(polled.body.status).toBe('RESULT_STATUS_COMPLETE');
    const refreshed = Object.keys(polled.body.content!.results!.itineraries);
    // The first itinerary of the example search: the first its create call answers.
    const search = await send(app, searchFlow.create.operationId, {body: exampleBody(searchFlow.create)});
    expect(refreshed).toEqual([Object.keys(search.body.content!.results!.itineraries)[0]]);
    // The example poll token answers the same refresh.
    const demo = await send(app, refreshFlow.poll.operationId, {});
    expect(Object.keys(demo.body.content!.results!.itineraries)).toEqual(refreshed);
  });

  it('the demo refresh answers the same whenever it is polled: its degradation is not drawn from the clock', async () => {
    const {app, clock} = testApp(Date.UTC(2027, 0, 4, 12));
    const answers = new Set<string>();
    for (let poll = 0; poll < 20; poll++) {
      clock.now += poll % 2 ? 1 : 1000;
      const demo = await send(app, 'FlightsService_PollItineraryRefresh', {});
      expect(demo.status).toBe(200);
      answers.add(JSON.stringify({...demo.body, refreshSessionToken: undefined}));
    }
    expect(answers.size).toBe(1);
  });

  it('the example itinerary id names nothing in a real session, and the example tokens only in their own API', async () => {
    const {app} = testApp();
    const search = await send(app, 'FlightsService_CreateSearch', {
      body: exampleBody(op('FlightsService_CreateSearch')),
    });
    const refresh = await send(app, 'FlightsService_CreateItineraryRefresh', {
      body: exampleBody(op('FlightsService_CreateItineraryRefresh')),
      replace: {sessionToken: String(search.body.sessionToken)},
    });
    expect(refresh.status).toBe(404);
    const hotelsToken = exampleToken(flows.find((flow) => flow.slug === 'hotels-live')!);
    const foreign = await send(app, 'FlightsService_PollSearch', {replace: {sessionToken: hotelsToken}});
    expect(foreign.status).toBe(404);
    expect(validator.response('FlightsService_PollSearch', foreign.body, '404').valid).toBe(true);
  });
});
