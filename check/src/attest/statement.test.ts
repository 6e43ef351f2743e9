/**
 * The statement (statement.ts) field by field, where the verifier's own tests see it only whole: the rules'
 * digest (the check's version), the check entry of a judged run (its page, digest, scenarios and each rule
 * once per scenario by outcome), and the rules a statement says were not exercised, read only from the check's
 * own entry and only when every item is text.
 */
import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import type {Rule} from '../model';
import {oneCallRun, signedFixture} from './signed.fixture';
import {
  CHECK_CONFIGURATION,
  notExercisedOf,
  resultLists,
  rulesDigest,
  testResultStatement,
  type TestResultStatement,
} from './statement';

const rule = (id: string, sentence: string, tolerance: string) => ({id, sentence, tolerance}) as unknown as Rule;

describe('rulesDigest: the check version a statement names', () => {
  it('is the SHA-256 of each rule as [id, sentence, tolerance], and changes with a tolerance', async () => {
    const rules = [rule('poll-interval', 'Wait between polls.', 'Up to 10 % early.'), rule('a', 'b', 'c')];
    const json = JSON.stringify([
      ['poll-interval', 'Wait between polls.', 'Up to 10 % early.'],
      ['a', 'b', 'c'],
    ]);
    expect(await rulesDigest(rules)).toBe(createHash('sha256').update(json).digest('hex'));
    const looser = [rule('poll-interval', 'Wait between polls.', 'Up to 11 % early.'), rule('a', 'b', 'c')];
    expect(await rulesDigest(looser)).not.toBe(await rulesDigest(rules));
  });
});

describe('notExercisedOf: the rules a statement says were not exercised', () => {
  const statement = (configuration: unknown[]) => ({predicate: {configuration}}) as unknown as TestResultStatement;
  const bundle = {name: 'flights-live-pricing', annotations: {notExercisedTests: ['normal/forged']}};

  it("reads the check's own entry, wherever it stands among the descriptors", () => {
    const check = {name: CHECK_CONFIGURATION, annotations: {notExercisedTests: ['normal/views-in-session']}};
    expect(notExercisedOf(statement([bundle, check]))).toEqual(['normal/views-in-session']);
    expect(notExercisedOf(statement([check, bundle]))).toEqual(['normal/views-in-session']);
  });

  it('gives nothing without a check entry, or when one item of the list is not text', () => {
    expect(notExercisedOf(statement([bundle]))).toBeUndefined();
    const mixed = {name: CHECK_CONFIGURATION, annotations: {notExercisedTests: ['normal/poll-interval', 7]}};
    expect(notExercisedOf(statement([mixed]))).toBeUndefined();
    const notList = {name: CHECK_CONFIGURATION, annotations: {notExercisedTests: 'normal/poll-interval'}};
    expect(notExercisedOf(statement([notList]))).toBeUndefined();
  });
});

describe('testResultStatement: the check entry of a judged run', () => {
  it('names the check page, the rules digest, each scenario, and the tests by outcome, nothing else', async () => {
    const {input} = await signedFixture([oneCallRun()], {finishedAt: '2026-11-23T10:01:00.000Z'});
    const statement = await testResultStatement(input);
    const check = statement.predicate.configuration.find((descriptor) => descriptor.name === CHECK_CONFIGURATION)!;
    expect(check.uri).toBe('https://portal.example/docs/getting-started/integration-check');
    expect(check.digest).toEqual({sha256: await rulesDigest(input.rules)});
    expect(check.annotations?.scenarios).toEqual(['normal']);
    const lists = resultLists(input.report);
    expect(statement.predicate.passedTests).toEqual(lists.passedTests);
    expect(lists.passedTests.length).toBeGreaterThan(0);
    expect(lists.passedTests.every((test) => test.startsWith('normal/'))).toBe(true);
    expect(check.annotations?.notExercisedTests).toEqual(lists.notExercisedTests);
    expect(lists.notExercisedTests.every((test) => test.startsWith('normal/'))).toBe(true);
    expect(
      [...lists.passedTests, ...lists.notExercisedTests, ...lists.failedTests, ...lists.warnedTests].sort(),
    ).toEqual(input.rules.map((rule) => `normal/${rule.id}`).sort());
  });
});
