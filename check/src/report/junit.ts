/**
 * A check as JUnit XML, the report CI systems show: one testsuite per run (its scenario, or a HAR's
 * label, or `har`), one testcase per rule judged in it (`classname` `integration-check.<run>`), a
 * `<failure>` listing the calls that broke the rule, a `<skipped>` when the run did not exercise it, and a
 * failing testcase `check` for the problems of the check itself. Browser-safe.
 */
import XMLBuilder from 'fast-xml-builder';
import type {CheckReport, Rule} from '../model';
import {clean, programEnd, ruleCases, ruleRows, runName, type RuleCase as Testcase} from './shared';

/**
 * Tab, line feed and carriage return in an attribute's value, and the character each stands in as while the
 * builder writes it: XML reads a literal one there as a space, so they are written as character references.
 * The stand-ins are characters XML 1.0 refuses, which `clean` has removed from every value before.
 */
const ATTRIBUTE_SPACES: [char: string, standIn: string, reference: string][] = [
  ['\t', '\u0001', '&#9;'],
  ['\n', '\u0002', '&#10;'],
  ['\r', '\u0003', '&#13;'],
];

/** The XML writer: fast-xml-builder escapes the markup characters of every text and attribute. */
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  tagValueProcessor: (_name, value) => clean(String(value)),
  attributeValueProcessor: (_name, value) =>
    ATTRIBUTE_SPACES.reduce((text, [char, standIn]) => text.replaceAll(char, standIn), clean(String(value))),
});

/** A tree of elements as fast-xml-builder reads it: `@name` an attribute, `#text` the text, other keys children. */
type Element = {[key: string]: string | number | Element | Element[] | undefined};

/** An XML 1.0 document of `root`. */
export function toXml(root: Element): string {
  const xml: string = builder.build({'?xml': {'@version': '1.0', '@encoding': 'UTF-8'}, ...root});
  return ATTRIBUTE_SPACES.reduce((text, [, standIn, reference]) => text.replaceAll(standIn, reference), xml);
}

function testcaseElement(testcase: Testcase, classname: string): Element {
  return {
    '@name': testcase.name,
    '@classname': classname,
    '@time': 0,
    ...(testcase.outcome === 'skipped' ? {skipped: {'@message': testcase.message ?? ''}} : {}),
    ...(testcase.outcome === 'fail'
      ? {failure: {'@message': testcase.message ?? '', '@type': 'rule', '#text': testcase.text ?? ''}}
      : {}),
  };
}

/** A testsuite's counts, as attributes. */
const countsOf = (cases: Testcase[]) => ({
  '@tests': cases.length,
  '@failures': cases.filter((testcase) => testcase.outcome === 'fail').length,
  '@errors': 0,
  '@skipped': cases.filter((testcase) => testcase.outcome === 'skipped').length,
});

function suiteElement(name: string, cases: Testcase[], classname: string, time: number, systemErr = ''): Element {
  return {
    '@name': name,
    ...countsOf(cases),
    '@time': (time / 1000).toFixed(3),
    testcase: cases.map((testcase) => testcaseElement(testcase, classname)),
    ...(systemErr ? {'system-err': systemErr} : {}),
  };
}

/** The check as a JUnit XML document. `siteUrl` makes the guides' links in failures absolute. */
export function junitXml(report: CheckReport, rules: Rule[], options: {siteUrl?: string} = {}): string {
  const rows = ruleRows(report, rules);
  const suites: {element: Element; cases: Testcase[]}[] = report.runs.map((run) => {
    const name = runName(run.recording);
    const cases = ruleCases(run, rows, options.siteUrl ?? '');
    const program = run.recording.program;
    const systemErr = program
      ? [programEnd(run.recording), program.stderrTail ? `stderr (last lines):\n${program.stderrTail}` : '']
          .filter(Boolean)
          .join('\n')
      : '';
    return {
      element: suiteElement(name, cases, `integration-check.${name}`, program?.durationMs ?? 0, systemErr),
      cases,
    };
  });
  if (report.problems.length) {
    const cases: Testcase[] = [
      {name: 'check', outcome: 'fail', message: report.problems.join(' '), text: report.problems.join('\n')},
    ];
    suites.push({element: suiteElement('check', cases, 'integration-check', 0), cases});
  }
  return toXml({
    testsuites: {
      '@name': 'integration check',
      ...countsOf(suites.flatMap((suite) => suite.cases)),
      testsuite: suites.map((suite) => suite.element),
    },
  });
}
