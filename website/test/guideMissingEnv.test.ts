/**
 * The guides' JavaScript and TypeScript fail at once, with a clear message, when `API_BASE_URL` or
 * `API_KEY` is unset. Without that, Node's fetch sends the header `x-api-key: undefined` (the string)
 * and the reader gets a 403 that does not say what is wrong. Every block that sends `process.env.API_KEY`
 * starts (after its imports and its header comment) with the same two lines, `CHECK` below; a
 * representative block, the JavaScript call of Authentication, exactly as the page shows it, runs with a
 * variable unset against a sandbox that logs every request: it exits non-zero with the message and sends
 * nothing. With both set, the same block runs against the sandbox (here, and with every other block in
 * guideRuns.test.ts).
 *
 * bash and Python need no such line: Python's `os.environ['API_KEY']` raises KeyError naming the
 * variable, and curl leaves out an `x-api-key:` header with an empty value (the answer is a 401 that
 * says the key is missing), as do the blocks with `set -u`, which stop on the unset variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {createApp} from '@portal/sandbox';
import {codeBlocks, codeLanguageOf, contentFiles} from '@portal/content';
import {guideRuns, runName, runProgram, type GuideRun} from '@portal/test-utils/guideRuns';
import {startSandbox} from '@portal/test-utils/sandbox';

const websiteDir = path.resolve(__dirname, '..');
const app = createApp({bundles: loadBundles(), strict: true});
const LINK = '/docs/getting-started/authentication#your-key-and-base-url';
/** The check every block starts with, as the pages write it. */
const CHECK = [
  "for (const name of ['API_BASE_URL', 'API_KEY'])",
  `  if (!process.env[name]) throw new Error(\`Set \${name}: see ${LINK}\`);`,
].join('\n');
const message = (name: string) => `Error: Set ${name}: see ${LINK}`;

/** The JavaScript and TypeScript blocks of the guides and the blog that send the key from `API_KEY`. */
const keyBlocks = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))]
  .sort()
  .flatMap((file) => codeBlocks(path.relative(websiteDir, file), fs.readFileSync(file, 'utf8')))
  .filter((block) => ['javascript', 'typescript'].includes(codeLanguageOf(block.lang) ?? ''))
  .filter((block) => block.body.includes('process.env.API_KEY'));

/** Authentication's JavaScript call of the currencies (the page's one JavaScript block that is not a server). */
const page = 'docs/getting-started/authentication.mdx';
const representative: GuideRun[] = guideRuns(
  codeBlocks(page, fs.readFileSync(path.join(websiteDir, page), 'utf8')),
).runs.filter((run) => run.language === 'javascript' && !run.serve);

/** Runs `run` with `env` against a sandbox that logs every request. */
async function runWith(run: GuideRun, env: (url: string) => Record<string, string>) {
  const sandbox = await startSandbox(app.fetch);
  try {
    const result = await runProgram(run.language, run.source, env(sandbox.url), {files: run.files});
    return {result, requests: [...sandbox.requests]};
  } finally {
    await sandbox.close();
  }
}

describe('the guides’ JavaScript and TypeScript with API_BASE_URL or API_KEY unset', () => {
  it('check both variables in every block that sends the key, in the same words, before using them', () => {
    // The blocks that read API_KEY: update when blocks are added or removed
    expect(
      keyBlocks.reduce<Record<string, number>>(
        (counts, block) => ({...counts, [block.lang]: (counts[block.lang] ?? 0) + 1}),
        {},
      ),
    ).toEqual({js: 40, ts: 2});
    const unchecked = keyBlocks.filter((block) => {
      const at = block.body.indexOf(CHECK);
      return at < 0 || at > block.body.indexOf('process.env.');
    });
    expect(unchecked.map((block) => `${block.file}:${block.line}`)).toEqual([]);
  });

  it('finds the representative block: the call of Authentication, with the check', () => {
    expect(representative).toHaveLength(1);
    expect(representative[0].source).toContain(CHECK);
    expect(representative[0].source).toContain("headers: { 'x-api-key': process.env.API_KEY }");
  });

  describe.concurrent('the representative block, as the page shows it', () => {
    /** The run, named as every failure of the guides' runs names it. */
    const where = () => runName(representative[0]);
    it('stops before any request when API_KEY is unset, and says what to set', async () => {
      const {result, requests} = await runWith(representative[0], (url) => ({API_BASE_URL: url}));
      expect(result.code, `${where()}\n${result.stderr}`).toBe(1);
      expect(result.stderr, where()).toContain(message('API_KEY'));
      expect(result.stdout, where()).toBe('');
      expect(requests, where()).toEqual([]);
    });

    it('stops when API_KEY is empty, and when API_BASE_URL is unset', async () => {
      const empty = await runWith(representative[0], (url) => ({API_BASE_URL: url, API_KEY: ''}));
      expect(empty.result.code, `${where()}\n${empty.result.stderr}`).toBe(1);
      expect(empty.result.stderr, where()).toContain(message('API_KEY'));
      expect(empty.requests, where()).toEqual([]);
      const noBase = await runWith(representative[0], () => ({API_KEY: 'sandbox_missing_env'}));
      expect(noBase.result.code, `${where()}\n${noBase.result.stderr}`).toBe(1);
      expect(noBase.result.stderr, where()).toContain(message('API_BASE_URL'));
      expect(noBase.result.stderr, where()).not.toMatch(/TypeError|Invalid URL/);
    });

    it('runs with both set: one call, answered 200 (the log counts requests)', async () => {
      const {result, requests} = await runWith(representative[0], (url) => ({
        API_BASE_URL: url,
        API_KEY: 'sandbox_missing_env',
      }));
      expect(result.code, `${where()}\n${result.stderr}`).toBe(0);
      expect(result.stdout, where()).toMatch(/\bGBP\b/);
      expect(
        requests.map((request) => `${request.method} ${request.path} ${request.status}`),
        where(),
      ).toEqual(['GET /apiservices/v3/culture/currencies 200']);
    });

    it('without the check, sends the key "undefined" and gets a 403 (why the check is there)', async () => {
      const unchecked = {...representative[0], source: representative[0].source.replace(CHECK, '')};
      expect(unchecked.source).not.toContain('throw new Error(`Set');
      const {result, requests} = await runWith(unchecked, (url) => ({API_BASE_URL: url}));
      expect(result.code).not.toBe(0);
      expect(result.stderr).not.toContain('Set API_KEY');
      expect(requests.map((request) => request.status)).toEqual([403]);
    });
  });
});
