/**
 * The files of a check's report and their media types (./files.ts builds them), apart from the code that renders
 * them so that the hosted run's bounds (../hosted/limits.ts), which the site and the benchmarks read, load no
 * renderer.
 */
export const REPORT_FILES = {
  'junit.xml': 'application/xml; charset=utf-8',
  'ctrf.json': 'application/json; charset=utf-8',
  'report.md': 'text/markdown; charset=utf-8',
  'report.html': 'text/html; charset=utf-8',
  'session.har': 'application/json; charset=utf-8',
} as const;
export type ReportFile = keyof typeof REPORT_FILES;
