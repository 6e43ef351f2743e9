/**
 * A remark plugin: `<ReferenceDataTable />` in a guide becomes the table of the reference data the
 * specifications declare (`x-refresh` on each operation), read from the bundled specifications at build
 * time: what each call holds, the call, and the suggested refresh. The table itself is `referenceDataTable`
 * of `@portal/content` (content/src/referenceDataTable.ts), which the markdown pages use too; the
 * integration check's `reference-data-cached` judges the same operations.
 */
import {referenceDataTable} from '@portal/content';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';

/** The mdast nodes this plugin reads (the subset of mdx-jsx it needs). */
interface Node {
  type: string;
  name?: string | null;
  attributes?: unknown[];
  children?: Node[];
}

let bundled: Map<string, OpenApiDocument> | undefined;

/** The remark plugin. It reads the bundles once per build, unless a test passes its own. */
export default function remarkReferenceData(options: {bundles?: Map<string, OpenApiDocument>} = {}) {
  const bundles = options.bundles ?? (bundled ??= loadBundles());
  const replace = (node: Node): void => {
    node.children?.forEach((child, index) => {
      if (child.type === 'mdxJsxFlowElement' && child.name === 'ReferenceDataTable') {
        if (child.attributes?.length) throw new Error('<ReferenceDataTable /> takes no attributes');
        node.children![index] = referenceDataTable(bundles) as Node;
      } else {
        replace(child);
      }
    });
  };
  return (tree: Node): void => replace(tree);
}
