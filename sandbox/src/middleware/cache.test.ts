import {createMiddleware} from 'hono/factory';
import {describe, expect, it} from 'vitest';
import {clearCache} from '../answers';
import {keptAnswers} from './cache';
import type {SandboxEnv} from './env';
import {stepApp} from './testApp.fixture';

/** A handler step that counts its runs and marks its answer keepable or not. */
function counting(keepable: boolean) {
  const runs = {count: 0};
  const last = createMiddleware<SandboxEnv>(async (context) => {
    runs.count++;
    const bytes = new TextEncoder().encode(JSON.stringify({run: runs.count}));
    if (keepable) context.set('keepable', bytes);
    return context.body(bytes, 200);
  });
  return {runs, last};
}

const withChecked = (answerKey: string) =>
  createMiddleware<SandboxEnv>(async (context, next) => {
    context.set('checked', {params: {}, body: {}, answerKey});
    await next();
  });

describe('the answer cache step', () => {
  it('sends a kept answer again without running the handler', async () => {
    clearCache();
    const {runs, last} = counting(true);
    const app = stepApp([withChecked('cache test kept'), keptAnswers()], {last});
    expect(await (await app.request('/')).json()).toEqual({run: 1});
    expect(await (await app.request('/')).json()).toEqual({run: 1});
    expect(runs.count).toBe(1);
  });

  it('keeps nothing of an answer that read the clock or the signer', async () => {
    clearCache();
    const {runs, last} = counting(false);
    const app = stepApp([withChecked('cache test not kept'), keptAnswers()], {last});
    expect(await (await app.request('/')).json()).toEqual({run: 1});
    expect(await (await app.request('/')).json()).toEqual({run: 2});
    expect(runs.count).toBe(2);
  });
});
