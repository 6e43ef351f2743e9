import {describe, expect, it} from 'vitest';
import {code, escapeMarkdown, reportMarkdown} from './markdown';
import {fixtureReport, fixtureRules, hostileReport, rateLimitedRun} from './report.fixture';
import type {CheckReport} from '../model';

/** The line of the fixture's injected 429. */
const INJECTED =
  "- #1 `POST /apiservices/v3/flights/live/search/poll/CkJzZXNz…ZS0x` → 429, injected by the check: answered 429 with Retry-After: 2 in place of the sandbox's answer.";

describe('reportMarkdown', () => {
  const markdown = reportMarkdown(fixtureReport(), fixtureRules);
  const lines = markdown.split('\n');

  it('starts with the verdict and its counts', () => {
    expect(lines[0]).toBe('## Integration check FAILED: 1 failed, 3 passed, 1 not exercised in 2 runs');
    const passed = {...fixtureReport(), passed: true};
    expect(reportMarkdown(passed, fixtureRules).split('\n')[0]).toMatch(/^## Integration check PASSED: /);
  });

  it('has the rule × run matrix, each rule linked to its guide', () => {
    const at = lines.indexOf('| Rule | normal | rate-limited |');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 5)).toEqual([
      '| --- | :-: | :-: |',
      '| [`valid-requests`](/docs/getting-started/requests-and-responses#valid-requests) | ✓ | ✓ |',
      '| [`retry-after`](/docs/getting-started/rate-limits#retry-after) |   | ✗ |',
      '| [`poll-interval`](/docs/getting-started/rate-limits#poll-politely) | ✓ | – |',
    ]);
  });

  it('makes the guides absolute on siteUrl', () => {
    const absolute = reportMarkdown(fixtureReport(), fixtureRules, {siteUrl: 'https://developers.example.com/'});
    expect(absolute).toContain(
      '[`retry-after`](https://developers.example.com/docs/getting-started/rate-limits#retry-after)',
    );
  });

  it('lists each failure with its calls', () => {
    expect(markdown).toContain('#### ✗ `retry-after` in rate-limited');
    expect(markdown).toContain('| # | time s | method | path | status |');
    expect(markdown).toContain(
      '| 1 | 1.40 | POST | `/apiservices/v3/flights/live/search/poll/CkJzZXNz…ZS0x` | 429 (injected) |',
    );
    expect(markdown).toContain(INJECTED);
  });

  it('names each injected call by its number, as the HTML report and the rules’ details do (#1), in a sentence', () => {
    expect(markdown).not.toMatch(/Call \d+: the check/);
    // Once with the failure it took part in, once in its run's list of what the check injected.
    expect(markdown.split(INJECTED)).toHaveLength(3);
    expect(markdown).toContain('Injected by the check:');
    // The passing run had nothing injected: it says nothing of it.
    const normal = markdown.slice(markdown.indexOf('#### normal'), markdown.indexOf('#### rate-limited'));
    expect(normal).not.toContain('Injected');
  });

  it('lists a call the check injected outside every session as injected, never among the other calls', () => {
    // The injected 429 starts no session (as a first create answered 429 does); one other call is the program's own.
    const run = rateLimitedRun();
    run.sessions[0].calls = run.sessions[0].calls.filter((call) => call.index !== 1);
    run.recording.exchanges.push({
      index: 3,
      startedMs: 2_100,
      endedMs: 2_150,
      request: {method: 'GET', url: '/apiservices/v1/culture/currencies', headers: []},
      response: {status: 200, headers: []},
    });
    const report: CheckReport = {...fixtureReport(), runs: [run]};
    const text = reportMarkdown(report, fixtureRules);
    const section = text.slice(text.indexOf('#### rate-limited'));
    expect(section).toContain(INJECTED);
    expect(section).toContain('1 other call.');
    expect(section).not.toContain('2 other calls');
    // Without the program's own call, no other call is left to count.
    run.recording.exchanges.pop();
    expect(reportMarkdown(report, fixtureRules)).not.toMatch(/other call/);
  });

  it("shows each run's sessions and how the program ended", () => {
    expect(markdown).toContain('3 calls in 1 session. The program exited with code 1 after 2.20 s.');
    expect(markdown).toContain('| 2 | poll | 2.60 | 200 | COMPLETE | REPLACED | 12 |');
    expect(markdown).toContain('| 1 | poll | 1.40 | 429 (injected) |  |  |  |');
    expect(markdown).toContain('```text\nError: search failed\n    at poll (client.js:12:3)\n```');
  });

  it('escapes what a program wrote: pipes in cells, markup, and fences in stderr', () => {
    const hostile = reportMarkdown(hostileReport(), fixtureRules);
    // Markup shows only as code (a span or the stderr block), never as markup.
    const prose = hostile.replace(/^(`{3,})text\n[\s\S]*?\n\1$/gm, '').replace(/`[^`\n]*`/g, '');
    expect(hostile).toContain('<script');
    expect(prose).not.toMatch(/(?<!\\)<script/);
    expect(hostile).toContain('- The run made no call: \\<script\\>alert("x")\\</script\\> \\& \'quoted\' \\| piped');
    // Every row of the failure's calls keeps its five cells: the path's pipe is escaped.
    const row = hostile.split('\n').find((line) => line.startsWith('| 2 | 1.91 |'))!;
    expect(row.split(/(?<!\\)\|/).length - 2).toBe(5);
    // The stderr's own ``` cannot close the block.
    expect(hostile).toContain(
      '````text\n</pre><script>alert("x")</script> & \'quoted\' | piped \n```\nafter the fence\n````',
    );
    expect(hostile).not.toContain('\u0001');
    expect(hostile).not.toContain('\u001b');
  });

  it('fences code spans past the backticks in them', () => {
    expect(code('a `b` c')).toBe('``a `b` c``');
    expect(code('`x`')).toBe('`` `x` ``');
    expect(code('a|b')).toBe('`a|b`');
    expect(code('a|b', true)).toBe('`a\\|b`');
    expect(escapeMarkdown('*a* [b](c)\nd')).toBe('\\*a\\* \\[b\\](c) d');
  });
});
