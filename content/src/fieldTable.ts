/**
 * A guide's table of the fields of one schema, checked against the spec: `<FieldTable api="carriers"
 * schema="Carrier">` around a markdown table whose first column names the fields in code (`schema="A,B"`
 * for a table of the fields of several schemas side by side). The table is
 * shown as written; `checkedFieldTable` stops the build when the spec has a field the table lacks, or the
 * table names a field the spec does not have, naming them (a row whose first cell is not a single name
 * in code, such as `key`, is the guide's own). So a field added to the spec is noticed on every page that
 * lists a schema's fields. The site's remark plugin (website/src/plugins/fieldTables) and the markdown
 * pages (./mdxToMarkdown.ts) both use it.
 */
import {resolveRef, type OpenApiDocument, type Schema} from '@portal/specs';
import type {TableNode} from './enumTable';

/** The properties of a named schema of one API, its `allOf` members' included. */
export function schemaProperties(bundles: Map<string, OpenApiDocument>, api: string, name: string): string[] {
  const doc = bundles.get(api);
  if (!doc) throw new Error(`<FieldTable api="${api}">: no such API (known: ${[...bundles.keys()].join(', ')})`);
  const schema = doc.components?.schemas?.[name];
  if (!schema) throw new Error(`<FieldTable schema="${name}">: ${api} has no schema ${name}`);
  if (schema.$ref && !schema.properties)
    return schemaProperties(bundles, api, schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1));
  const properties = (node: Schema): string[] => {
    const own = node.$ref ? (resolveRef(doc, {$ref: node.$ref}) as Schema) : node;
    return [...(own.allOf ?? []).flatMap(properties), ...Object.keys(own.properties ?? {})];
  };
  return [...new Set(properties(schema))];
}

/**
 * Whether a path of property names (`agents.<id>.name`, `legs[].origin`: `<...>` a map's key, `[]` an
 * array's items) leads through one of the schemas (`A,B`) to a property.
 */
function hasPath(doc: OpenApiDocument, api: string, names: string, path: string): boolean {
  const parts = path
    .replace(/\[\]/g, '')
    .split('.')
    .filter((part) => !/^<.*>$/.test(part));
  const step = (schema: Schema | undefined, rest: string[]): boolean => {
    if (!schema) return false;
    const own = schema.$ref ? (resolveRef(doc, {$ref: schema.$ref}) as Schema) : schema;
    if (rest.length === 0) return true;
    const inner = [
      own.items,
      typeof own.additionalProperties === 'object' ? own.additionalProperties : undefined,
      ...(own.allOf ?? []),
      ...(own.oneOf ?? []),
      ...(own.anyOf ?? []),
    ];
    return (
      step(own.properties?.[rest[0]], rest.slice(1)) || inner.some((child) => child !== undefined && step(child, rest))
    );
  };
  return names.split(',').some((name) => step(doc.components?.schemas?.[name.trim()], parts));
}

/** The field a row names: its first cell, when that is one name in code. */
const fieldOf = (row: TableNode): string | undefined => {
  const cell = row.children?.[0]?.children ?? [];
  return cell.length === 1 && cell[0].type === 'inlineCode' ? cell[0].value : undefined;
};

/**
 * The table of a `<FieldTable>` element, as written, once its rows are checked against the schema's
 * fields. `attribute` reads the element's attributes. Throws, naming them, on a field the table lacks or
 * names in excess, and on an element without a table.
 */
export function checkedFieldTable(
  element: {children?: readonly unknown[]},
  bundles: Map<string, OpenApiDocument>,
  attribute: (name: string) => string | undefined,
): TableNode {
  const api = attribute('api');
  const name = attribute('schema');
  if (!api || !name) throw new Error('<FieldTable> needs api="<slug>" and schema="<Schema>"');
  const table = (element.children as TableNode[] | undefined)?.find((child) => child.type === 'table');
  if (!table) throw new Error(`<FieldTable schema="${name}">: holds no table of the fields`);
  // Several schemas (`schema="A,B"`): a table of the fields of each, side by side
  const fields = [...new Set(name.split(',').flatMap((one) => schemaProperties(bundles, api, one.trim())))];
  const named = (table.children ?? []).slice(1).flatMap((row) => fieldOf(row) ?? []);
  // A row may name a field inside one (`agents.<id>.name`, `legs[].origin`): its path must be one
  const top = named.filter((field) => !/[.[<]/.test(field));
  const missing = fields.filter((field) => !top.includes(field));
  const unknown = named.filter((field) =>
    top.includes(field) ? !fields.includes(field) : !hasPath(bundles.get(api)!, api, name, field),
  );
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      [
        `<FieldTable api="${api}" schema="${name}">:`,
        missing.length > 0
          ? `no row for ${missing.map((field) => `\`${field}\``).join(', ')} (a field of the spec): add it`
          : '',
        unknown.length > 0
          ? `a row for ${unknown.map((field) => `\`${field}\``).join(', ')}, which ${name} does not have: remove it`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  return table;
}
