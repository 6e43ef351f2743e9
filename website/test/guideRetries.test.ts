/**
 * The guides' retry helpers retry, and honour Retry-After: the code of Rate limits
 * and of Create and poll, exactly as the pages show it, runs against the sandbox's failure scenarios
 * (website/docs/getting-started/sandbox.mdx#scenarios), chosen as a reader chooses them, with the key
 * `sandbox_scenario_<status>` in API_KEY. Every call of a scenario fails, so each helper must spend its
 * whole budget: exactly 4 attempts, a "retrying in" line before each of the 3 waits and none after the
 * last attempt, then "retry budget spent". On a 429 each wait lasts at least the Retry-After the sandbox
 * sends (5 seconds, as sandbox.mdx documents, longer than any backoff of these helpers before it is
 * capped), which the arrival times the sandbox logs show. The helpers' own success path runs in
 * website/test/guideRuns.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {createApp} from '@portal/sandbox';
import {codeBlocks} from '@portal/content';
import {guideRuns, runProgram, type GuideRun} from '@portal/test-utils/guideRuns';
import {startSandbox} from '@portal/test-utils/sandbox';

const docsDir = path.resolve(__dirname, '../docs');
const app = createApp({bundles: loadBundles()});
const read = (page: string) => fs.readFileSync(path.join(docsDir, page), 'utf8');

/** The Retry-After the sandbox documents for its 429 scenario. */
const documentedRetryAfter = Number(/`Retry-After: (\d+)`/.exec(read('getting-started/sandbox.mdx'))?.[1]);
const ATTEMPTS = 4;

const pages = ['getting-started/rate-limits.mdx', 'getting-started/create-and-poll.mdx'];
const runsOf = (page: string): GuideRun[] => guideRuns(codeBlocks(`docs/${page}`, read(page))).runs;

async function runInScenario(run: GuideRun, scenario: string) {
  const sandbox = await startSandbox(app.fetch);
  try {
    const result = await runProgram(run.language, run.source, {
      API_BASE_URL: sandbox.url,
      API_KEY: `sandbox_scenario_${scenario}`,
    });
    return {result, requests: [...sandbox.requests]};
  } finally {
    await sandbox.close();
  }
}

describe('the scenario the proof relies on', () => {
  it('answers 429 with the Retry-After sandbox.mdx documents', async () => {
    const response = await app.request('/apiservices/v3/culture/currencies', {
      headers: {'x-api-key': 'sandbox_scenario_429'},
    });
    expect(response.status).toBe(429);
    expect(documentedRetryAfter).toBe(5);
    expect(response.headers.get('retry-after')).toBe(String(documentedRetryAfter));
  });

  it('finds the helpers: one program per language on each page', () => {
    expect(pages.map((page) => runsOf(page).map((run) => run.language))).toEqual([
      ['bash', 'javascript', 'python'],
      ['bash', 'javascript', 'python'],
    ]);
  });
});

describe.concurrent('the retry helpers against the sandbox failure scenarios', () => {
  for (const page of pages) {
    for (const run of runsOf(page)) {
      for (const scenario of ['429', '500', '503']) {
        it(`${page}, ${run.language}: ${scenario}`, async () => {
          const {result, requests} = await runInScenario(run, scenario);
          const where = `${page} ${run.language}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
          expect(result.timedOut, where).toBe(false);
          expect(result.code, where).not.toBe(0);
          expect(
            requests.map((request) => request.status),
            where,
          ).toEqual(Array(ATTEMPTS).fill(Number(scenario)));
          // One request at a time, each the same call again
          expect(new Set(requests.map((request) => `${request.method} ${request.path}`)).size, where).toBe(1);
          expect(result.stderr.match(/retrying in \d+(\.\d+)?s/g), where).toHaveLength(ATTEMPTS - 1);
          expect(result.stderr, where).toContain(`retry budget spent after ${ATTEMPTS} attempts: HTTP ${scenario}`);
          if (scenario === '429') {
            const waits = requests.slice(1).map((request, i) => request.at - requests[i].at);
            // A timer may fire a millisecond early by the wall clock; the backoff alone stays under 2 s
            for (const wait of waits) expect(wait, where).toBeGreaterThanOrEqual(documentedRetryAfter * 1000 - 20);
          }
        });
      }
    }
  }
});
