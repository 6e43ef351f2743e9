/**
 * The scenario step: a call asks for a behaviour on purpose with the `x-sandbox-scenario` header or a
 * `sandbox_scenario_<name>` key. 429, 500 and 503 answer here at once; the others reach the handler
 * (`context.var.scenario`). An unknown name answers 400.
 */
import {createMiddleware} from 'hono/factory';
import {badRequest, SandboxError} from '../errors';
import {SCENARIO_HEADER, scenarios, type Scenario} from '../scenarios';
import type {SandboxEnv} from './env';

export {SCENARIO_HEADER};
/** Seconds a 429 asks to wait. */
export const RETRY_AFTER_SECONDS = 5;

/** The scenario a call asks for: the header, else a `sandbox_scenario_<name>` key. */
export function scenarioOf(request: Request): Scenario | undefined {
  const asked =
    request.headers.get(SCENARIO_HEADER) ?? request.headers.get('x-api-key')?.match(/^sandbox_scenario_(\w+)$/)?.[1];
  if (asked === undefined || asked === null) return undefined;
  if (!(scenarios as readonly string[]).includes(asked)) {
    throw badRequest([
      {
        field: SCENARIO_HEADER,
        description: `unknown scenario "${asked}"; one of ${scenarios.join(', ')}`,
        reason: 'scenario',
      },
    ]);
  }
  return asked as Scenario;
}

export const askedScenario = () =>
  createMiddleware<SandboxEnv>(async (context, next) => {
    const scenario = scenarioOf(context.req.raw);
    if (scenario === '429') throw new SandboxError(429, undefined, [], RETRY_AFTER_SECONDS);
    if (scenario === '500' || scenario === '503') throw new SandboxError(Number(scenario));
    context.set('scenario', scenario);
    await next();
  });
