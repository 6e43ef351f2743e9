/**
 * The site's contract (contract.ts): the rules of the registry (judge/rules/index.ts) as data, not written again,
 * a sentence for each scenario, and, as the Integration check page bundles it, no library and none of the
 * check's code but the rules' own files.
 */
import path from 'node:path';
import {build} from 'esbuild';
import {describe, expect, it} from 'vitest';
import {rules, scenarioSummaries} from './contract';
import {checkScenarios} from './model';
import {ruleBook} from './judge/rules';

describe('the contract', () => {
  it("is the registry's rules as data: the same fields, no judgement", () => {
    expect(rules).toHaveLength(ruleBook.length);
    rules.forEach((rule, at) => {
      const {judge, ...data} = ruleBook[at];
      expect(judge).toBeTypeOf('function');
      expect(rule).toEqual(data);
    });
    expect(JSON.parse(JSON.stringify(rules))).toEqual(rules);
  });

  it('says what each scenario does, in one sentence', () => {
    expect(Object.keys(scenarioSummaries)).toEqual([...checkScenarios]);
    for (const scenario of checkScenarios) expect(scenarioSummaries[scenario], scenario).toMatch(/^[A-Z].*\.$/);
  });

  it("bundles for a browser with the rules' files and keyNames.ts only", async () => {
    const result = await build({
      entryPoints: [path.join(__dirname, 'contract.ts')],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).map((input) => path.relative(__dirname, path.resolve(input)));
    expect(inputs.sort()).toEqual(
      [
        'contract.ts',
        'keyNames.ts',
        'judge/rules/index.ts',
        'judge/rules/judgement.ts',
        ...ruleBook.map((rule) => `judge/rules/${rule.id}.ts`),
      ].sort(),
    );
  });
});
