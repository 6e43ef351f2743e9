/**
 * The markdown forms of `CheckRules` and `CheckScenarios` (./index.tsx), from the same data (./rules.ts):
 * the rules as a numbered list with each rule's sentence, tolerance, where it is judged and its guide
 * section; the scenarios as the table the page shows. Registered in ../markdown.ts.
 */
import {markdownCode, markdownText, type ComponentForms} from '@portal/content';
import {checkScenarios, judgedIn, ruleAnchor, rules, rulesOnlyIn, scenarioSummaries} from './rules';

export const checkRulesMarkdown: ComponentForms = {
  CheckRules: () =>
    rules
      .map((rule, index) =>
        [
          `${index + 1}. ${markdownCode(rule.id)}`,
          '',
          `   ${markdownText(rule.sentence)}`,
          '',
          `   - **Tolerance:** ${markdownText(rule.tolerance)}`,
          ...(rule.reason ? [`   - **Why:** ${markdownText(rule.reason)}`] : []),
          `   - **Judged:** ${markdownText(judgedIn(rule))}`,
          `   - **Guide:** [${markdownText(rule.guide.title)}](${rule.guide.path})`,
        ].join('\n'),
      )
      .join('\n\n'),

  // A rule's anchor is on the page (`#rule-poll-interval`), not in its markdown: the links go to the page.
  CheckScenarios: ({page}) =>
    [
      '| Scenario | What the check does to the calls |',
      '| - | - |',
      ...checkScenarios.map((scenario) => {
        const only = rulesOnlyIn(scenario).map((id) => `[${markdownCode(id)}](pathname://${page}#${ruleAnchor(id)})`);
        const judges = only.length ? ` Only this scenario judges ${only.join(', ')}.` : '';
        return `| ${markdownCode(scenario)} | ${markdownText(scenarioSummaries[scenario])}${judges} |`;
      }),
    ].join('\n'),
};
