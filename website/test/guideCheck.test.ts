/**
 * The guides pass their own check: every program a guide presents as complete, put together exactly as its
 * page says (the page's `program` blocks of one language joined in page order, or its one loop per language:
 * `guideRuns` of test-utils/guideRuns.ts, the runner of the guides' code), keeps every rule of the
 * integration check (check/src/) in all seven scenarios. The pages: the quick starts of the three live
 * searches (flights, car hire, hotels) and Create and poll's complete loop, each in curl, JavaScript and
 * Python.
 *
 * Each program is saved as its page tells the reader to save it (the JavaScript in a file ending in `.mjs`,
 * which the page must say) and checked as the Integration check page has the reader run it: the seven
 * scenarios one after another in the program's folder (the bash programs write files where they run). The
 * twelve checks start together when the file starts (each test waits for its own), so the file lasts as long
 * as the longest check, about two minutes: the flights programs' never-completes run polls 20 times, waiting
 * up to 5 s between polls. They sleep most of that time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {checkScenarios, rules} from '@portal/check';
import {runCheck} from '@portal/check/cli';
import {codeBlocks} from '@portal/content';
import {guideRuns, type GuideRun} from '@portal/test-utils/guideRuns';

const docsDir = path.resolve(__dirname, '../docs');
const bundles = loadBundles();

/**
 * The pages whose programs are presented as complete, and the rules no scenario gives the page's program
 * anything to judge, each with why.
 */
const pages: {page: string; neverExercised: string[]}[] = [
  // None of the programs asks for reference data; only the hotels search's poll takes a view, and only the
  // flights search offers an itinerary refresh
  {page: 'getting-started/create-and-poll.mdx', neverExercised: ['views-in-session', 'reference-data-cached']},
  {page: 'flights-live-prices/quick-start.mdx', neverExercised: ['views-in-session', 'reference-data-cached']},
  {
    page: 'carhire-live-prices/quick-start.mdx',
    neverExercised: ['views-in-session', 'refresh-in-session', 'reference-data-cached'],
  },
  {page: 'hotels-live-prices/quick-start.mdx', neverExercised: ['refresh-in-session', 'reference-data-cached']},
];

/** How each language's program is saved and started, as the pages have the reader run it. */
const programs = {
  bash: {file: 'program.sh', command: ['/bin/bash', 'program.sh']},
  javascript: {file: 'program.mjs', command: [process.execPath, 'program.mjs']},
  python: {file: 'program.py', command: ['/usr/bin/python3', 'program.py']},
} as const;

/** What a page tells the reader about saving its JavaScript: a file ending in `.mjs` (top-level `await`). */
const SAYS_MJS = /ending in `\.mjs`/;

interface Checked {
  code: number;
  out: string[];
  junit: string;
}

/** Runs the check on one program, in a folder of its own; what it printed and the JUnit it wrote. */
async function checkProgram(run: GuideRun): Promise<Checked> {
  const program = programs[run.language as keyof typeof programs];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `guide-check-${run.language}-`));
  try {
    for (const [name, text] of Object.entries(run.files)) fs.writeFileSync(path.join(dir, path.basename(name)), text);
    fs.writeFileSync(path.join(dir, program.file), run.source);
    const out: string[] = [];
    const code = await runCheck(['--', ...program.command], {
      cwd: dir,
      env: {PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8'},
      bundles,
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    });
    const report = path.join(dir, 'integration-report', 'junit.xml');
    return {code, out, junit: fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : ''};
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

/** The rules a check's JUnit shows exercised (a test case without `<skipped`) in at least one scenario. */
const exercisedRules = (junit: string): string[] =>
  rules
    .filter((rule) =>
      [...junit.matchAll(new RegExp(`<testcase name="${rule.id}"[^>]*?(/>|>([\\s\\S]*?)</testcase>)`, 'g'))].some(
        (testcase) => !(testcase[2] ?? '').includes('<skipped'),
      ),
    )
    .map((rule) => rule.id);

const planned = pages.map(({page, neverExercised}) => {
  const text = fs.readFileSync(path.join(docsDir, page), 'utf8');
  return {page, neverExercised, text, runs: guideRuns(codeBlocks(`docs/${page}`, text)).runs};
});
const checks = new Map<string, Promise<Checked>>();

beforeAll(() => {
  // Every check at once: each test waits for its own
  for (const {page, runs} of planned) for (const run of runs) checks.set(`${page} ${run.language}`, checkProgram(run));
});

describe('the guides’ complete programs under the integration check', () => {
  it.each(planned.map((plan) => [plan.page, plan] as const))(
    '%s presents one program per language, and says how to save the JavaScript',
    (_, {runs, text}) => {
      expect(runs.map((run) => run.language)).toEqual(['bash', 'javascript', 'python']);
      expect(text).toMatch(SAYS_MJS);
    },
  );

  it('reads the rules a check exercised from its JUnit, skipped or not', () => {
    const junit =
      '<testsuite name="normal"><testcase name="poll-interval"/><testcase name="stop-when-done"><skipped message="not exercised"/></testcase></testsuite>';
    expect(exercisedRules(junit)).toEqual(['poll-interval']);
    expect(exercisedRules('')).toEqual([]);
  });

  describe.each(planned.map((plan) => [plan.page, plan] as const))('%s', (page, {runs, neverExercised}) => {
    it.each(runs.map((run) => [run.language] as const))(
      'the %s program keeps every rule in every scenario',
      async (language) => {
        const {code, out, junit} = await checks.get(`${page} ${language}`)!;
        expect(code, out.join('\n')).toBe(0);
        expect(junit).not.toContain('<failure');
        for (const scenario of checkScenarios) expect(junit).toContain(`<testsuite name="${scenario}"`);
        // Every rule is exercised by one scenario or another, but those the page's program never meets
        const expected = rules.map((rule) => rule.id).filter((id) => !neverExercised.includes(id));
        expect(exercisedRules(junit), out.join('\n')).toEqual(expected);
      },
      300_000,
    );
  });
});
