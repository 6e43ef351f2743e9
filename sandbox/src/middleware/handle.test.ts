import {createMiddleware} from 'hono/factory';
import {describe, expect, it} from 'vitest';
import {exampleBody, op} from '../testing.fixture';
import {TokenSigner} from '../token';
import type {SandboxEnv} from './env';
import {runHandler} from './handle';
import {routeOf, stepApp} from './testApp.fixture';

/** Runs an operation's handler on its example body, telling whether the answer may be kept. */
async function run(operationId: string) {
  const prepare = createMiddleware<SandboxEnv>(async (context, next) => {
    context.set('checked', {params: {}, body: exampleBody(op(operationId)) ?? {}, answerKey: 'handle test'});
    await next();
    context.header('x-keepable', String(context.var.keepable !== undefined));
  });
  const app = stepApp(prepare, {
    route: routeOf(operationId),
    last: runHandler(() => Date.UTC(2026, 10, 26), new TokenSigner('handle test secret')),
  });
  const response = await app.request('/');
  return {status: response.status, keepable: response.headers.get('x-keepable'), json: await response.json()};
}

describe('the handler step', () => {
  it("answers the handler's JSON, kept when it read neither the clock nor the signer", async () => {
    const currencies = await run('CultureService_ListCurrencies');
    expect(currencies.status).toBe(200);
    expect((currencies.json as {currencies: unknown[]}).currencies.length).toBeGreaterThan(0);
    expect(currencies.keepable).toBe('true');
  });

  it('keeps nothing of an answer that signed a session token', async () => {
    const created = await run('FlightsService_CreateSearch');
    expect(created.status).toBe(200);
    expect((created.json as {sessionToken: string}).sessionToken).toBeTruthy();
    expect(created.keepable).toBe('false');
  });
});
