/**
 * The components our remark plugins replace, at build time, with markdown made from the bundled specifications.
 * The site's docs run them (../../docusaurus.config.ts), and bench:site's stock site runs the same plugins to
 * print the result as plain markdown (bench/lib/stockMdx.ts): a component added here is in both.
 */
import remarkEnumTables from './enumTables';
import remarkGoLivePolicies from './goLivePolicies';
import remarkReferenceData from './referenceData';
import remarkSpecReleases from './changelog/specReleases';

export const specComponents = [
  {
    name: 'EnumTable',
    plugin: remarkEnumTables,
    makes: 'the markdown table our remark plugin makes (website/src/plugins/enumTables)',
  },
  {
    name: 'GoLivePolicies',
    plugin: remarkGoLivePolicies,
    makes: 'the list our remark plugin makes (website/src/plugins/goLivePolicies)',
  },
  {
    name: 'ReferenceDataTable',
    plugin: remarkReferenceData,
    makes: 'the markdown table our remark plugin makes (website/src/plugins/referenceData)',
  },
  {
    name: 'SpecReleases',
    plugin: remarkSpecReleases,
    makes: 'the sections our remark plugin makes, as markdown (website/src/plugins/changelog/specReleases)',
    // Before Docusaurus's own plugins, so its headings get anchors and a place in the table of contents
    beforeDefault: true,
  },
] as const;

/** The plugins for Docusaurus's `remarkPlugins` (`beforeDefault`: for `beforeDefaultRemarkPlugins`). */
export const specRemarkPlugins = (beforeDefault: boolean) =>
  specComponents
    .filter((component) => ('beforeDefault' in component && component.beforeDefault) === beforeDefault)
    .map((component) => component.plugin);
