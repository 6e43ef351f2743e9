import {describe, expect, it} from 'vitest';
import type {CheckReport} from '../model';
import {reportHtml, timelineHtml} from './html';
import {fixtureReport, fixtureRules, hostileReport} from './report.fixture';

const SITE = 'https://developers.example.com';

/** The part of the page about one run: from its heading to the next run's. */
const runPart = (html: string, name: string): string => {
  const start = html.indexOf(`<h3>${name}</h3>`);
  const next = html.indexOf('<h3>', start + 1);
  return html.slice(start, next < 0 ? undefined : next);
};

describe('reportHtml', () => {
  const html = reportHtml(fixtureReport(), fixtureRules, {siteUrl: SITE});

  it('is one self-contained document: no script, no external stylesheet, font or image', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link|<img|<iframe|<object|@import|url\(|\ssrc=/i);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
  });

  it('links nowhere but to the guides', () => {
    const urls = html.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(new RegExp(`^${SITE}/docs/getting-started/`));
    expect(reportHtml(fixtureReport(), fixtureRules)).not.toMatch(/https?:/);
    expect(html).toContain(`<a href="${SITE}/docs/getting-started/rate-limits#poll-politely">Rate limits</a>`);
  });

  it('says the verdict, and has the rule × run matrix with each rule’s sentence and tolerance', () => {
    expect(html).toContain('<h1>Integration check: <span class="verdict failed">FAILED</span></h1>');
    expect(html).toContain('<p>1 failed, 3 passed, 1 not exercised in 2 runs.</p>');
    expect(html).toContain('<th scope="col">normal</th><th scope="col">rate-limited</th>');
    expect(html).toContain(
      'Poll at most once a second.<br/><span class="muted">Tolerance: A poll 0.9 s after the last answer passes.',
    );
    const retryRow = html.split('\n').find((line) => line.includes('<code>retry-after</code></th>'))!;
    expect(retryRow).toContain('<span class="sr">not judged</span>');
    expect(retryRow).toContain('<span class="sr">failed: Call #2 came 0.50 s after a 429 that asked for 2 s.</span>');
  });

  it('shows each failure with the calls that broke it', () => {
    expect(html).toContain('<h3><code>retry-after</code> failed in rate-limited</h3>');
    expect(html).toContain(
      '<td class="num">429</td><td>answered 429 with Retry-After: 2 in place of the sandbox&#39;s answer</td>',
    );
  });

  it('draws a timeline of each run as wide as the page, an SVG with a table as its text alternative', () => {
    const runs = ['normal', 'rate-limited'].map((name) => runPart(html, name));
    for (const part of runs) {
      // As wide as the page, whatever the run's length: no fixed width, nothing scaled (its text stays 10 px).
      expect(part).toMatch(
        /<div class="scroll timeline"><svg role="img" aria-label="Timeline of the [^"]+" width="100%" height="[\d.]+">[\s\S]*<\/svg><\/div>\n<div class="scroll"><table><caption>The calls of the/,
      );
      expect(part).not.toContain('viewBox');
      expect(part).toContain('<text class="lane" x="0" y="36">Session 1 · flights-live-pricing</text>');
      expect(part).toContain('<th scope="col">duration ms</th>');
    }
    const [normal, limited] = runs;
    expect(normal.match(/<rect class="k2xx"/g)).toHaveLength(3);
    expect(normal).toContain('>200 INCOMPLETE NOT_MODIFIED 0</text>');
    expect(normal).toContain('>200 COMPLETE REPLACED 12</text>');
    expect(normal).toContain('>0s</text>');
    expect(normal).toContain('>1s</text>');
    expect(normal).not.toContain('class="viol"');
    // The injected 429: its colour, its mark, and as a violation with the retry that followed it.
    expect(limited.match(/<rect class="kfault"/g)).toHaveLength(1);
    expect(limited.match(/<path class="faultmark"/g)).toHaveLength(1);
    expect(limited.match(/<rect class="viol"/g)).toHaveLength(2);
    expect(limited).toContain('1 fault injected; 2 calls breaking a rule.');
    // The table: one row per call, with what the timeline shows.
    expect(limited).toContain(
      '<tr><td class="num">2</td><td>1 poll</td><td class="num">1.91</td><td class="num">90</td><td>POST</td>',
    );
    expect(limited).toContain(
      '<td>COMPLETE</td><td>REPLACED</td><td class="num">12</td><td></td><td class="fail">retry-after</td>',
    );
    expect(limited).toContain('<pre>Error: search failed\n    at poll (client.js:12:3)</pre>');
  });

  it('is accessible: headings in order, every table header with a scope', () => {
    const levels = [...html.matchAll(/<h(\d)/g)].map((match) => Number(match[1]));
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, at) => expect(level - levels[at]).toBeLessThanOrEqual(1));
    expect(html.match(/<th(?=[\s>])(?![^>]*scope=)/g)).toBeNull();
    expect(html.match(/<th scope=/g)!.length).toBeGreaterThan(10);
  });

  it('escapes everything a program or a HAR wrote', () => {
    const hostile = reportHtml(hostileReport(), fixtureRules);
    expect(hostile).not.toMatch(/<script/i);
    expect(hostile).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; | piped');
    expect(hostile).toContain('<pre>&lt;/pre&gt;&lt;script&gt;');
    expect(hostile).toContain('<h2>Problems</h2>');
    expect(hostile).toContain('<text class="lane" x="0" y="36">Session 1 · slug&lt;script&gt;');
    // eslint-disable-next-line no-control-regex
    expect(hostile).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const subject = reportHtml({...fixtureReport(), subject: `<a href="x" title='y'>&</a>`}, fixtureRules);
    expect(subject).toContain('<code>&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;</code>');
    expect(subject).toContain(
      '<title>Integration check FAILED: &lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;</title>',
    );
  });

  it('names a HAR’s run "har" and says how many entries it ignored', () => {
    const report: CheckReport = {
      subject: 'partner.har',
      mode: 'har',
      runs: [{...fixtureReport().runs[0], verdicts: []}],
      passed: false,
      problems: [],
    };
    report.runs[0].recording = {...report.runs[0].recording, scenario: null, program: undefined, ignored: 4};
    const har = reportHtml(report, fixtureRules);
    expect(har).toContain('<th scope="col">har</th>');
    expect(har).toContain('<p>HAR: <code>partner.har</code></p>');
    expect(har).toContain('3 calls in 1 session. 4 entries of the HAR ignored (other hosts, assets).');
  });
});

describe('timelineHtml', () => {
  it("is one run's timeline and table alone, the report's own, with no script", () => {
    const report = fixtureReport();
    const run = report.runs[1];
    const alone = timelineHtml(run, 'Timeline of the session');
    const inReport = runPart(reportHtml(report, fixtureRules), run.recording.scenario!);
    expect(alone).toContain('<title>Timeline of the session</title>');
    expect(alone).not.toMatch(/<script|<h[1-6]/i);
    const svg = alone.match(/<svg[\s\S]*<\/svg>/)?.[0];
    expect(svg).toBeDefined();
    expect(inReport).toContain(svg);
    const table = alone.match(/<table[\s\S]*<\/table>/)?.[0];
    expect(table).toBeDefined();
    expect(inReport).toContain(table);
  });
});
