import {describe, expect, it} from 'vitest';
import {behaviours} from '../services/types';
import {askedBehaviour, RETRY_AFTER_SECONDS, BEHAVIOUR_HEADER} from './behaviour';
import {stepApp} from './testApp.fixture';

describe('the behaviour step', () => {
  const app = stepApp(askedBehaviour());
  const asked = async (headers: Record<string, string>) => {
    const response = await app.request('/', {headers});
    return {status: response.status, body: (await response.json()) as {behaviour?: string | null; message?: string}};
  };

  it('passes the behaviour a call asks for, by header or by key, to the next steps', async () => {
    expect(await asked({})).toEqual({status: 200, body: {behaviour: null, checked: null}});
    expect((await asked({[BEHAVIOUR_HEADER]: 'slow'})).body.behaviour).toBe('slow');
    expect((await asked({'x-api-key': 'sandbox_scenario_empty'})).body.behaviour).toBe('empty');
  });

  it('answers 429, 500 and 503 at once', async () => {
    const tooMany = await app.request('/', {headers: {[BEHAVIOUR_HEADER]: '429'}});
    expect(tooMany.status).toBe(429);
    expect(await tooMany.json()).toMatchObject({retryAfter: RETRY_AFTER_SECONDS});
    expect((await asked({[BEHAVIOUR_HEADER]: '500'})).status).toBe(500);
    expect((await asked({[BEHAVIOUR_HEADER]: '503'})).status).toBe(503);
  });

  it('refuses an unknown behaviour with 400, naming it a scenario as partners do, and the known ones', async () => {
    const unknown = await asked({[BEHAVIOUR_HEADER]: 'nap'});
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain(`unknown scenario \\"nap\\"; one of ${behaviours.join(', ')}`);
  });
});
