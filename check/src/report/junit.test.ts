import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {describe, expect, it} from 'vitest';
import {junitXml, toXml} from './junit';
import {fixtureReport, fixtureRules, hostileReport} from './report.fixture';

interface Testcase {
  name: string;
  classname: string;
  failure?: {message: string; '#text': string};
  skipped?: {message: string};
}
interface Testsuite {
  name: string;
  tests: string;
  failures: string;
  skipped: string;
  testcase: Testcase[];
  'system-err'?: string;
}

const parse = (
  xml: string,
): {name: string; tests: string; failures: string; skipped: string; testsuite: Testsuite[]} => {
  expect(XMLValidator.validate(xml)).toBe(true);
  // Characters XML 1.0 refuses (the validator lets them through).
  // eslint-disable-next-line no-control-regex
  expect(xml).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\uFFFE\uFFFF]/);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  });
  return parser.parse(xml).testsuites;
};

describe('junitXml', () => {
  it('has one testsuite per run, one testcase per rule judged in it, with the counts', () => {
    const suites = parse(junitXml(fixtureReport(), fixtureRules, {siteUrl: 'https://developers.example.com'}));
    expect(suites).toMatchObject({name: 'integration check', tests: '5', failures: '1', skipped: '1'});
    expect(suites.testsuite.map((suite) => [suite.name, suite.tests, suite.failures, suite.skipped])).toEqual([
      ['normal', '2', '0', '0'],
      ['rate-limited', '3', '1', '1'],
    ]);
    const [normal, limited] = suites.testsuite;
    // retry-after applies to rate-limited only: no testcase for it in the normal run.
    expect(normal.testcase.map((testcase) => testcase.name)).toEqual(['valid-requests', 'poll-interval']);
    expect(normal.testcase[0].classname).toBe('integration-check.normal');
    const [valid, retry, poll] = limited.testcase;
    expect(valid.failure).toBeUndefined();
    expect(valid.skipped).toBeUndefined();
    expect(retry.classname).toBe('integration-check.rate-limited');
    expect(retry.failure!.message).toBe('Call #2 came 0.50 s after a 429 that asked for 2 s.');
    const text = retry.failure!['#text'];
    expect(text).toContain('#1 at 1.40 s: POST /apiservices/v3/flights/live/search/poll/');
    expect(text).toContain("-> 429 (injected: answered 429 with Retry-After: 2 in place of the sandbox's answer)");
    expect(text).toContain('#2 at 1.91 s: POST');
    expect(text).toContain('https://developers.example.com/docs/getting-started/rate-limits#retry-after');
    expect(poll.skipped!.message).toBe('No two polls answered 200 in a row.');
    expect(limited['system-err']).toContain('The program exited with code 1 after 2.20 s.');
  });

  it('skips a rule the run could exercise but has no verdict on', () => {
    const report = fixtureReport();
    report.runs[0].verdicts.pop();
    const [normal] = parse(junitXml(report, fixtureRules)).testsuite;
    expect(normal.testcase[1]).toMatchObject({name: 'poll-interval', skipped: {message: expect.any(String)}});
  });

  it('escapes hostile text, removes the characters XML refuses, and fails a "check" testcase for problems', () => {
    const xml = junitXml(hostileReport(), fixtureRules);
    expect(xml).not.toContain('<script');
    const suites = parse(xml);
    expect(suites).toMatchObject({tests: '6', failures: '2'});
    const check = suites.testsuite.at(-1)!;
    expect(check.name).toBe('check');
    expect(check.testcase[0].name).toBe('check');
    expect(check.testcase[0].failure!.message).toContain('The run made no call: <script>alert("x")</script>');
    const retry = suites.testsuite[1].testcase[1];
    // The colour code is gone with its escape character, not only the character.
    expect(retry.failure!.message.trim()).toBe(`Broke at <script>alert("x")</script> & 'quoted' | piped`);
    expect(suites.testsuite[1]['system-err']).toContain('</pre><script>');
  });

  it('names a HAR run "har", or after the scenario its entries carry', () => {
    const report = fixtureReport();
    report.mode = 'har';
    report.runs[0].recording = {...report.runs[0].recording, scenario: null, program: undefined};
    report.runs[1].recording = {...report.runs[1].recording, scenario: null, program: undefined, label: 'rate-limited'};
    const [plain, labelled] = parse(junitXml(report, fixtureRules)).testsuite;
    expect(plain.name).toBe('har');
    expect(plain.testcase[0].classname).toBe('integration-check.har');
    expect(labelled.name).toBe('rate-limited');
    expect(labelled['system-err']).toBeUndefined();
  });

  it('escapes the five markup characters, removes what XML refuses, and keeps line ends in attributes', () => {
    expect(toXml({a: {'@title': 'a\nb\tc\rd', '#text': `<a href="x">'&'</a>\u0000\u0007\uFFFE😀`}})).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<a title="a&#10;b&#9;c&#13;d">&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;😀</a>\n',
    );
    expect(toXml({a: {'#text': 'lone \uD800 surrogate'}})).toContain('<a>lone  surrogate</a>');
  });

  it('names a run after a HAR label with line ends and quotes, read back as written', () => {
    const report = fixtureReport();
    report.mode = 'har';
    report.runs[0].recording = {...report.runs[0].recording, scenario: null, program: undefined, label: 'a\nb "c"'};
    const xml = junitXml(report, fixtureRules);
    expect(xml).toContain('<testsuite name="a&#10;b &quot;c&quot;" tests="2"');
    // A parser that reads character references reads the label back
    const read = new XMLParser({ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true}).parse(xml);
    expect(read.testsuites.testsuite[0].testcase[0].classname).toBe('integration-check.a\nb "c"');
  });
});
