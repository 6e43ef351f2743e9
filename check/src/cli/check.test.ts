/**
 * The integration check end to end (check.ts `runCheck`, in process): the small clients of
 * fixtures/clients/ each break exactly one rule and are failed on that rule only (every rule of the
 * registry has one); the control keeps them all, in every scenario; `--har` on a run's session.har gives
 * the same verdicts on the rules that need no scenario; and bad input (programs that do not start, exit
 * at once, hang or flood; HARs that are malformed, huge or from another API; usage errors) gets its
 * message and exit code. The guides' own programs are checked in website/test/guideCheck.test.ts.
 */
import {mkdtempSync, readFileSync, truncateSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import {parseCheckArgs, runCheck} from './check';
import {checkScenarios} from '../model';
import {rules} from '../contract';
import {breakers, clientInputs} from '../fixtures/breakers.fixture';

const clients = path.join(__dirname, '..', 'fixtures', 'clients');

/** A directory for one check: the specs' example queries, as the clients read them (`clientInputs`). */
function workDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-'));
  for (const [name, text] of Object.entries(clientInputs())) writeFileSync(path.join(dir, name), text);
  return dir;
}

async function check(argv: string[], dir = workDir()) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCheck(argv, {
    cwd: dir,
    env: {PATH: process.env.PATH, HOME: process.env.HOME},
    bundles,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  const report = (): string => readFileSync(path.join(dir, 'integration-report', 'report.md'), 'utf8');
  return {code, out: out.join('\n'), err: err.join('\n'), dir, report};
}

/** Each rule's outcome in each run, from the junit.xml a partner's CI reads (in `dir`'s default report). */
function outcomes(dir: string, report = path.join(dir, 'integration-report')): Record<string, Record<string, string>> {
  const xml = readFileSync(path.join(report, 'junit.xml'), 'utf8');
  const result: Record<string, Record<string, string>> = {};
  for (const suite of xml.matchAll(/<testsuite name="([^"]+)"[^>]*>([\s\S]*?)<\/testsuite>/g)) {
    result[suite[1]] = {};
    for (const testcase of suite[2].matchAll(/<testcase name="([^"]+)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
      const body = testcase[3] ?? '';
      result[suite[1]][testcase[1]] = body.includes('<failure') ? 'fail' : body.includes('<skipped') ? 'skip' : 'pass';
    }
  }
  return result;
}

describe('each rule, broken by a client that breaks only it', () => {
  it('covers every rule', () => {
    expect(breakers.map((breaker) => breaker.rule).sort()).toEqual(rules.map((rule) => rule.id).sort());
  });

  it.concurrent.each(breakers)('$client is failed on $rule in $scenario, and on nothing else', async (breaker) => {
    const {code, out, dir} = await check([
      '--scenarios',
      breaker.scenario,
      ...(breaker.timeout ? ['--timeout', breaker.timeout] : []),
      '--',
      'node',
      path.join(clients, breaker.client),
    ]);
    expect(code, out).toBe(1);
    const found = outcomes(dir)[breaker.scenario];
    expect(found[breaker.rule], out).toBe('fail');
    expect(
      Object.entries(found).filter(([, outcome]) => outcome === 'fail'),
      out,
    ).toEqual([[breaker.rule, 'fail']]);
    expect(out).toContain(`✗ ${breaker.rule}:`);
  });

  it.concurrent.each(breakers.filter((breaker) => breaker.keeps))(
    '$keeps, $client with its knob turned back, passes $rule in $scenario and fails nothing',
    async (breaker) => {
      const {code, out, dir} = await check([
        '--scenarios',
        breaker.scenario,
        '--',
        'node',
        path.join(clients, breaker.keeps!),
      ]);
      expect(code, out).toBe(0);
      const found = outcomes(dir)[breaker.scenario];
      expect(found[breaker.rule], out).toBe('pass');
      expect(Object.values(found)).not.toContain('fail');
    },
  );

  it.concurrent.each([...checkScenarios])('the control keeps every rule in %s', async (scenario) => {
    const {code, out, dir} = await check(['--scenarios', scenario, '--', 'node', path.join(clients, 'good.mjs')]);
    expect(code, out).toBe(0);
    const found = outcomes(dir)[scenario];
    expect(Object.values(found)).not.toContain('fail');
    expect(Object.values(found)).toContain('pass');
  });
});

describe('--har', () => {
  it("gives a run's session.har the verdicts the run had on the rules that need no scenario", async () => {
    const run = await check([
      '--scenarios',
      'normal,rate-limited',
      '--parallel',
      '--',
      'node',
      path.join(clients, 'fast-polls.mjs'),
    ]);
    expect(run.code).toBe(1);
    const har = path.join(run.dir, 'integration-report', 'session.har');
    expect(readFileSync(har, 'utf8')).not.toContain('sandbox_integration_check');
    const replay = await check(['--har', har, '--report', 'replayed'], run.dir);
    expect(replay.code, replay.out + replay.err).toBe(1);
    const anywhere = rules.filter((rule) => !rule.scenarios).map((rule) => rule.id);
    expect(anywhere.length).toBeGreaterThan(3);
    // Each run's outcomes on those rules, in run order (the HAR's runs are named after their scenario or not)
    const verdicts = (report: string) =>
      Object.values(outcomes('', report)).map((found) =>
        Object.fromEntries(Object.entries(found).filter(([rule]) => anywhere.includes(rule))),
      );
    const original = verdicts(path.join(run.dir, 'integration-report'));
    expect(original).toHaveLength(2);
    expect(verdicts(path.join(run.dir, 'replayed'))).toEqual(original);
    expect(original[0]['poll-interval']).toBe('fail');
    // Each run is named by the scenario the HAR names, as the check wrote it
    const named = (out: string) => out.split('\n').filter((line) => /^\S+: \d+ passed/.test(line));
    expect(named(replay.out).map((line) => line.split(':')[0])).toEqual(['normal', 'rate-limited']);
    // A HAR that names none (a browser's): its one run is named by the file
    const unnamed = JSON.parse(readFileSync(har, 'utf8')) as {
      log: {pages?: {_scenario?: string}[]; entries: {_scenario?: string}[]};
    };
    unnamed.log.entries = unnamed.log.entries.filter((entry) => entry._scenario === 'normal');
    for (const entry of unnamed.log.entries) delete entry._scenario;
    for (const page of unnamed.log.pages ?? []) delete page._scenario;
    writeFileSync(path.join(run.dir, 'browser.har'), JSON.stringify(unnamed));
    const browser = await check(['--har', 'browser.har', '--report', 'browser'], run.dir);
    expect(named(browser.out).map((line) => line.split(':')[0])).toEqual(['browser.har']);
  });
});

describe('bad input', () => {
  it('a program that does not exist: exit 2, and says so', async () => {
    const {code, err} = await check(['--', './no-such-client']);
    expect(code).toBe(2);
    expect(err).toMatch(/cannot start "\.\/no-such-client": ENOENT/);
  });

  it('a program that exits at once with no call: exit 1, nothing was checked, and what it said', async () => {
    const {code, out, report} = await check([
      '--scenarios',
      'normal',
      '--',
      'node',
      '-e',
      'console.error("Cannot find module client.mjs"); process.exit(1)',
    ]);
    expect(code).toBe(1);
    expect(out).toMatch(/made no call to the APIs/);
    expect(out).toMatch(/it made no call; its stderr said:\n {4}Cannot find module client\.mjs/);
    expect(report()).toMatch(/made no call to the APIs/);
  });

  it('a program that cannot run (node missing.js): what went wrong, said once for every scenario', async () => {
    const {code, out} = await check(['--parallel', '--', 'node', 'missing.js']);
    expect(code).toBe(1);
    // Node's own line, cut off by its stack and version lines when only the stderr's end was shown
    const said = out.split('\n').filter((line) => line.includes("Error: Cannot find module '"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/Error: Cannot find module '.*missing\.js'$/);
    expect(out).toMatch(/^The program made no call in any of the 7 runs; each time its stderr said:$/m);
    expect(out).not.toMatch(/it made no call/);
    // Each scenario still has its line
    for (const scenario of checkScenarios) expect(out).toMatch(new RegExp(`^${scenario}: 0 passed`, 'm'));
  });

  it('a program that hangs: stopped at the time limit, exit 1', async () => {
    const {code, out} = await check(['--scenarios', 'normal', '--timeout', '1', '--', 'sleep', '300']);
    expect(code).toBe(1);
    expect(out).toMatch(/normal: the program was stopped at the time limit/);
  });

  it('a program that floods: stopped, exit 1, with the rules it broke', async () => {
    const {code, out} = await check(['--scenarios', 'normal', '--', 'node', path.join(clients, 'flood.mjs')]);
    expect(code).toBe(1);
    expect(out).toMatch(/normal: the program was stopped for flooding/);
  });

  it.each([
    [['--'], /give the program to check after --/],
    [['--scenarios', 'normal,sunny', '--', 'node'], /unknown scenario sunny/],
    [['--timeout', 'soon', '--', 'node'], /--timeout must be a number of seconds/],
    [['--frobnicate'], /unknown option --frobnicate/],
    [['--har', 'a.har', '--', 'node'], /either --har <file> or a program/],
    [['--har', 'a.har', '--parallel'], /--parallel applies to a program, not to --har/],
    [['--report'], /--report needs a value/],
    [['--hosted', 'portal.example', '--', 'node'], /--hosted must be the portal's origin, such as https:/],
    [['--hosted', 'https://portal.example/docs', '--', 'node'], /--hosted must be the portal's origin/],
    [['--hosted', 'https://portal.example', '--parallel', '--', 'node'], /--parallel applies to a local check/],
    [['--har', 'a.har', '--hosted', 'https://portal.example'], /--hosted applies to a program, not to --har/],
    [['--partner', 'Acme', '--', 'node'], /--partner applies to a hosted run \(--hosted\), not to a local check/],
    [['--challenge', 'c', '--', 'node'], /--challenge applies to a hosted run/],
    [
      ['--hosted', 'https://portal.example', '--partner', 'x'.repeat(101), '--', 'node'],
      /--partner takes text of 1 to 100 characters, not 101/,
    ],
    [
      ['--hosted', 'https://portal.example', '--challenge', 'x'.repeat(201), '--', 'node'],
      /--challenge takes text of 1 to 200 characters, not 201/,
    ],
    [['--hosted', 'https://portal.example', '--challenge', '   ', '--', 'node'], /--challenge takes text of 1 to 200/],
    [['--for', 'geo', '--', 'node'], /--for applies to a hosted run \(--hosted\), not to a local check/],
    [['--hosted', 'https://portal.example', '--for', 'hotels', '--', 'node'], /--for names no API: "hotels"/],
    [
      ['--hosted', 'https://portal.example', '--for', 'geo', '--scenarios', 'normal,rate-limited', '--', 'node'],
      /--for geo needs the scenarios server-error, session-lost, never-completes, failed, rejected, which --scenarios leaves out/,
    ],
  ])('usage error %j: exit 2 with one line naming it and where the help is', async (argv, message) => {
    const {code, err} = await check(argv);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/Run 'npm run sandbox -- check --help' for the options\.$/m);
    expect(err).not.toMatch(/Usage:/);
  });

  it('takes a --partner of 100 characters and a --challenge of 200 with --hosted', () => {
    const argv = ['--hosted', 'https://portal.example', '--partner', 'p'.repeat(100), '--challenge', 'c'.repeat(200)];
    expect(parseCheckArgs([...argv, '--', 'node'], '/tmp')).toMatchObject({
      mode: 'hosted',
      partner: 'p'.repeat(100),
      challenge: 'c'.repeat(200),
    });
  });

  it.each([['--help'], ['-h'], ['--report', 'x', '--help']])('%j: the usage, exit 0, nothing run', async (...argv) => {
    const {code, out, err} = await check(argv);
    expect([code, err]).toEqual([0, '']);
    expect(out).toMatch(/^Usage:\n {2}npm run sandbox -- check \[--report <dir>\]/);
    expect(out).toMatch(/--parallel/);
  });

  it('a HAR that is malformed, missing, huge or from another API: exit 2, each with its message', async () => {
    const dir = workDir();
    const write = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return name;
    };
    const malformed = await check(['--har', write('broken.har', '{"log": {"entries": [')], dir);
    expect([malformed.code, malformed.err]).toEqual([2, expect.stringMatching(/broken\.har is not JSON/)]);

    const missing = await check(['--har', 'nowhere.har'], dir);
    expect([missing.code, missing.err]).toEqual([2, expect.stringMatching(/cannot read .*nowhere\.har: ENOENT/)]);

    const huge = write('huge.har', '');
    truncateSync(path.join(dir, huge), 60 * 2 ** 20);
    const tooBig = await check(['--har', huge], dir);
    expect([tooBig.code, tooBig.err]).toEqual([
      2,
      expect.stringMatching(/huge\.har is 60 MiB; the check reads HARs of at most/),
    ]);

    const other = write(
      'other.har',
      JSON.stringify({
        log: {
          version: '1.2',
          creator: {name: 'test', version: '1'},
          entries: [
            {
              startedDateTime: '2026-11-26T10:00:00.000Z',
              time: 5,
              request: {
                method: 'GET',
                url: 'https://example.com/v1/users',
                httpVersion: 'HTTP/1.1',
                headers: [],
                queryString: [],
                cookies: [],
                headersSize: -1,
                bodySize: 0,
              },
              response: {
                status: 200,
                statusText: 'OK',
                httpVersion: 'HTTP/1.1',
                headers: [],
                cookies: [],
                content: {size: 0, mimeType: 'application/json'},
                redirectURL: '',
                headersSize: -1,
                bodySize: 0,
              },
              cache: {},
              timings: {send: 0, wait: 5, receive: 0},
            },
          ],
        },
      }),
    );
    const foreign = await check(['--har', other], dir);
    expect(foreign.code).toBe(2);
    expect(foreign.err).toMatch(/calls an operation of the APIs|no call of the APIs/);
  });
});
