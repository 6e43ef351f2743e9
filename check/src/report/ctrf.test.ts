/**
 * ctrf.json as CTRF's reference implementation (the `ctrf` package) reads it: what ctrf.ts writes validates
 * against its schema, and the same validator refuses a report broken where a writer could break it, so a
 * passing validation here says something. The tests are the attestation's (`resultLists`), with JUnit's skips.
 */
import {calculateSummary, CURRENT_SPEC_VERSION, parse, validate, type CTRFReport} from 'ctrf';
import {describe, expect, it} from 'vitest';
import {resultLists} from '../attest/statement';
import {CTRF_SPEC_VERSION, ctrfJson} from './ctrf';
import {fixtureReport, fixtureRules, hostileReport} from './report.fixture';

const SITE = 'https://developers.example.com';

/** The report read back by the package's parser, and its validation's errors (none when valid). */
function written(report = fixtureReport()): {ctrf: CTRFReport; errors: string[]} {
  const ctrf = parse(ctrfJson(report, fixtureRules, {siteUrl: SITE}));
  return {ctrf, errors: validate(ctrf).errors.map((error) => `${error.path}: ${error.message}`)};
}

const statuses = (ctrf: CTRFReport) => ctrf.results.tests.map((test) => [test.name, test.status]);

describe('ctrf.json', () => {
  it('is a valid CTRF report of one test per rule and run, named as in the attestation', () => {
    const {ctrf, errors} = written();
    expect(errors).toEqual([]);
    expect(ctrf).toMatchObject({reportFormat: 'CTRF', specVersion: CURRENT_SPEC_VERSION});
    expect(CTRF_SPEC_VERSION).toBe(CURRENT_SPEC_VERSION);
    expect(ctrf.results.tool).toEqual({name: 'integration-check'});
    // retry-after applies to rate-limited only: no test of it in the normal run (as in junit.xml)
    expect(statuses(ctrf)).toEqual([
      ['normal/valid-requests', 'passed'],
      ['normal/poll-interval', 'passed'],
      ['rate-limited/valid-requests', 'passed'],
      ['rate-limited/retry-after', 'failed'],
      ['rate-limited/poll-interval', 'skipped'],
    ]);
    expect(ctrf.results.tests.map((test) => test.suite)).toEqual([
      ['normal'],
      ['normal'],
      ['rate-limited'],
      ['rate-limited'],
      ['rate-limited'],
    ]);
    const lists = resultLists(fixtureReport());
    const named = (status: string) =>
      ctrf.results.tests.filter((test) => test.status === status).map((test) => test.name);
    expect(named('passed')).toEqual(lists.passedTests);
    expect(named('failed')).toEqual(lists.failedTests);
    expect(named('skipped')).toEqual(lists.notExercisedTests);
    expect(ctrf.results.extra).toEqual({subject: 'node client.js', passed: false});
  });

  it('has the counts CTRF computes from its tests, and the runs’ span', () => {
    const {ctrf} = written();
    const {tests, passed, failed, skipped, pending, other} = calculateSummary(ctrf.results.tests);
    expect(ctrf.results.summary).toEqual({
      tests,
      passed,
      failed,
      skipped,
      pending,
      other,
      suites: 2,
      // normal starts at 10:00:00; rate-limited starts at 10:01:00 and its program ends 2.2 s later
      start: Date.parse('2026-11-23T10:00:00.000Z'),
      stop: Date.parse('2026-11-23T10:01:02.200Z'),
    });
    expect([tests, passed, failed, skipped]).toEqual([5, 3, 1, 1]);
  });

  it('says what broke a rule, the rule, its guide and the calls; why a rule was skipped', () => {
    const {ctrf} = written();
    const failed = ctrf.results.tests.find((test) => test.status === 'failed')!;
    expect(failed.message).toBe('Call #2 came 0.50 s after a 429 that asked for 2 s.');
    expect(failed.trace).toContain('Rule: After a 429, wait as long as Retry-After says before calling again.');
    expect(failed.trace).toContain(`${SITE}/docs/getting-started/rate-limits#retry-after`);
    expect(failed.trace).toContain(
      "-> 429 (injected: answered 429 with Retry-After: 2 in place of the sandbox's answer)",
    );
    expect(failed.trace).toContain('#2 at 1.91 s: POST');
    const skipped = ctrf.results.tests.find((test) => test.status === 'skipped')!;
    expect(skipped.message).toBe('No two polls answered 200 in a row.');
    expect(ctrf.results.tests.find((test) => test.status === 'passed')).not.toHaveProperty('message');
  });

  it('skips a rule the run could exercise but has no verdict on', () => {
    const report = fixtureReport();
    report.runs[0].verdicts.pop();
    const {ctrf, errors} = written(report);
    expect(errors).toEqual([]);
    expect(ctrf.results.tests[1]).toMatchObject({name: 'normal/poll-interval', status: 'skipped'});
  });

  it('fails a test "check" for the problems of the check, its text read back as written', () => {
    const {ctrf, errors} = written(hostileReport());
    expect(errors).toEqual([]);
    const check = ctrf.results.tests.at(-1)!;
    expect(check).toMatchObject({name: 'check', status: 'failed', suite: ['check']});
    // The control character and the colour code (with its escape character) are gone, the rest is as written
    expect(check.message).toBe(`The run made no call: <script>alert("x")</script> & 'quoted' | piped `);
    expect(ctrf.results.tests[3].message).toBe(`Broke at <script>alert("x")</script> & 'quoted' | piped `);
    expect(ctrf.results.summary).toMatchObject({tests: 6, failed: 2, suites: 3});
  });

  it('names a HAR run "har", or after the scenario its entries carry', () => {
    const report = fixtureReport();
    report.mode = 'har';
    report.runs[0].recording = {...report.runs[0].recording, scenario: null, program: undefined};
    report.runs[1].recording = {...report.runs[1].recording, scenario: null, program: undefined, label: 'rate-limited'};
    const {ctrf, errors} = written(report);
    expect(errors).toEqual([]);
    expect(ctrf.results.tests.map((test) => test.name)).toEqual([
      'har/valid-requests',
      'har/poll-interval',
      'rate-limited/valid-requests',
      'rate-limited/retry-after',
      'rate-limited/poll-interval',
    ]);
    // Without a program, a run ends at its last call's answer (2.0 s after rate-limited started)
    expect(ctrf.results.summary.stop).toBe(Date.parse('2026-11-23T10:01:02.000Z'));
  });

  it('is a valid report with no run, only the check’s problem', () => {
    const {ctrf, errors} = written({...fixtureReport(), runs: [], problems: ['the program made no call']});
    expect(errors).toEqual([]);
    expect(statuses(ctrf)).toEqual([['check', 'failed']]);
  });
});

describe('the validator that ctrf.json is held to', () => {
  // Each a mistake a writer of the report could make, and which the validator must catch for its pass to mean anything
  const broken: [string, (ctrf: CTRFReport & Record<string, unknown>) => void, string][] = [
    [
      "the check's own outcome as a status",
      (ctrf) => Object.assign(ctrf.results.tests[4], {status: 'not-exercised'}),
      '/results/tests/4/status',
    ],
    [
      'a summary without its start',
      (ctrf) => delete (ctrf.results.summary as Partial<CTRFReport['results']['summary']>).start,
      '/results/summary',
    ],
    [
      'a duration in seconds as text',
      (ctrf) => Object.assign(ctrf.results.tests[0], {duration: '0.000'}),
      '/results/tests/0/duration',
    ],
    ['another format', (ctrf) => Object.assign(ctrf, {reportFormat: 'JUnit'}), '/reportFormat'],
    ['a version that is not SemVer', (ctrf) => Object.assign(ctrf, {specVersion: '0.0'}), '/specVersion'],
    ['a tool with no name', (ctrf) => Object.assign(ctrf.results.tool, {name: ''}), '/results/tool/name'],
  ];

  it.each(broken)('refuses %s', (_name, breakIt, path) => {
    const {ctrf} = written();
    breakIt(ctrf as CTRFReport & Record<string, unknown>);
    const {valid, errors} = validate(ctrf);
    expect(valid).toBe(false);
    expect(errors.map((error) => error.path)).toContain(path);
  });

  it('takes the same report unbroken', () => {
    expect(validate(written().ctrf)).toEqual({valid: true, errors: []});
  });
});
