/**
 * The rules and the scenarios of the integration check, on docs/getting-started/integration-check.mdx,
 * rendered from where the check reads them (`rules` and `scenarioSummaries` of
 * `@portal/check/contract`, check/src/contract.ts, which holds no code of the check), so
 * the page never restates them:
 * - `CheckRules` (default): each rule's id, sentence, tolerance, why it is drawn there (when the rule
 *   says), the scenarios that exercise it, and a link to the guide section that states it;
 * - `CheckScenarios`: each scenario's id, what the check does to the calls in it, and the rules only it
 *   exercises.
 * Both render on the server, as lists that read well on a phone. What they say is ./rules.ts, which their
 * markdown forms (./markdown.ts) read too. Each rule's anchor (`#rule-poll-interval`) is reported to
 * Docusaurus's link check, as headings report theirs, so the links to it (the go-live policies') count.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {checkScenarios, judgedIn, ruleAnchor, rules, rulesOnlyIn, scenarioSummaries} from './rules';
import styles from './styles.module.css';

export {ruleAnchor};

export default function CheckRules(): ReactNode {
  const brokenLinks = useBrokenLinks();
  for (const rule of rules) brokenLinks.collectAnchor(ruleAnchor(rule.id));
  return (
    <ol className={styles.list} data-testid="check-rules">
      {rules.map((rule) => (
        <li key={rule.id} id={ruleAnchor(rule.id)} className={styles.item}>
          <p className={styles.head}>
            <code className={styles.id}>{rule.id}</code>
          </p>
          <p className={styles.sentence}>{rule.sentence}</p>
          <dl className={styles.facts}>
            <dt>Tolerance</dt>
            <dd>{rule.tolerance}</dd>
            {rule.reason && (
              <>
                <dt>Why</dt>
                <dd>{rule.reason}</dd>
              </>
            )}
            <dt>Judged</dt>
            <dd>{judgedIn(rule)}</dd>
            <dt>Guide</dt>
            <dd>
              <Link to={rule.guide.path}>{rule.guide.title}</Link>
            </dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

export function CheckScenarios(): ReactNode {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="The scenarios of the check">
      <table className={styles.table} data-testid="check-scenarios">
        <thead>
          <tr>
            <th scope="col">Scenario</th>
            <th scope="col">What the check does to the calls</th>
          </tr>
        </thead>
        <tbody>
          {checkScenarios.map((scenario) => {
            const only = rulesOnlyIn(scenario);
            return (
              <tr key={scenario}>
                <th scope="row">
                  <code>{scenario}</code>
                </th>
                <td>
                  {scenarioSummaries[scenario]}
                  {only.length > 0 && (
                    <>
                      {' '}
                      Only this scenario judges{' '}
                      {only.map((id, index) => (
                        <span key={id}>
                          {index > 0 && ', '}
                          <a href={`#${ruleAnchor(id)}`}>
                            <code>{id}</code>
                          </a>
                        </span>
                      ))}
                      .
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
