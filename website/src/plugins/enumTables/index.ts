/**
 * A remark plugin: `<EnumTable name="CabinClass" />` in a guide becomes a markdown table of the enum's
 * values and their descriptions (`x-enumDescriptions`), read from the bundled specifications at build
 * time. So guides never restate an enum by hand, and the table costs the page no JavaScript.
 * `api="<slug>"` picks one API's definition; without it, every API that defines the enum must agree.
 */
import {namedEnums, type EnumDefinition, type OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';

/** The mdast nodes this plugin reads and writes (the subset of mdast and mdx-jsx it needs). */
interface Node {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: {type: string; name: string; value?: unknown}[];
  children?: Node[];
  align?: (string | null)[];
}

/** Finds an enum in the bundles: in one API, or in every API that has it when they all agree. */
export function findEnum(bundles: Map<string, OpenApiDocument>, name: string, api?: string): EnumDefinition {
  if (api) {
    const doc = bundles.get(api);
    if (!doc) throw new Error(`<EnumTable api="${api}">: no such API (known: ${[...bundles.keys()].join(', ')})`);
    const found = namedEnums(doc).get(name);
    if (!found) throw new Error(`<EnumTable name="${name}">: ${api} has no enum schema ${name}`);
    return found;
  }
  const definitions = [...bundles].flatMap(([slug, doc]) => {
    const found = namedEnums(doc).get(name);
    return found ? [{slug, found}] : [];
  });
  if (definitions.length === 0) throw new Error(`<EnumTable name="${name}">: no API has an enum schema ${name}`);
  const first = JSON.stringify(definitions[0].found);
  const differing = definitions.filter(({found}) => JSON.stringify(found) !== first).map(({slug}) => slug);
  if (differing.length > 0) {
    throw new Error(
      `<EnumTable name="${name}">: ${definitions[0].slug} and ${differing.join(', ')} define it differently: add api="<slug>"`,
    );
  }
  return definitions[0].found;
}

/** Text with `code` spans as mdast inline nodes. */
const inline = (text: string): Node[] =>
  text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`')
        ? {type: 'inlineCode', value: part.slice(1, -1)}
        : {type: 'text', value: part},
    );

const row = (cells: Node[][]): Node => ({
  type: 'tableRow',
  children: cells.map((children) => ({type: 'tableCell', children})),
});

/** The markdown table of an enum: one row per value, in the specification's order. */
export function enumTable(definition: EnumDefinition): Node {
  return {
    type: 'table',
    align: [null, null],
    children: [
      row([[{type: 'text', value: 'Value'}], [{type: 'text', value: 'Meaning'}]]),
      ...definition.values.map(({value, description}) => row([[{type: 'inlineCode', value}], inline(description)])),
    ],
  };
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
        const name = attribute(child, 'name');
        if (!name) throw new Error('<EnumTable> needs a name="<EnumSchema>"');
        node.children![index] = enumTable(findEnum(bundles, name, attribute(child, 'api')));
      } else {
        replace(child);
      }
    });
  };
  return (tree: Node): void => replace(tree);
}
