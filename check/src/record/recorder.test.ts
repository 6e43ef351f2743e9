/**
 * The recorder (recorder.ts) made again from what a run recorded, as a hosted run's object is when it wakes
 * afresh: replaying the exchanges leaves the scenario's script where the run left it, so the next call is
 * answered as it would have been (the rate-limited 429 is not played twice; session-lost's 404 comes on the
 * second poll of the first session, not the first).
 */
import {describe, expect, it} from 'vitest';
import {bundles, exampleBody, exampleUrl, KEY, op, testApp} from '@portal/sandbox/testing';
import type {CheckScenario, Exchange} from '../model';
import {createRecorder} from './recorder';

const {app} = testApp();
const path = (operationId: string, replace: Record<string, string> = {}) =>
  new URL(exampleUrl(op(operationId), replace)).pathname;
const headers: [string, string][] = [
  ['x-api-key', KEY],
  ['content-type', 'application/json'],
];
const createCall = () => ({
  method: 'POST',
  url: path('FlightsService_CreateSearch'),
  headers,
  body: new TextEncoder().encode(JSON.stringify(exampleBody(op('FlightsService_CreateSearch')))),
  startedMs: 0,
});
const pollCall = (token: string) => ({
  method: 'POST',
  url: path('FlightsService_PollSearch', {sessionToken: token}),
  headers,
  body: new Uint8Array(),
  startedMs: 0,
});
const recorder = (scenario: CheckScenario, replay?: Exchange[]) =>
  createRecorder({
    bundles,
    scenario,
    upstream: (request) => app.fetch(request),
    ...(replay ? {replay: replay.map((exchange) => ({exchange}))} : {}),
  });
const token = (body: string): string => (JSON.parse(body) as {sessionToken: string}).sessionToken;

describe('a recorder made again from its exchanges', () => {
  it('does not play rate-limited’s 429 a second time', async () => {
    const first = recorder('rate-limited');
    expect((await first.answer(createCall(), () => 1)).status).toBe(429);
    const again = recorder('rate-limited', first.exchanges);
    expect(again.exchanges).toHaveLength(1);
    const answer = await again.answer(createCall(), () => 2);
    expect(answer.status).toBe(200);
    expect(answer.exchange?.index).toBe(1);
    // Made afresh without the replay, the script plays its 429 again
    expect((await recorder('rate-limited').answer(createCall(), () => 1)).status).toBe(429);
  });

  it("keeps session-lost's count of polls: the 404 comes on the first session's second poll", async () => {
    const first = recorder('session-lost');
    const created = await first.answer(createCall(), () => 1);
    const polled = await first.answer(pollCall(token(created.body)), () => 2);
    expect(polled.status).toBe(200);
    const again = recorder('session-lost', first.exchanges);
    expect((await again.answer(pollCall(token(polled.body)), () => 3)).status).toBe(404);
    const fresh = recorder('session-lost', first.exchanges.slice(0, 1));
    expect((await fresh.answer(pollCall(token(created.body)), () => 3)).status).toBe(200);
  });
});
