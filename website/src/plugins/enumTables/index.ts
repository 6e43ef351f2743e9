/**
 * A remark plugin: `<EnumTable name="CabinClass" />` in a guide becomes a markdown table of the enum's
 * values and their descriptions (`x-enumDescriptions`), read from the bundled specifications at build
 * time. So guides never restate an enum by hand, and the table costs the page no JavaScript.
 * `api="<slug>"` picks one API's definition; without it, every API that defines the enum must agree.
 * The table itself is `enumTable` of `@portal/content` (content/src/enumTable.ts), which the markdown
 * pages use too.
 */
import {renderEnumTable} from '@portal/content';
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
    throw new Error(`<EnumTable ${name}=...> must be a plain string`);
  return value;
};

let bundled: Map<string, OpenApiDocument> | undefined;

/** The remark plugin. It reads the bundles once per build, unless a test passes its own. */
export default function remarkEnumTables(options: {bundles?: Map<string, OpenApiDocument>} = {}) {
  const bundles = options.bundles ?? (bundled ??= loadBundles());
  const replace = (node: Node): void => {
    node.children?.forEach((child, index) => {
      if (child.type === 'mdxJsxFlowElement' && child.name === 'EnumTable') {
        node.children![index] = renderEnumTable(child, bundles, (name) => attribute(child, name));
      } else {
        replace(child);
      }
    });
  };
  return (tree: Node): void => replace(tree);
}
