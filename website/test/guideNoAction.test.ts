/**
 * The hotels and car hire live loops read an answer without `action` as the whole result set: those
 * answers may come without `action` (the box docs/getting-started/create-and-poll.mdx#missing-action, which
 * the quick starts and the poll operations of specs/carhire-live-pricing/openapi.yaml and
 * specs/hotels-live/openapi.yaml link to, says so and why it is safe). Each quick start's own programs run twice, against the
 * sandbox and against the same sandbox with `action` taken out of every create and poll answer of its
 * API; what they print, once the lines that name the action are left out, must be the same. A loop that
 * replaced its results only on RESULT_ACTION_REPLACED would keep the create call's first results (and,
 * in hotels, never show page 2 or the filtered view), and print something else.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {createApp} from '@portal/sandbox';
import {codeBlocks} from '@portal/content';
import {guideRuns, runName, runProgram, type GuideRun} from '@portal/test-utils/guideRuns';
import {startSandbox} from '@portal/test-utils/sandbox';

const docsDir = path.resolve(__dirname, '../docs');
const app = createApp({bundles: loadBundles()});

/** The sandbox, with `action` removed from the JSON answers of paths under `prefix`. */
const withoutAction =
  (prefix: string) =>
  async (request: Request): Promise<Response> => {
    const response = await app.fetch(request);
    if (!new URL(request.url).pathname.startsWith(prefix) || !response.ok) return response;
    const body = (await response.json()) as Record<string, unknown>;
    delete body.action;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(body), {status: response.status, headers});
  };

async function output(run: GuideRun, fetch: (request: Request) => Response | Promise<Response>) {
  const sandbox = await startSandbox(fetch);
  try {
    const result = await runProgram(
      run.language,
      run.source,
      {API_BASE_URL: sandbox.url, API_KEY: 'sandbox_no_action'},
      {files: run.files},
    );
    expect(result.code, `${runName(run)}\n${result.stderr}`).toBe(0);
    expect(
      sandbox.requests.filter((request) => request.status >= 400),
      runName(run),
    ).toEqual([]);
    return {
      polls: sandbox.requests.filter((request) => request.path.includes('/poll/')).length,
      // The lines that print the action (poll n: STATUS ACTION, "...: the results held are unchanged") differ
      printed: result.stdout
        .split('\n')
        .filter((line) => !/RESULT_ACTION_|no action/.test(line))
        .join('\n'),
    };
  } finally {
    await sandbox.close();
  }
}

/** Each quick start, with the languages its full program is given in. */
const quickStarts = [
  {
    page: 'carhire-live-prices/quick-start.mdx',
    prefix: '/apiservices/v1/carhire/live/search/',
    languages: ['bash', 'javascript', 'python'],
  },
  {
    page: 'hotels-live-prices/quick-start.mdx',
    prefix: '/apiservices/v1/hotels/live/search/',
    languages: ['bash', 'javascript', 'python'],
  },
];

describe.concurrent('hotels and car hire loops without action in the answers', () => {
  for (const {page, prefix, languages} of quickStarts) {
    const {runs} = guideRuns(codeBlocks(`docs/${page}`, fs.readFileSync(path.join(docsDir, page), 'utf8')));
    const programs = runs.filter((candidate) => candidate.name === 'program');
    // The tests below are made from this selection: it holds a program in each language of the page.
    it(`${page}: has its program in ${languages.join(', ')}`, () => {
      expect(programs.map((run) => run.language).sort()).toEqual(languages);
    });
    for (const run of programs) {
      it(`${page}, ${run.language}: prints the same results`, async () => {
        const [usual, absent] = await Promise.all([output(run, app.fetch), output(run, withoutAction(prefix))]);
        expect(absent.polls, runName(run)).toBeGreaterThan(0);
        expect(absent.printed, `${runName(run)} without action prints otherwise`).toBe(usual.printed);
      });
    }
  }
});
