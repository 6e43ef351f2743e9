/**
 * The key step: each header the operation's security names must carry a key (401 without one), and the
 * sandbox takes only `sandbox_` keys (403 for any other, so a real key is never used here by mistake).
 */
import {createMiddleware} from 'hono/factory';
import {SandboxError} from '../errors';
import type {SandboxEnv} from './env';

/** Keys the sandbox accepts start with this; no real key does. */
export const SANDBOX_KEY_PREFIX = 'sandbox_';

export const requireKey = (keyHeaders: string[]) =>
  createMiddleware<SandboxEnv>(async (context, next) => {
    for (const header of keyHeaders) {
      const key = context.req.raw.headers.get(header);
      if (!key) throw new SandboxError(401, `Unauthorized, provide a valid API key in the ${header} header`);
      if (!key.startsWith(SANDBOX_KEY_PREFIX)) {
        throw new SandboxError(
          403,
          `The sandbox accepts keys that start with ${SANDBOX_KEY_PREFIX}; never send a real key to it`,
        );
      }
    }
    await next();
  });
