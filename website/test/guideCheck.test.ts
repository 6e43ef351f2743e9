/**
 * The integration check and the guides agree: the polling loops of Create and poll (bash, JavaScript
 * and Python), exactly as the page shows them, keep every rule of the check in every scenario
 * (check/src/). Each language's check runs the seven scenarios one after another, as the
 * command does by default (the bash loop writes its files where it runs); the never-completes scenario
 * lasts as long as the loop's maximum of polls takes (about a minute and a half).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {checkScenarios, rules} from '@portal/check';
import {runCheck} from '@portal/check/cli';
import {codeBlocks} from '@portal/content';
import {guideRuns} from '@portal/test-utils/guideRuns';

const page = 'getting-started/create-and-poll.mdx';
const docsDir = path.resolve(__dirname, '../docs');
const {runs} = guideRuns(codeBlocks(`docs/${page}`, fs.readFileSync(path.join(docsDir, page), 'utf8')));
const bundles = loadBundles();

/** How each language's program is saved and started, as the page has the reader run it. */
const programs = {
  bash: {file: 'search.sh', command: ['/bin/bash', 'search.sh']},
  javascript: {file: 'search.mjs', command: [process.execPath, 'search.mjs']},
  python: {file: 'search.py', command: ['/usr/bin/python3', 'search.py']},
} as const;

describe('the guides’ polling loops under the integration check', () => {
  it('finds one loop per language on the page', () => {
    expect(runs.map((run) => run.language)).toEqual(['bash', 'javascript', 'python']);
  });

  it.concurrent.each(runs.map((run) => [run.language, run] as const))(
    'the %s loop keeps every rule in every scenario',
    async (language, run) => {
      const program = programs[language as keyof typeof programs];
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `guide-check-${language}-`));
      fs.writeFileSync(path.join(dir, program.file), run.source);
      const out: string[] = [];
      const code = await runCheck(['--', ...program.command], {
        cwd: dir,
        env: {PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8'},
        bundles,
        out: (line) => out.push(line),
        err: (line) => out.push(line),
      });
      expect(code, out.join('\n')).toBe(0);
      const xml = fs.readFileSync(path.join(dir, 'integration-report', 'junit.xml'), 'utf8');
      expect(xml).not.toContain('<failure');
      // Every scenario ran, and every rule was exercised by at least one of them
      for (const scenario of checkScenarios) expect(xml).toContain(`<testsuite name="${scenario}"`);
      const exercised = rules.filter((rule) =>
        [...xml.matchAll(new RegExp(`<testcase name="${rule.id}"[^>]*?(/>|>([\\s\\S]*?)</testcase>)`, 'g'))].some(
          (testcase) => !(testcase[2] ?? '').includes('<skipped'),
        ),
      );
      expect(exercised.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.id));
    },
    240_000,
  );
});
