/**
 * One HAR, one verdict: the HAR a hosted run writes (its pages name their scenarios; one scenario made no call)
 * judged by `check --har` (the command, its junit.xml and ctrf.json read back), by the site's HAR check (`readHar` and
 * `judgeHar`, which website/src/components/HarCheck/check.ts runs) and by `verify --har` (the attestation's
 * lists, judged again by the verifier) gives the same passed, failed and not exercised tests. The rule only the
 * never-completes scenario exercises (`bounded-polling`) is judged there by all three, not called "not exercised
 * in a HAR" by one of them.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parse as parseCtrf, validate as validateCtrf} from 'ctrf';
import {XMLParser} from 'fast-xml-parser';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import {signedFixture, type SignedFixture} from '../attest/signed.fixture';
import {notExercisedOf, resultLists} from '../attest/statement';
import {verifyAttestation} from '../attest/verify';
import {runCheck} from '../cli/check';
import {readHar} from '../har/read';
import type {Recording} from '../model';
import {normalRun} from '../report/report.fixture';
import {judgeHar} from './judgeHar';

type Lists = ReturnType<typeof resultLists>;

/**
 * A run in three scenarios: normal, never-completes (the same calls, every answer incomplete, the program
 * stopping on its own: bounded-polling passes), and rejected, which made no call.
 */
function recordings(): Recording[] {
  const normal = normalRun().recording;
  const incomplete = (body: string | undefined) =>
    body?.replaceAll('RESULT_STATUS_COMPLETE', 'RESULT_STATUS_INCOMPLETE');
  return [
    normal,
    {
      ...normal,
      scenario: 'never-completes',
      startedAt: '2026-11-23T10:01:00.000Z',
      exchanges: normal.exchanges.map((exchange) => ({
        ...exchange,
        response: {...exchange.response, body: incomplete(exchange.response.body)},
      })),
    },
    {
      scenario: 'rejected',
      startedAt: '2026-11-23T10:02:00.000Z',
      timeLimitMs: 60_000,
      exchanges: [],
      program: {exitCode: 0, signal: null, timedOut: false, flooded: false, durationMs: 40, stderrTail: ''},
    },
  ];
}

const sorted = (lists: Lists): Lists => ({
  passedTests: [...lists.passedTests].sort(),
  warnedTests: [...lists.warnedTests].sort(),
  failedTests: [...lists.failedTests].sort(),
  notExercisedTests: [...lists.notExercisedTests].sort(),
});

/** The lists of a junit.xml the command wrote: a testcase failed, skipped (not exercised) or passed, by run. */
function junitLists(xml: string): Lists {
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (_name, _path, _leaf, attribute) => !attribute,
  }).parse(xml) as {
    testsuites: {testsuite: {testcase?: {name: string; classname: string; failure?: unknown; skipped?: unknown}[]}[]}[];
  };
  const lists: Lists = {passedTests: [], warnedTests: [], failedTests: [], notExercisedTests: []};
  for (const suite of parsed.testsuites[0].testsuite)
    for (const testcase of suite.testcase ?? []) {
      if (testcase.name === 'check') continue;
      const name = `${testcase.classname.replace(/^integration-check\./, '')}/${testcase.name}`;
      (testcase.failure ? lists.failedTests : testcase.skipped ? lists.notExercisedTests : lists.passedTests).push(
        name,
      );
    }
  return sorted(lists);
}

/** The lists of a ctrf.json the command wrote (valid CTRF): a test failed, skipped or passed, but the check's own. */
function ctrfLists(json: string): Lists {
  const ctrf = parseCtrf(json);
  expect(validateCtrf(ctrf).errors).toEqual([]);
  const named = (status: string) =>
    ctrf.results.tests.filter((test) => test.name !== 'check' && test.status === status).map((test) => test.name);
  return sorted({
    passedTests: named('passed'),
    warnedTests: [],
    failedTests: named('failed'),
    notExercisedTests: named('skipped'),
  });
}

let fixture: SignedFixture;
let dir: string;

beforeAll(async () => {
  fixture = await signedFixture(recordings(), {finishedAt: '2026-11-23T10:03:00.000Z'});
  dir = mkdtempSync(path.join(tmpdir(), 'one-verdict-'));
  writeFileSync(path.join(dir, 'session.har'), fixture.har);
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe('a hosted run’s session.har, judged three ways', () => {
  it('gives the attested lists to check --har, the page’s HAR check and verify --har alike', async () => {
    const attested = sorted(resultLists(fixture.report));
    // The rule only never-completes exercises is judged there, and the run that made no call is judged too
    expect(attested.passedTests).toContain('never-completes/bounded-polling');
    expect(attested.notExercisedTests).toContain('normal/bounded-polling');
    expect(attested.warnedTests).toEqual([]);
    expect([...attested.passedTests, ...attested.notExercisedTests].some((test) => test.startsWith('rejected/'))).toBe(
      true,
    );

    const verified = await verifyAttestation({
      attestation: JSON.stringify(fixture.envelope),
      keys: JSON.stringify(fixture.keys),
      now: Date.parse('2026-11-27T12:00:00Z'),
      har: new Uint8Array(new TextEncoder().encode(fixture.har)),
      bundles,
    });
    expect(verified.status).toBe('verified');
    if (verified.status !== 'verified') throw new Error('not verified');
    const {predicate} = verified.statement;
    expect(sorted({...predicate, notExercisedTests: notExercisedOf(verified.statement)!})).toEqual(attested);

    const read = readHar(fixture.har, 'session.har');
    if ('error' in read) throw new Error(read.error);
    expect(sorted(resultLists(await judgeHar(read, 'session.har', bundles)))).toEqual(attested);

    const out: string[] = [];
    const code = await runCheck(['--har', path.join(dir, 'session.har'), '--report', path.join(dir, 'report')], {
      cwd: dir,
      env: {},
      bundles,
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    });
    expect(code, out.join('\n')).toBe(fixture.report.passed ? 0 : 1);
    expect(junitLists(readFileSync(path.join(dir, 'report', 'junit.xml'), 'utf8'))).toEqual(attested);
    expect(ctrfLists(readFileSync(path.join(dir, 'report', 'ctrf.json'), 'utf8'))).toEqual(attested);
  });

  it('reads a run whose program made no call in any scenario, where a HAR of no entries is refused', () => {
    const none = JSON.parse(fixture.har) as {log: {entries: unknown[]; pages: unknown[]}};
    none.log.entries = [];
    const read = readHar(JSON.stringify(none), 'session.har');
    expect('error' in read ? read.error : read.recordings.map((recording) => recording.scenario)).toEqual([
      'normal',
      'never-completes',
      'rejected',
    ]);
    none.log.pages = [];
    expect(readHar(JSON.stringify(none), 'session.har')).toEqual({
      error: 'session.har has no entries: the HAR recorded no call.',
    });
  });
});
