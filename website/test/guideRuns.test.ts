/**
 * The guides' code runs: every bash, JavaScript and Python block of the guides runs, in every language
 * tab, against the sandbox (`@portal/sandbox`, served in this process on 127.0.0.1), the way a reader
 * runs it, and must exit 0, print something, and get no error answer from the API.
 *
 * How the blocks become programs (`test-utils/guideRuns.ts`): a block runs alone, unless its fence
 * says `program` (the page builds one program per language from several blocks, "put the steps
 * together"), then the page's `program` blocks of a language run as one file in page order; a block
 * whose fence says `fragment` is not a program and is skipped; a block whose fence says `file=<name>` is
 * written under that name beside each program of its language on the page (a helper module they import). Each run gets a temporary directory
 * and the environment the guides tell the reader to set, `API_BASE_URL` (the sandbox's URL) and
 * `API_KEY` (a `sandbox_` key), and its own sandbox server (strict: it also refuses body fields the
 * specs do not declare), whose log of requests says which statuses the run was answered, so what the
 * code sends is checked as it is sent: any 4xx or 5xx fails the run, unless a fence says it shows that status on purpose
 * (`expect=429`, or `expect=400,404`) (a program that prints an error body as if it
 * were the answer is still wrong), and so does an error line of jq, curl or the shell on stderr (a
 * step that failed in a script that went on).
 *
 * Every page of website/docs is covered except those in `remaining` (pages still to be made to run,
 * and the pages other people own), and every post of website/blog; the counts of runs, joined blocks
 * and fragments are pinned.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {createApp} from '@portal/sandbox';
import {contentFiles, codeBlocks} from '@portal/content';
import {
  guideRuns,
  runLanguageOf,
  runName,
  runProgram,
  type GuideRun,
  type RunLanguage,
  type RunResult,
} from '@portal/test-utils/guideRuns';
import {startSandbox, type LoggedRequest} from '@portal/test-utils/sandbox';

const websiteDir = path.resolve(__dirname, '..');
const docsDir = path.join(websiteDir, 'docs');
// Strict: a body field the schema does not declare (a misspelled optional field) is refused too
const app = createApp({bundles: loadBundles(), strict: true});
const API_KEY = 'sandbox_guide_runs';

/**
 * Pages of website/docs whose code is not run, relative to website/docs, each with the reason.
 */
const remaining = [
  // Referral links: the provider's website, not an API the sandbox serves; MEDIA_PARTNER_ID and PROVIDER_SITE
  'referrals/dates.mdx',
  'referrals/examples.mdx',
  'referrals/impact-quick-start-guide.mdx',
  'referrals/quick-start-guide.mdx',
  'referrals/tracking.mdx',
  'shallow-link.mdx',
];

const allPages = contentFiles(docsDir)
  .map((file) => path.relative(docsDir, file))
  .sort();
const pages = allPages.filter((page) => !remaining.includes(page));
/**
 * Languages of a page that do not run, each with the reason; the page's other languages run. Their
 * blocks are counted as not run, beside the fragments.
 */
const notRun: Record<string, RunLanguage[]> = {
  // The Python tab needs nh3 (not packaged by Debian), the JavaScript tab dompurify and jsdom, which the
  // runner's directory does not install; the curl tab sends the same requests and runs
  'hotels-reviews/quick-start.mdx': ['javascript', 'python'],
};
/** The blog's posts, relative to website/blog: their code runs like the guides', all of it. */
const blogDir = path.join(websiteDir, 'blog');
const posts = contentFiles(blogDir)
  .map((file) => path.relative(blogDir, file))
  .sort();
/** A page's plan with the runs of the languages it does not run moved to `skipped`. */
function planOf(page: string, file: string, text: string) {
  const plan = guideRuns(codeBlocks(file, text));
  const skippedLanguages = notRun[page] ?? [];
  const skipped = plan.runs.filter((run) => skippedLanguages.includes(run.language));
  return {page, ...plan, runs: plan.runs.filter((run) => !skipped.includes(run)), skipped};
}

const plans = [
  ...pages.map((page) => planOf(page, `docs/${page}`, fs.readFileSync(path.join(docsDir, page), 'utf8'))),
  ...posts.map((post) => planOf(`../blog/${post}`, `blog/${post}`, fs.readFileSync(path.join(blogDir, post), 'utf8'))),
];
const runs = plans.flatMap((plan) => plan.runs);

/** What is wrong with a run: its exit, its output, the statuses the sandbox answered it. */
function problemsOf(run: GuideRun, result: RunResult, requests: LoggedRequest[]): string[] {
  const problems: string[] = [];
  if (result.answer) {
    // A server: stopped by the runner once it answered
    if (result.answer.status === 0) problems.push(`never answered ${run.serve}`);
    else if (result.answer.status !== 200) problems.push(`answered ${run.serve} with ${result.answer.status}`);
    else if (!result.answer.body.trim()) problems.push(`answered ${run.serve} with nothing`);
    if (result.code !== null && result.code !== 0) problems.push(`exited with ${result.code}`);
    if (requests.length === 0) problems.push('never called the API');
  } else {
    if (result.timedOut) problems.push('did not finish in time');
    else if (result.code !== 0) problems.push(`exited with ${result.code ?? result.signal}`);
    if (!result.stdout.trim()) problems.push('printed nothing');
  }
  // A step that failed in a script that went on (bash without `set -e`): the tools' own error lines
  const failed = result.stderr.match(
    /^(jq: error.*|curl: \(\d+\).*|.*: command not found|.*: No such file or directory)$/m,
  );
  if (failed) problems.push(`a step failed: ${failed[0]}`);
  // A block that shows an error on purpose says which statuses: ```bash expect=429
  const expected = new Set(
    run.blocks.flatMap((block) => (block.meta.expect ?? '').split(',').filter(Boolean).map(Number)),
  );
  for (const request of requests) {
    if (request.status >= 400 && !expected.has(request.status))
      problems.push(
        `${request.method} ${request.path} answered ${request.status}${request.violations ? ` (${request.violations})` : ''}`,
      );
  }
  if (problems.length === 0) return [];
  const tail = (text: string) => text.split('\n').slice(-25).join('\n');
  return [
    `${runName(run)}: ${problems.join('; ')}\n` +
      `--- stdout\n${tail(result.stdout)}\n--- stderr\n${tail(result.stderr)}`,
  ];
}

/** Servers listen on the fixed port their page gives: one at a time. */
let serverQueue: Promise<unknown> = Promise.resolve();

/** Runs one program against a sandbox of its own, and says what is wrong with it. */
async function check(run: GuideRun): Promise<{problems: string[]; result: RunResult; requests: LoggedRequest[]}> {
  const go = async () => {
    const sandbox = await startSandbox(app.fetch);
    try {
      const result = await runProgram(
        run.language,
        run.source,
        {API_BASE_URL: sandbox.url, API_KEY},
        {serve: run.serve, files: run.files},
      );
      return {problems: problemsOf(run, result, sandbox.requests), result, requests: sandbox.requests};
    } finally {
      await sandbox.close();
    }
  };
  if (!run.serve) return go();
  const turn = serverQueue.then(go);
  serverQueue = turn.catch(() => undefined);
  return turn;
}

const count = (language: RunLanguage) => ({
  runs: runs.filter((run) => run.language === language).length,
  blocks: runs.filter((run) => run.language === language).reduce((sum, run) => sum + run.blocks.length, 0),
  fragments: plans.flatMap((plan) => plan.fragments).filter((block) => runLanguageOf(block.lang) === language).length,
  files: plans.flatMap((plan) => plan.files).filter((block) => runLanguageOf(block.lang) === language).length,
  notRun: plans.flatMap((plan) => plan.skipped).filter((run) => run.language === language).length,
});

describe('the code of the guides', () => {
  it('covers every page but the pinned remaining ones', () => {
    expect(
      [...remaining, ...Object.keys(notRun)].filter((page) => !allPages.includes(page)),
      'remaining pages that do not exist',
    ).toEqual([]);
    expect({covered: pages.length, remaining: remaining.length}).toEqual({covered: 70, remaining: 6});
    expect(posts).toHaveLength(4);
  });

  // Update these when blocks are added, removed, joined or marked: a sudden drop means blocks stopped running.
  it('is found: runs, the blocks they join and the fragments, per language', () => {
    expect({
      bash: count('bash'),
      javascript: count('javascript'),
      python: count('python'),
      typescript: count('typescript'),
    }).toEqual({
      bash: {runs: 49, blocks: 104, fragments: 23, files: 1, notRun: 0},
      javascript: {runs: 51, blocks: 101, fragments: 14, files: 1, notRun: 6},
      python: {runs: 43, blocks: 91, fragments: 6, files: 1, notRun: 5},
      typescript: {runs: 2, blocks: 2, fragments: 0, files: 0, notRun: 0},
    });
  });
});

describe.concurrent('the code of the guides runs against the sandbox', () => {
  for (const run of runs) {
    it(`${run.file}: ${run.language}, ${run.name}`, async () => {
      const {problems} = await check(run);
      expect(problems).toEqual([]);
    });
  }
});

describe.concurrent('the runner catches a broken block (the check itself works)', () => {
  const sample = [
    '<Tabs groupId="language">',
    '<TabItem value="javascript" label="JavaScript">',
    '',
    '```js program',
    'const API = `${process.env.API_BASE_URL}/apiservices/v3/culture`;',
    '```',
    '',
    '```js fragment',
    'const broken = {',
    '```',
    '',
    '```js program',
    "const res = await fetch(`${API}/currency`, { headers: { 'x-api-key': process.env.API_KEY } });",
    'if (!res.ok) throw new Error(`HTTP ${res.status}`);',
    'console.log(await res.text());',
    '```',
    '',
    '</TabItem>',
    '<TabItem value="curl" label="curl">',
    '',
    '```bash',
    'curl -sS "$API_BASE_URL/apiservices/v3/culture/currency" -H "x-api-key: $API_KEY"',
    '```',
    '',
    '```bash',
    'curl -sS "$API_BASE_URL/apiservices/v3/culture/currencies" -H "x-api-key: $API_KEY" | jq -r ".currencies[0].code"',
    '```',
    '',
    '</TabItem>',
    '<TabItem value="python" label="Python">',
    '',
    '```python',
    'query = {"market": "UK",',
    '```',
    '',
    '</TabItem>',
    '</Tabs>',
  ].join('\n');
  const plan = guideRuns(codeBlocks('sample.mdx', sample));

  it('joins the program blocks, skips the fragment and runs the rest alone', () => {
    expect(
      plan.runs.map((run) => `${run.language} ${run.name}: ${run.blocks.map((block) => block.line).join(',')}`),
    ).toEqual(['javascript program: 4,12', 'bash line 21: 21', 'bash line 25: 25', 'python line 32: 32']);
    expect(plan.fragments.map((block) => block.line)).toEqual([8]);
  });

  it('fails a JavaScript program that calls a wrong path (and checks the status)', async () => {
    const {problems, result} = await check(plan.runs[0]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('HTTP 404');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^sample\.mdx \(javascript, program, blocks at lines 4, 12\): exited with 1; printed nothing; GET \/apiservices\/v3\/culture\/currency answered 404\n/,
    );
  });

  it('fails a curl block that calls a wrong path, though curl exits 0', async () => {
    const {problems, result} = await check(plan.runs[1]);
    expect(result.code).toBe(0);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^sample\.mdx \(bash, line 21, blocks at lines 21\): GET \/apiservices\/v3\/culture\/currency answered 404\n/,
    );
  });

  it('passes a right block', async () => {
    const {problems, result} = await check(plan.runs[2]);
    expect(problems).toEqual([]);
    expect(result.stdout).toMatch(/^[A-Z]{3}\n$/);
  });

  it('accepts an error status a block says it shows (expect=404), and only that one', async () => {
    const [shown, other] = ['expect=404', 'expect=429'].map(
      (meta) =>
        guideRuns(
          codeBlocks(
            'sample.mdx',
            [
              `\`\`\`bash ${meta}`,
              'curl -sS "$API_BASE_URL/apiservices/v3/culture/currency" -H "x-api-key: $API_KEY"',
              '```',
            ].join('\n'),
          ),
        ).runs[0],
    );
    expect((await check(shown)).problems).toEqual([]);
    expect((await check(other)).problems[0]).toMatch(/GET \/apiservices\/v3\/culture\/currency answered 404\n/);
  });

  it('fails a body the sandbox refuses as sent: a misspelled field, a wrong enum value', async () => {
    const [misspelt, wrongEnum] = [
      '"serchTerm": "Edin"',
      '"searchTerm": "Edin", "includedEntityTypes": ["PLACE_TYPE_PLANET"]',
    ].map(
      (fields) =>
        guideRuns(
          codeBlocks(
            'sample.mdx',
            [
              '```bash',
              'curl -sS -X POST "$API_BASE_URL/apiservices/v3/autosuggest/flights" -H "x-api-key: $API_KEY" \\',
              `  -H "Content-Type: application/json" -d '{"query": {"market": "UK", "locale": "en-GB", ${fields}}}'`,
              '```',
            ].join('\n'),
          ),
        ).runs[0],
    );
    expect((await check(misspelt)).problems[0]).toMatch(
      /POST \/apiservices\/v3\/autosuggest\/flights answered 400 \(query\.serchTerm: query\.serchTerm is not a field of the request body\)\n/,
    );
    expect((await check(wrongEnum)).problems[0]).toMatch(
      /POST \/apiservices\/v3\/autosuggest\/flights answered 400 \(query\.includedEntityTypes\[0\]: must be one of PLACE_TYPE_AIRPORT, PLACE_TYPE_CITY, PLACE_TYPE_COUNTRY\)/,
    );
  });

  it('fails an unmarked fragment', async () => {
    const {problems} = await check(plan.runs[3]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^sample\.mdx \(python, line 32, blocks at lines 32\): exited with 1; printed nothing\n/,
    );
    expect(problems[0]).toContain('SyntaxError');
  });
});
