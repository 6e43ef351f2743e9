/**
 * The provider's go-live policy, judged on a run: does what the run covered meet what the policy of each
 * named API asks (`x-go-live` of its specification, read by `goLivePolicies` of @portal/specs)? Coverage
 * counts over the whole run, not per scenario (a program that stops at a lost session is right to stop):
 * each scenario the policy names was run; each operation it names was called; as many live searches of
 * the API as it asks were seen through to `RESULT_STATUS_COMPLETE`; a further page was asked for when it
 * asks one; each rule it names was exercised (a failed rule already fails the run, ./decide.ts). `verify
 * --for` judges an attestation's statement so, `check --hosted --for` its own run. An API is named as the
 * site names it: its guide folder (`hotels-live-prices`) or its reference slug (`hotels-live`).
 * Browser-safe.
 */
import {apis} from '@portal/content/apis';
import {goLivePolicies, type GoLivePolicy, type OpenApiDocument} from '@portal/specs';
import type {ScenarioCoverage} from '../judge/coverage';
import {checkScenarios} from '../model';

/** A policy with the name a partner reads it under (the API's guide folder). */
export interface NamedPolicy extends GoLivePolicy {
  name: string;
}

/** What a run shows that a policy is judged on. */
export interface RunCoverage {
  scenarios: string[];
  coverage: ScenarioCoverage[];
}

/** The names `--for` takes: each API's guide folder and its reference slug. */
export const apiNames = (): string[] => apis.flatMap((api) => [api.guideFolder, api.slug]);

/**
 * The policies `--for <api>[,<api>...]` names, or the error to print: an unknown name, or an API whose
 * specification declares no policy.
 */
export function policiesFor(
  list: string,
  bundles: Map<string, OpenApiDocument>,
): {policies: NamedPolicy[]} | {error: string} {
  const declared = goLivePolicies(bundles, checkScenarios);
  const policies: NamedPolicy[] = [];
  for (const name of list.split(',').map((item) => item.trim())) {
    const api = apis.find((entry) => entry.guideFolder === name || entry.slug === name);
    if (!api) return {error: `--for names no API: ${JSON.stringify(name)} (one of ${apiNames().join(', ')})`};
    const policy = declared.get(api.slug);
    if (!policy) return {error: `--for ${name}: its specification declares no go-live policy`};
    if (!policies.some((known) => known.slug === policy.slug)) policies.push({...policy, name: api.guideFolder});
  }
  return {policies};
}

const sum = (coverage: ScenarioCoverage[], pick: (run: ScenarioCoverage) => Record<string, number>, key: string) =>
  coverage.reduce((total, run) => total + (pick(run)[key] ?? 0), 0);

/** Why the run does not meet the policy, one line each (none when it does). */
export function policyReasons(policy: NamedPolicy, run: RunCoverage): string[] {
  const reasons: string[] = [];
  const say = (reason: string) => reasons.push(`${policy.name}: ${reason}`);
  for (const scenario of policy.scenarios)
    if (!run.scenarios.includes(scenario)) say(`scenario ${scenario} was not run`);
  for (const operation of policy.operations)
    if (!sum(run.coverage, (scenario) => scenario.operations, operation)) say(`${operation} was never called`);
  const completed = sum(run.coverage, (scenario) => scenario.completedSessions ?? {}, policy.slug);
  if (completed < policy.completedSessions)
    say(
      `${completed} live search${completed === 1 ? ' was' : 'es were'} seen through to RESULT_STATUS_COMPLETE, of the ${policy.completedSessions} asked`,
    );
  if (policy.furtherPage && !sum(run.coverage, (scenario) => scenario.furtherPages ?? {}, policy.slug))
    say('no further page of results was asked for after a search completed');
  const exercised = new Set(run.coverage.flatMap((scenario) => scenario.exercisedRules));
  for (const rule of policy.rules) if (!exercised.has(rule)) say(`rule ${rule} was never exercised`);
  return reasons;
}

/** The policy as one line a partner reads: what a run must show. */
export function policyLine(policy: NamedPolicy): string {
  const parts = [
    `scenarios ${policy.scenarios.join(', ')}`,
    `calls of ${policy.operations.join(', ')}`,
    ...(policy.completedSessions
      ? [`${policy.completedSessions} live search${policy.completedSessions === 1 ? '' : 'es'} completed`]
      : []),
    ...(policy.furtherPage ? ['a further page after completion'] : []),
    `rules exercised and passed: ${policy.rules.join(', ')}`,
  ];
  return `${policy.name} asks for ${parts.join('; ')}`;
}
