/**
 * The markdown form of `HarCheck` (./index.tsx), the in-browser check of a HAR file: what the page asks
 * for before a file is picked, and the command line that does the same without the page. Registered in
 * ../markdown.ts.
 */
import {markdownCode, type ComponentForms} from '@portal/content';

export const harCheckMarkdown: ComponentForms = {
  HarCheck: ({page}) =>
    [
      `_On [this page](pathname://${page}), a HAR check: a file picker, "HAR file to check", and under it:_`,
      '',
      `Choose a ${markdownCode('.har')} file, or drop one here. The file stays in your browser: it is read and checked in this page and sent nowhere. The page loads only the check and the API specifications, from this site.`,
      '',
      `_Once a file is checked, it shows the verdict with the counts of rules, each failed rule, and the full report, with ${markdownCode('report.html')} to download, as ${markdownCode('node sandbox.mjs check --har <file>')} writes it._`,
    ].join('\n'),
};
