/**
 * The provider's go-live policy for each API, declared once with its specification: the root `x-go-live` of
 * `<slug>/openapi.yaml` says what a partner's hosted run of the integration check must show before the
 * partner may go live with that API. `plugins/go-live.mjs` lints its shape; `goLivePolicy` reads it and
 * checks what the lint cannot (the operations are the document's, the scenarios the check's). The check's
 * `verify --for` and `check --hosted --for` judge a run against it (check/src/attest/policy.ts), and the
 * Integration check page renders it (`<GoLivePolicies />`, content/src/goLiveTable.ts): one source, so a
 * partner reads exactly what the provider will require.
 *
 * ```yaml
 * x-go-live:
 *   operations: [HotelsService_CreateSearch, HotelsService_PollSearch]  # each called at least once
 *   completedSessions: 1   # live searches of this API seen through to RESULT_STATUS_COMPLETE
 *   furtherPage: true      # after completion, a poll asking for another page (x-live-flow.pageOffset)
 *   rules: [api-key-header, retry-after]  # each exercised (in some scenario) and passed
 *   scenarios: [...]       # the scenarios that must run; all of the check's when absent
 * ```
 */
import {liveFlows} from './flows';
import {operations, type OpenApiDocument} from './openapi';

export interface GoLivePolicy {
  slug: string;
  /** The scenarios a run must include, in the check's order. */
  scenarios: string[];
  /** Operations each called at least once over the run. */
  operations: string[];
  /** How many live searches of this API the run must see through to `RESULT_STATUS_COMPLETE`. */
  completedSessions: number;
  /** Whether a poll after completion must ask for another page (the flow's `pageOffset`). */
  furtherPage: boolean;
  /** The rules the run must exercise and pass. */
  rules: string[];
}

/** The `x-go-live` extension as written. */
interface Declared {
  scenarios?: unknown;
  operations?: unknown;
  completedSessions?: unknown;
  furtherPage?: unknown;
  rules?: unknown;
}

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);

/** The check's scenarios, in order, as its own API declares them (`Scenario` of specs/check-api). */
export function checkScenarios(checkApi: OpenApiDocument): string[] {
  const values = checkApi.components?.schemas?.Scenario?.enum;
  if (!strings(values)) throw new Error('check-api: components.schemas.Scenario lists no scenarios');
  return values;
}

/**
 * The policy of one API, or undefined when its specification declares none; throws what is wrong with a
 * declared one. `scenarioNames` are the check's (`checkScenarios`).
 */
export function goLivePolicy(slug: string, doc: OpenApiDocument, scenarioNames: string[]): GoLivePolicy | undefined {
  const declared = (doc as {'x-go-live'?: Declared})['x-go-live'];
  if (declared === undefined) return undefined;
  const where = `${slug}: x-go-live`;
  const ids = new Set(operations(slug, doc).map((operation) => operation.operationId));
  if (!strings(declared.operations) || !declared.operations.length || !declared.operations.every((id) => ids.has(id)))
    throw new Error(`${where}: operations must list operation ids of ${slug} (${[...ids].join(', ')})`);
  const scenarios = declared.scenarios ?? scenarioNames;
  if (!strings(scenarios) || !scenarios.length || !scenarios.every((name) => scenarioNames.includes(name)))
    throw new Error(`${where}: scenarios must list scenarios of the check (${scenarioNames.join(', ')})`);
  const completed = declared.completedSessions ?? 0;
  if (!Number.isInteger(completed) || (completed as number) < 0)
    throw new Error(`${where}: completedSessions must be a whole number, 0 or more`);
  const flows = liveFlows(slug, doc);
  if ((completed as number) > 0 && !flows.some((flow) => flow.kind === 'search'))
    throw new Error(`${where}: completedSessions needs a live search, and ${slug} declares none`);
  const furtherPage = declared.furtherPage ?? false;
  if (typeof furtherPage !== 'boolean') throw new Error(`${where}: furtherPage must be true or false`);
  if (furtherPage && !flows.some((flow) => flow.pageOffset))
    throw new Error(`${where}: furtherPage needs a poll that takes a page (x-live-flow.pageOffset)`);
  if (!strings(declared.rules) || !declared.rules.length || new Set(declared.rules).size !== declared.rules.length)
    throw new Error(`${where}: rules must list the ids of the check's rules, each once`);
  return {
    slug,
    scenarios: scenarioNames.filter((name) => (scenarios as string[]).includes(name)),
    operations: declared.operations,
    completedSessions: completed as number,
    furtherPage,
    rules: declared.rules,
  };
}

/**
 * The policy of every API that declares one, by slug, in the bundles' order. `scenarioNames` are the check's
 * (its `checkScenarios`, which check/src/hosted/spec.test.ts holds equal to the check API's `Scenario`).
 */
export function goLivePolicies(
  bundles: Map<string, OpenApiDocument>,
  scenarioNames: readonly string[],
): Map<string, GoLivePolicy> {
  const policies = new Map<string, GoLivePolicy>();
  for (const [slug, doc] of bundles) {
    const policy = goLivePolicy(slug, doc, [...scenarioNames]);
    if (policy) policies.set(slug, policy);
  }
  return policies;
}
