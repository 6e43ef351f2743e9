/**
 * The sandbox's scenarios, declared only here: the behaviours a caller asks for on purpose (sandbox/README.md,
 * "Scenarios") with the `x-sandbox-scenario` header or a `sandbox_scenario_<name>` key, answered by the
 * scenario step (middleware/scenario.ts). No imports, so the try-it console offers them without the sandbox.
 */
export const scenarios = ['429', '500', '503', 'failed', 'slow', 'empty'] as const;
export type Scenario = (typeof scenarios)[number];

/** The header that asks for a scenario; `sandbox_scenario_<name>` keys ask the same. */
export const SCENARIO_HEADER = 'x-sandbox-scenario';
