/**
 * The report files of a check, built in one place for the local command (../cli/check.ts writes them to the
 * report folder) and a hosted run (../hosted/run.ts stores them, beside its `attestation.json`): the same five
 * files, from the same report, whoever made it. Browser-safe.
 */
import {rules} from '../contract';
import type {CheckReport} from '../model';
import {reportHtml} from './html';
import {ctrfJson} from './ctrf';
import {junitXml} from './junit';
import {reportMarkdown} from './markdown';
import type {ReportFile} from './fileTypes';

export {REPORT_FILES, type ReportFile} from './fileTypes';

/** Each file's text: the reports of `report` (links to the guides on `siteUrl`) and the HAR it was judged from. */
export function reportFiles(report: CheckReport, har: string, siteUrl?: string): Record<ReportFile, string> {
  return {
    'junit.xml': junitXml(report, rules),
    'ctrf.json': ctrfJson(report, rules, {siteUrl}),
    'report.md': reportMarkdown(report, rules, {siteUrl}),
    'report.html': reportHtml(report, rules, {siteUrl}),
    'session.har': har,
  };
}
