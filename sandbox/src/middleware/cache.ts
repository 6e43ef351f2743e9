/**
 * The answer cache step: a handler that reads neither the clock nor the token signer answers the same
 * to the same request, so its bytes are kept (answers.ts) under the checked request's key and sent as
 * they are the next time, without running the handler.
 */
import {createMiddleware} from 'hono/factory';
import {cached, keep} from '../answers';
import {JSON_HEADERS, type SandboxEnv} from './env';

export const keptAnswers = () =>
  createMiddleware<SandboxEnv>(async (context, next) => {
    const {answerKey} = context.var.checked;
    const kept = cached(answerKey);
    if (kept instanceof Uint8Array) return context.body(kept as Uint8Array<ArrayBuffer>, 200, JSON_HEADERS);
    await next();
    const bytes = context.var.keepable;
    if (bytes) keep(answerKey, bytes);
  });
