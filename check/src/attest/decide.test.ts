/**
 * The decision on an authentic statement (decide.ts): accepted only when it PASSED and carries exactly the
 * challenge asked for; refused with one line per failed test and per problem, and with a line even when a
 * FAILED statement names neither.
 */
import {describe, expect, it} from 'vitest';
import {decide, factLines, runFacts} from './decide';
import {CHECK_CONFIGURATION, type TestResultStatement} from './statement';

const statement = (
  result: 'PASSED' | 'FAILED',
  annotations: Record<string, unknown> = {},
  failedTests: string[] = [],
): TestResultStatement => ({
  _type: 'https://in-toto.io/Statement/v1',
  subject: [{name: 'session.har', digest: {sha256: 'a'.repeat(64)}}],
  predicateType: 'https://in-toto.io/attestation/test-result/v0.1',
  predicate: {
    result,
    url: 'https://portal.example/check/v1/runs/r1',
    configuration: [
      {
        name: CHECK_CONFIGURATION,
        annotations: {scenarios: ['normal'], problems: [], notExercisedTests: ['normal/retry-after'], ...annotations},
      },
    ],
    passedTests: ['normal/valid-requests'],
    warnedTests: [],
    failedTests,
  },
});

describe('decide', () => {
  it('accepts a PASSED run, with or without the challenge it carries', () => {
    expect(decide(statement('PASSED'))).toEqual({accepted: true, reasons: []});
    expect(decide(statement('PASSED', {challenge: 'c-1'}), {challenge: 'c-1'})).toEqual({accepted: true, reasons: []});
  });

  it('refuses a FAILED run, naming each failed test and each problem', () => {
    const failed = statement('FAILED', {problems: ['the program timed out in normal']}, ['normal/poll-interval']);
    expect(decide(failed)).toEqual({
      accepted: false,
      reasons: ['FAILED: normal/poll-interval', 'FAILED: the program timed out in normal'],
    });
    expect(decide(statement('FAILED'))).toEqual({accepted: false, reasons: ['FAILED: the run did not pass']});
  });

  it('refuses a challenge that differs by one character, or a run that carries none', () => {
    expect(decide(statement('PASSED', {challenge: 'c-1'}), {challenge: 'c-1 '}).reasons).toEqual([
      'challenge: the run carries "c-1", not "c-1 "',
    ]);
    expect(decide(statement('PASSED'), {challenge: 'c-1'}).reasons).toEqual([
      'challenge: the run carries none, where "c-1" was asked for',
    ]);
  });

  it('reads a coverage of the right shape, and leaves out an entry of another', () => {
    const good = {
      scenario: 'normal',
      calls: 2,
      operations: {A: 2},
      completedSessions: {},
      furtherPages: {'hotels-live': 1},
      exercisedRules: ['x'],
    };
    const noPages: Partial<typeof good> = {...good};
    delete noPages.furtherPages;
    const facts = runFacts(
      statement('PASSED', {
        coverage: [
          good,
          {scenario: 'odd'},
          {...good, operations: {A: '2'}},
          noPages,
          {...good, furtherPages: {a: '1'}},
        ],
      }),
    );
    expect(facts.coverage).toEqual([good]);
    expect(runFacts(statement('PASSED', {coverage: 'all'})).coverage).toEqual([]);
  });

  it('reads the facts the statement carries, and none it does not', () => {
    const facts = runFacts(statement('PASSED', {partner: 'Acme', program: 7}));
    expect(facts).toMatchObject({partner: 'Acme', scenarios: ['normal'], passed: 1, failed: [], notExercised: 1});
    expect(facts).not.toHaveProperty('program');
    expect(facts).not.toHaveProperty('challenge');
  });

  it('reads the program files and commit the command declared, of the right shape only, and prints them', () => {
    const file = {path: 'client.mjs', sha256: 'b'.repeat(64)};
    const facts = runFacts(
      statement('PASSED', {
        programFiles: [file, {path: 'x'}, 'y', {path: 'z', sha256: 1}],
        programCommit: {commit: 'c'.repeat(40), dirty: true, extra: 1},
      }),
    );
    expect(facts.programFiles).toEqual([file]);
    expect(facts.programCommit).toEqual({commit: 'c'.repeat(40), dirty: true});
    expect(factLines(facts)).toEqual(
      expect.arrayContaining([
        `program file: client.mjs sha256:${'b'.repeat(64)} (declared)`,
        `program commit: ${'c'.repeat(40)}, with changes not committed (declared)`,
      ]),
    );
    const clean = runFacts(statement('PASSED', {programCommit: {commit: 'd'.repeat(40), dirty: false}}));
    expect(factLines(clean)).toContain(`program commit: ${'d'.repeat(40)} (declared)`);
    const none = runFacts(statement('PASSED', {programFiles: 'all', programCommit: {commit: 'e', dirty: 'no'}}));
    expect([none.programFiles, none.programCommit]).toEqual([[], undefined]);
    expect(factLines(none).some((line) => line.startsWith('program '))).toBe(false);
  });

  it('prints every fact of a whole statement, each on its line, in order', () => {
    const coverage = {
      scenario: 'normal',
      calls: 3,
      operations: {HotelsService_CreateSearch: 1, HotelsService_PollSearch: 2},
      completedSessions: {'hotels-live': 1},
      furtherPages: {'hotels-live': 1},
      exercisedRules: ['valid-requests', 'poll-interval'],
    };
    const facts = runFacts(
      statement('PASSED', {
        partner: 'Acme',
        challenge: 'c-1',
        program: 'node client.mjs',
        programFiles: [{path: 'client.mjs', sha256: 'b'.repeat(64)}],
        programCommit: {commit: 'c'.repeat(40), dirty: false},
        startedAt: '2026-11-29T10:00:00.000Z',
        finishedAt: '2026-11-29T10:05:00.000Z',
        coverage: [coverage],
      }),
    );
    expect(factLines(facts)).toEqual([
      'run: https://portal.example/check/v1/runs/r1',
      "partner: Acme (declared by the partner's command)",
      'challenge: c-1',
      "program: node client.mjs (declared by the partner's command)",
      `program file: client.mjs sha256:${'b'.repeat(64)} (declared)`,
      `program commit: ${'c'.repeat(40)} (declared)`,
      'scenarios: normal',
      'time: 2026-11-29T10:00:00.000Z to 2026-11-29T10:05:00.000Z',
      'covered in normal: 3 calls; operations: HotelsService_CreateSearch ×1, HotelsService_PollSearch ×2; sessions completed: hotels-live ×1; further pages: hotels-live ×1; rules exercised: 2',
      'result: PASSED, 1 passed, 0 failed, 1 not exercised',
    ]);
  });

  it('prints only what a bare statement says, and no time without both ends', () => {
    const bare = runFacts(statement('FAILED', {scenarios: [], notExercisedTests: []}, ['normal/x', 'normal/y']));
    expect(factLines(bare)).toEqual([
      'run: https://portal.example/check/v1/runs/r1',
      'scenarios: none',
      'result: FAILED, 1 passed, 2 failed, 0 not exercised',
    ]);
    for (const ends of [{startedAt: '2026-11-29T10:00:00.000Z'}, {finishedAt: '2026-11-29T10:05:00.000Z'}])
      expect(factLines(runFacts(statement('PASSED', ends))).some((line) => line.startsWith('time:'))).toBe(false);
    expect(runFacts(statement('PASSED', {startedAt: 'a', finishedAt: 'b', program: 'p'}))).toMatchObject({
      startedAt: 'a',
      finishedAt: 'b',
      program: 'p',
    });
  });

  it('reads the facts of the check entry only, and none from a statement without one', () => {
    const other = statement('PASSED', {partner: 'Acme'});
    other.predicate.configuration.unshift({name: 'flights-live-pricing.json', annotations: {partner: 'Mallory'}});
    expect(runFacts(other).partner).toBe('Acme');
    const none = statement('PASSED', {partner: 'Acme'});
    none.predicate.configuration = [{name: 'flights-live-pricing.json', annotations: {partner: 'Mallory'}}];
    expect(runFacts(none)).toMatchObject({scenarios: [], problems: [], notExercised: 0, coverage: []});
    expect(runFacts(none)).not.toHaveProperty('partner');
    const noNotes = statement('PASSED');
    delete noNotes.predicate.configuration[0].annotations;
    expect(runFacts(noNotes)).toMatchObject({scenarios: [], notExercised: 0});
  });

  it('keeps only text in the lists it reads', () => {
    const facts = runFacts(statement('PASSED', {scenarios: ['normal', 7, null], problems: 'none'}));
    expect([facts.scenarios, facts.problems]).toEqual([['normal'], []]);
  });

  it('leaves out a coverage entry with any field of the wrong type, and a program file or commit likewise', () => {
    const good = {
      scenario: 'normal',
      calls: 2,
      operations: {},
      completedSessions: {},
      furtherPages: {},
      exercisedRules: [],
    };
    const broken = [
      null,
      'normal',
      {...good, scenario: 1},
      {...good, calls: '2'},
      {...good, operations: null},
      {...good, completedSessions: []},
      {...good, exercisedRules: 'all'},
    ];
    expect(runFacts(statement('PASSED', {coverage: [...broken, good]})).coverage).toEqual([good]);
    const file = {path: 'a.mjs', sha256: 'a'.repeat(64)};
    const files = [null, 'a.mjs', {...file, path: 1}, {sha256: file.sha256}, {path: 'a.mjs'}, file];
    expect(runFacts(statement('PASSED', {programFiles: files})).programFiles).toEqual([file]);
    for (const commit of [null, 'c'.repeat(40), {commit: 1, dirty: false}, {dirty: false}, {commit: 'c'}])
      expect(runFacts(statement('PASSED', {programCommit: commit})).programCommit, JSON.stringify(commit)).toBe(
        undefined,
      );
  });
});
