/**
 * What the Integration check page says of the check's rules and scenarios, from where the check reads
 * them (`rules` and `scenarioSummaries` of `@portal/check/contract`, `checkScenarios` of its
 * model): read by the components (./index.tsx) and by their markdown forms (./markdown.ts), so both say
 * the same. No React here.
 */
import {checkScenarios, type CheckScenario, type Rule} from '@portal/check/model';
import {rules, scenarioSummaries} from '@portal/check/contract';

export {checkScenarios, rules, scenarioSummaries};

/** The rules that only some scenarios exercise, by scenario. */
export const rulesOnlyIn = (scenario: CheckScenario): string[] =>
  rules.filter((rule) => rule.scenarios?.includes(scenario)).map((rule) => rule.id);

/** The anchor of a rule on the page, so a report or a reader can point at it (`#rule-poll-interval`). */
export const ruleAnchor = (id: string): string => `rule-${id}`;

/** Where a rule is judged, as the page says it. */
export const judgedIn = (rule: Pick<Rule, 'scenarios'>): string =>
  rule.scenarios
    ? `Only in the ${rule.scenarios.join(', ')} scenario${rule.scenarios.length > 1 ? 's' : ''}; never in a HAR.`
    : 'In every run and in a HAR, whenever the calls give it something to judge.';
