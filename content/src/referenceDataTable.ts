/**
 * The table of reference data (mdast) that `<ReferenceDataTable />` stands for, in the Rate limits guide's
 * "Cache reference data": one row per operation the specifications declare reference data (`x-refresh`,
 * `referenceData` of @portal/specs), with what it holds, its call and the suggested refresh (`refreshText`).
 * The integration check's `reference-data-cached` judges the same operations, so the page and the check
 * read one declaration. Rows go daily first, then every few days, then once per traveller; in the
 * specifications' order within each. The site's remark plugin (website/src/plugins/referenceData) and the
 * markdown pages (./mdxToMarkdown.ts) both render it.
 */
import {referenceData, refreshPeriods, refreshText, type OpenApiDocument} from '@portal/specs';
import {inline, row, type TableNode} from './enumTable';

export function referenceDataTable(bundles: Map<string, OpenApiDocument>): TableNode {
  const declared = [...bundles]
    .flatMap(([slug, doc]) => referenceData(slug, doc))
    .sort((a, b) => refreshPeriods.indexOf(a.every) - refreshPeriods.indexOf(b.every));
  if (declared.length === 0)
    throw new Error('<ReferenceDataTable>: no operation of the specifications declares x-refresh');
  return {
    type: 'table',
    align: [null, null, null],
    children: [
      row([
        [{type: 'text', value: 'Data'}],
        [{type: 'text', value: 'Call'}],
        [{type: 'text', value: 'Suggested refresh'}],
      ]),
      ...declared.map((entry) =>
        row([
          [{type: 'text', value: entry.data}],
          [{type: 'inlineCode', value: `${entry.operation.method} ${entry.operation.path}`}],
          inline(refreshText(entry)),
        ]),
      ),
    ],
  };
}
