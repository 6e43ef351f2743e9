/**
 * The contract the integration check judges, as the site shows it: its rules (each with its fixed id, one
 * sentence, the tolerance it allows, the guide section that states it and the scenarios that judge it),
 * taken from the registry (judge/rules/index.ts, each rule written once in rules/<id>.ts), and what each scenario
 * does. The site's Integration check page renders these (website/src/components/CheckRules), as do the
 * reports. Loads no library, only the rules' files and keyNames.ts (contract.test.ts proves it).
 */
import type {CheckScenario, Rule} from './model';
import {ruleBook} from './judge/rules';

export type {RuleId} from './judge/rules';

/** The rules as data (no judgement), in the order they are judged and reported. */
export const rules: Rule[] = ruleBook.map(({id, sentence, tolerance, guide, reason, scenarios}: Rule) => ({
  id,
  sentence,
  tolerance,
  guide,
  ...(reason ? {reason} : {}),
  ...(scenarios ? {scenarios} : {}),
}));

/** What each scenario does, in one sentence: the report and the Integration check page show them. */
export const scenarioSummaries: Record<CheckScenario, string> = {
  normal: 'A live search that completes after a few polls, as the sandbox plays it.',
  'rate-limited': 'The first call is answered 429 with Retry-After: 2 and the error body.',
  'server-error': "The first session's first poll is answered 503, once.",
  'session-lost':
    'Its first session says RESULT_STATUS_INCOMPLETE until, from its second poll on, its polls are answered 404 with the error body, as the service answers a session it no longer holds.',
  'never-completes': 'Every answer of the first session says RESULT_STATUS_INCOMPLETE.',
  failed: "The first search ends RESULT_STATUS_FAILED (the sandbox's failed scenario).",
  rejected: 'Every call is answered 401 with the error body, as for a missing or wrong key.',
};
