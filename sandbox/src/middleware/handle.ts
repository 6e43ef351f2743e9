/**
 * The last step: the operation's handler (services/) with the checked request, the clock and the token
 * signer, each of which notices being read (an answer that read neither is left in
 * `context.var.keepable` for cache.ts to keep); its answer is sent as JSON (answers.ts `answerBytes`, which writes `RawJson` parts as
 * they are).
 */
import {createMiddleware} from 'hono/factory';
import {answerBytes} from '../answers';
import type {TokenSigner} from '../token';
import {JSON_HEADERS, type SandboxEnv} from './env';

export const runHandler = (now: () => number, tokens: TokenSigner) =>
  createMiddleware<SandboxEnv>(async (context) => {
    const {route, checked, behaviour} = context.var;
    let timeless = true;
    const at = now();
    const answer = await route.handler({
      operation: route.operation,
      doc: route.doc,
      body: checked.body,
      params: checked.params,
      get now() {
        timeless = false;
        return at;
      },
      behaviour,
      get tokens() {
        timeless = false;
        return tokens;
      },
    });
    const bytes = answerBytes(answer) as Uint8Array<ArrayBuffer>;
    if (timeless) context.set('keepable', bytes);
    return context.body(bytes, 200, JSON_HEADERS);
  });
