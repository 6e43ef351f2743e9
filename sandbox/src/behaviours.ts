/**
 * The sandbox's behaviours, declared only here: what a caller asks for on purpose (a 429, a slow search, an
 * empty answer: sandbox/README.md, "Scenarios") with the `x-sandbox-scenario` header or a
 * `sandbox_scenario_<name>` key, answered by the behaviour step (middleware/behaviour.ts). Partners know them
 * as scenarios (the header, the keys and the pages say so, and keep saying so); the code calls them behaviours
 * so they are never taken for the integration check's scenarios (check/src/model.ts `checkScenarios`), which
 * play a whole run. No imports, so the try-it console offers them without the sandbox.
 */
export const behaviours = ['429', '500', '503', 'failed', 'slow', 'empty'] as const;
export type Behaviour = (typeof behaviours)[number];

/** The header that asks for a behaviour; `sandbox_scenario_<name>` keys ask the same. */
export const BEHAVIOUR_HEADER = 'x-sandbox-scenario';
