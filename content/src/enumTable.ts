/**
 * An enum of the bundled specifications as a markdown table (mdast): `findEnum` finds it by schema name
 * (in one API, or in every API that has it when they all agree), `enumTable` makes the table of its
 * values and their descriptions (`x-enumDescriptions`). The site's `<EnumTable>` remark plugin
 * (website/src/plugins/enumTables) and the markdown pages (./mdxToMarkdown.ts) both render it.
 */
import {namedEnums, type EnumDefinition, type OpenApiDocument} from '@portal/specs';

/** The mdast nodes of a table (the subset of mdast the table needs). */
export interface TableNode {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: {type: string; name: string; value?: unknown}[];
  children?: TableNode[];
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
const inline = (text: string): TableNode[] =>
  text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`')
        ? {type: 'inlineCode', value: part.slice(1, -1)}
        : {type: 'text', value: part},
    );

const row = (cells: TableNode[][]): TableNode => ({
  type: 'tableRow',
  children: cells.map((children) => ({type: 'tableCell', children})),
});

/** The markdown table of an enum: one row per value, in the specification's order. */
export function enumTable(definition: EnumDefinition): TableNode {
  return {
    type: 'table',
    align: [null, null],
    children: [
      row([[{type: 'text', value: 'Value'}], [{type: 'text', value: 'Meaning'}]]),
      ...definition.values.map(({value, description}) => row([[{type: 'inlineCode', value}], inline(description)])),
    ],
  };
}
