/**
 * The registry of the check's rules (index.ts): twelve rules in their fixed order, each in its own file named
 * by its id with its own test, each citing a guide section by its anchor (website/test/checkRuleLinks.test.ts
 * proves the section exists); and all of them judging one recording together (../judge.ts).
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {currencies, judge, politeSearch, verdictOf} from './recordings.fixture';
import {ruleBook} from './index';

/** The files of this folder that are no rule. */
const NOT_RULES = ['index.ts', 'judgement.ts'];

describe('the registry', () => {
  it('holds the twelve rules in their fixed order, each with a sentence, a tolerance, a guide anchor and a judgement', () => {
    expect(ruleBook.map((rule) => rule.id)).toEqual([
      'valid-requests',
      'api-key-header',
      'poll-interval',
      'stop-when-done',
      'bounded-polling',
      'retry-after',
      'retry-server-errors',
      'no-retry-client-errors',
      'new-search-after-404',
      'views-in-session',
      'refresh-in-session',
      'reference-data-cached',
    ]);
    for (const rule of ruleBook) {
      expect(rule.sentence, rule.id).toMatch(/^[A-Z].*\.$/);
      expect(rule.tolerance, rule.id).toMatch(/^[A-Z0-9].*\.$/);
      expect(rule.guide.title, rule.id).toMatch(/^[A-Z].*: .+/);
      expect(rule.guide.path, rule.id).toMatch(/^\/docs\/getting-started\/[a-z-]+#[a-z0-9-]+$/);
      expect(rule.judge, rule.id).toBeTypeOf('function');
    }
    expect(ruleBook.find((rule) => rule.id === 'bounded-polling')?.scenarios).toEqual(['never-completes']);
  });

  it('has each rule in its own file named by its id, with its own test, and no rule file left out', async () => {
    const files = readdirSync(__dirname).filter(
      (file) => file.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(file) && !NOT_RULES.includes(file),
    );
    expect(files.sort()).toEqual(ruleBook.map((rule) => `${rule.id}.ts`).sort());
    for (const rule of ruleBook) {
      const module = (await import(/* @vite-ignore */ path.join(__dirname, `${rule.id}.ts`))) as {default: unknown};
      expect(module.default, rule.id).toBe(rule);
      expect(existsSync(path.join(__dirname, `${rule.id}.test.ts`)), `${rule.id}.test.ts`).toBe(true);
    }
  });
});

describe('all the rules on one recording', () => {
  it('pass a polite program on every rule it exercises, and say why the others are not exercised', async () => {
    const report = await judge([{...currencies(), after: 0}, ...politeSearch()]);
    const outcomes = Object.fromEntries(report.verdicts.map((verdict) => [verdict.rule, verdict.outcome]));
    expect(outcomes).toEqual({
      'valid-requests': 'pass',
      'api-key-header': 'pass',
      'poll-interval': 'pass',
      'stop-when-done': 'pass',
      'bounded-polling': 'not-exercised',
      'retry-after': 'not-exercised',
      'retry-server-errors': 'not-exercised',
      'no-retry-client-errors': 'not-exercised',
      'new-search-after-404': 'not-exercised',
      'views-in-session': 'not-exercised',
      'refresh-in-session': 'pass',
      'reference-data-cached': 'pass',
    });
    expect(verdictOf(report, 'bounded-polling').detail).toMatch(/normal scenario .*never-completes/);
    expect(verdictOf(report, 'valid-requests').calls).toEqual([0, 1, 2, 3]);
  });

  it('exercise nothing with no call, each saying why', async () => {
    const report = await judge([]);
    expect(report.verdicts.map((verdict) => verdict.rule)).toEqual(ruleBook.map((rule) => rule.id));
    for (const verdict of report.verdicts) {
      expect(verdict.outcome, verdict.rule).toBe('not-exercised');
      expect(verdict.detail, verdict.rule).not.toBe('');
    }
  });
});
