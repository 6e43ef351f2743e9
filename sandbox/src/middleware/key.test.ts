import {describe, expect, it} from 'vitest';
import {requireKey} from './key';
import {stepApp} from './testApp.fixture';

describe('the key step', () => {
  const app = stepApp(requireKey(['x-api-key']));

  it('lets a sandbox_ key through', async () => {
    expect((await app.request('/', {headers: {'x-api-key': 'sandbox_me'}})).status).toBe(200);
  });

  it('answers 401 without a key and 403 for a key that is not a sandbox key', async () => {
    const missing = await app.request('/');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({message: expect.stringContaining('x-api-key')});
    const real = await app.request('/', {headers: {'x-api-key': 'prtl_live_key'}});
    expect(real.status).toBe(403);
    expect(await real.json()).toMatchObject({message: expect.stringContaining('sandbox_')});
  });

  it('asks nothing of an operation without security', async () => {
    expect((await stepApp(requireKey([])).request('/')).status).toBe(200);
  });
});
