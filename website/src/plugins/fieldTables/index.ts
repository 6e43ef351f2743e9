/**
 * A remark plugin: `<FieldTable api="carriers" schema="Carrier">` around a guide's table of a schema's
 * fields leaves the table as written, once `checkedFieldTable` of `@portal/content`
 * (content/src/fieldTable.ts) has checked that its first column names every field of the schema in the
 * bundled specifications, and no other: a field added to the spec stops the build, naming the page's
 * table, until the guide describes it. The markdown pages check and write the table the same way.
 */
import {checkedFieldTable} from '@portal/content';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';

/** The mdast nodes this plugin reads (the subset of mdx-jsx it needs). */
interface Node {
  type: string;
  name?: string | null;
  attributes?: {type: string; name: string; value?: unknown}[];
  children?: Node[];
}

const attribute = (node: Node, name: string): string | undefined => {
  const value = node.attributes?.find((entry) => entry.type === 'mdxJsxAttribute' && entry.name === name)?.value;
  if (value !== undefined && typeof value !== 'string')
    throw new Error(`<FieldTable ${name}=...> must be a plain string`);
  return value;
};

let bundled: Map<string, OpenApiDocument> | undefined;

/** The remark plugin. It reads the bundles once per build, unless a test passes its own. */
export default function remarkFieldTables(options: {bundles?: Map<string, OpenApiDocument>} = {}) {
  const bundles = options.bundles ?? (bundled ??= loadBundles());
  const replace = (node: Node): void => {
    node.children?.forEach((child, index) => {
      if (child.type === 'mdxJsxFlowElement' && child.name === 'FieldTable') {
        node.children![index] = checkedFieldTable(child, bundles, (name) => attribute(child, name)) as Node;
      } else {
        replace(child);
      }
    });
  };
  return (tree: Node): void => replace(tree);
}
