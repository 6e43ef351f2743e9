/**
 * What `check` prints once a check is judged (summary.ts): each run by its name, what a program that made
 * no call said from the line that says what went wrong, and said once when every run said the same.
 */
import {describe, expect, it} from 'vitest';
import type {CheckReport, RunReport} from '../model';
import {stderrExcerpt, summaryLines} from './summary';
import {normalRun} from '../report/report.fixture';

const NODE_MISSING = `node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module '/work/missing.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
    at Module._load (node:internal/modules/cjs/loader:1038:27)
    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:164:12)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2`;

/** A run of `scenario` whose program made no call and wrote `stderr`. */
function silentRun(scenario: RunReport['recording']['scenario'], stderr: string): RunReport {
  const run = normalRun();
  run.recording = {
    ...run.recording,
    scenario,
    exchanges: [],
    program: {exitCode: 1, signal: null, timedOut: false, flooded: false, durationMs: 40, stderrTail: stderr},
  };
  run.verdicts = [];
  run.sessions = [];
  return run;
}

const report = (
  runs: RunReport[],
  subject = 'node missing.js',
  mode: CheckReport['mode'] = 'program',
): CheckReport => ({
  subject,
  mode,
  runs,
  passed: false,
  problems: [],
});

describe('stderrExcerpt', () => {
  it('starts at the line that says what went wrong, with the lines after it', () => {
    expect(stderrExcerpt(NODE_MISSING)).toEqual([
      "Error: Cannot find module '/work/missing.js'",
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)',
      '    at Module._load (node:internal/modules/cjs/loader:1038:27)',
      '    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:164:12)',
      '    at node:internal/main/run_main_module:28:49 {',
    ]);
    const python =
      'Traceback (most recent call last):\n  File "c.py", line 1, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'';
    expect(stderrExcerpt(python)).toEqual(["ModuleNotFoundError: No module named 'requests'"]);
    expect(stderrExcerpt('warming up\nerror: unknown flag --x\nusage: c')).toEqual([
      'error: unknown flag --x',
      'usage: c',
    ]);
  });

  it('keeps the last five lines when no line reads as an error', () => {
    const lines = [
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      "python3: can't open file 'c.py': [Errno 2] No such file or directory",
    ];
    expect(stderrExcerpt(`${lines.join('\n')}\n\n`)).toEqual(lines.slice(-5));
  });
});

describe('summaryLines', () => {
  it('says once what every run’s program said when none made a call and all said the same', () => {
    const lines = summaryLines(
      report(['normal', 'rate-limited', 'failed'].map((id) => silentRun(id as 'normal', NODE_MISSING))),
    );
    expect(lines.slice(0, 3)).toEqual([
      'normal: 0 passed, 0 failed, 0 not exercised',
      'rate-limited: 0 passed, 0 failed, 0 not exercised',
      'failed: 0 passed, 0 failed, 0 not exercised',
    ]);
    expect(lines[3]).toBe('The program made no call in any of the 3 runs; each time its stderr said:');
    expect(lines[4]).toBe("    Error: Cannot find module '/work/missing.js'");
    expect(lines.filter((line) => line.includes('Cannot find module'))).toHaveLength(1);
  });

  it('says it per run when the runs said different things, or one run made calls', () => {
    const different = summaryLines(report([silentRun('normal', 'Error: one'), silentRun('failed', 'Error: two')]));
    expect(different).toEqual([
      'normal: 0 passed, 0 failed, 0 not exercised',
      '  it made no call; its stderr said:',
      '    Error: one',
      'failed: 0 passed, 0 failed, 0 not exercised',
      '  it made no call; its stderr said:',
      '    Error: two',
    ]);
    const oneCalled = summaryLines(report([silentRun('normal', 'Error: one'), normalRun()]));
    expect(oneCalled.filter((line) => line === '  it made no call; its stderr said:')).toHaveLength(1);
    expect(oneCalled.join('\n')).not.toContain('any of the');
  });

  it('names a HAR’s runs by the scenario the HAR names, else by the file', () => {
    const named = normalRun();
    named.recording = {...named.recording, scenario: null, label: 'rate-limited', program: undefined};
    const unnamed = normalRun();
    unnamed.recording = {...unnamed.recording, scenario: null, program: undefined};
    expect(summaryLines(report([named], 'session.har', 'har'))[0]).toMatch(/^rate-limited: 2 passed/);
    expect(summaryLines(report([unnamed], 'browser.har', 'har'))[0]).toMatch(/^browser\.har: 2 passed/);
  });
});
