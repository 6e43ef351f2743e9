/**
 * The behaviour step: a call asks for a behaviour on purpose with the `x-sandbox-scenario` header or a
 * `sandbox_scenario_<name>` key. 429, 500 and 503 answer here at once; the others reach the handler
 * (`context.var.behaviour`). An unknown name answers 400.
 */
import {createMiddleware} from 'hono/factory';
import {badRequest, SandboxError} from '../errors';
import {BEHAVIOUR_HEADER, behaviours, type Behaviour} from '../behaviours';
import type {SandboxEnv} from './env';

export {BEHAVIOUR_HEADER};
/** Seconds a 429 asks to wait. */
export const RETRY_AFTER_SECONDS = 5;

/** The behaviour a call asks for: the header, else a `sandbox_scenario_<name>` key. */
export function behaviourOf(request: Request): Behaviour | undefined {
  const asked =
    request.headers.get(BEHAVIOUR_HEADER) ?? request.headers.get('x-api-key')?.match(/^sandbox_scenario_(\w+)$/)?.[1];
  if (asked === undefined || asked === null) return undefined;
  if (!(behaviours as readonly string[]).includes(asked)) {
    throw badRequest([
      {
        field: BEHAVIOUR_HEADER,
        // Partners know the behaviours as scenarios (../behaviours.ts): the answer says so, as the pages show it
        description: `unknown scenario "${asked}"; one of ${behaviours.join(', ')}`,
        reason: 'scenario',
      },
    ]);
  }
  return asked as Behaviour;
}

export const askedBehaviour = () =>
  createMiddleware<SandboxEnv>(async (context, next) => {
    const behaviour = behaviourOf(context.req.raw);
    if (behaviour === '429') throw new SandboxError(429, undefined, [], RETRY_AFTER_SECONDS);
    if (behaviour === '500' || behaviour === '503') throw new SandboxError(Number(behaviour));
    context.set('behaviour', behaviour);
    await next();
  });
