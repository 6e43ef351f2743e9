/**
 * The server's markdown pages (./pages.ts) against the site's: a number of the check's inside a sentence is
 * written as the site writes it, and a component that needs the site's build is a pointer to its page.
 */
import {describe, expect, it} from 'vitest';
import {DEFAULT_TIMEOUT_SECONDS, MAX_CALLS_PER_RUN, MAX_TIMEOUT_SECONDS} from '@portal/check/model';
import {loadBundles} from '@portal/specs/node';
import {markdownPages} from './pages';

describe("the server's pages", () => {
  const page = markdownPages(loadBundles()).find(
    (candidate) => candidate.path === '/docs/getting-started/integration-check',
  );

  it("writes the check's bounds as numbers in their sentences", () => {
    expect(page?.markdown).toContain(
      `The check stops a run at its time limit (${DEFAULT_TIMEOUT_SECONDS} seconds unless you say otherwise), and stops a program that makes more than ${MAX_CALLS_PER_RUN} calls in one run.`,
    );
    expect(page?.markdown).toContain(`from 1 to ${MAX_TIMEOUT_SECONDS}. The default is ${DEFAULT_TIMEOUT_SECONDS}. |`);
  });

  it('points to the page for a component the site renders from its build', () => {
    expect(page?.markdown).toContain(
      '_(The page on the site shows its `CheckRules` here: /docs/getting-started/integration-check.)_',
    );
  });
});
