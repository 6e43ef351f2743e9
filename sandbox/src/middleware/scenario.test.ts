import {describe, expect, it} from 'vitest';
import {scenarios} from '../services/types';
import {askedScenario, RETRY_AFTER_SECONDS, SCENARIO_HEADER} from './scenario';
import {stepApp} from './testApp';

describe('the scenario step', () => {
  const app = stepApp(askedScenario());
  const asked = async (headers: Record<string, string>) => {
    const response = await app.request('/', {headers});
    return {status: response.status, body: (await response.json()) as {scenario?: string | null; message?: string}};
  };

  it('passes the scenario a call asks for, by header or by key, to the next steps', async () => {
    expect(await asked({})).toEqual({status: 200, body: {scenario: null, checked: null}});
    expect((await asked({[SCENARIO_HEADER]: 'slow'})).body.scenario).toBe('slow');
    expect((await asked({'x-api-key': 'sandbox_scenario_empty'})).body.scenario).toBe('empty');
  });

  it('answers 429, 500 and 503 at once', async () => {
    const tooMany = await app.request('/', {headers: {[SCENARIO_HEADER]: '429'}});
    expect(tooMany.status).toBe(429);
    expect(await tooMany.json()).toMatchObject({retryAfter: RETRY_AFTER_SECONDS});
    expect((await asked({[SCENARIO_HEADER]: '500'})).status).toBe(500);
    expect((await asked({[SCENARIO_HEADER]: '503'})).status).toBe(503);
  });

  it('refuses an unknown scenario with 400, naming the known ones', async () => {
    const unknown = await asked({[SCENARIO_HEADER]: 'nap'});
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain(`one of ${scenarios.join(', ')}`);
  });
});
