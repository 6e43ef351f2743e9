/**
 * An enum of the bundled specifications as a markdown table (mdast): `findEnum` finds it by schema name
 * (in one API, or in every API that has it when they all agree), `enumTable` makes the table of its
 * values and their descriptions (`x-enumDescriptions`). The site's `<EnumTable>` remark plugin
 * (website/src/plugins/enumTables) and the markdown pages (./mdxToMarkdown.ts) both render it.
 *
 * A guide may add its own columns, what to show or do for each value, as a table inside the element
 * (`enumNotes`): its header names the first column and the added ones, each row starts with a value in
 * code, and a last row may say what to do with any other value (`anything else`). The rows and the
 * meanings still come from the spec, in its order; a value of the spec without its row, or a row for a
 * value the spec does not have, stops the build, naming them, so a value added to the spec is noticed on
 * every page that writes about its values.
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
export const inline = (text: string): TableNode[] =>
  text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`')
        ? {type: 'inlineCode', value: part.slice(1, -1)}
        : {type: 'text', value: part},
    );

/** A table row of cells, each a list of inline nodes. */
export const row = (cells: TableNode[][]): TableNode => ({
  type: 'tableRow',
  children: cells.map((children) => ({type: 'tableCell', children})),
});

/** The columns a guide adds to an enum's table: its header cells and, by value, its cells. */
export interface EnumNotes {
  /** The title of the first column, then those of the added columns. */
  header: TableNode[][];
  /** The added cells of each value's row. */
  rows: Map<string, TableNode[][]>;
  /** The row for any other value (its first cell, `anything else`, and its added cells), if written. */
  otherwise?: TableNode[][];
}

const cellsOf = (tableRow: TableNode | undefined): TableNode[][] =>
  (tableRow?.children ?? []).map((cell) => cell.children ?? []);

/** The one value in code a cell holds (`FUEL_TYPE_HYBRID`), if that is all it holds. */
const valueOf = (cell: TableNode[] | undefined): string | undefined =>
  cell?.length === 1 && cell[0].type === 'inlineCode' ? cell[0].value : undefined;

/**
 * The notes of an `<EnumTable>` element: the table among its children, or undefined when it has none.
 * Throws when a row names a value twice.
 */
export function enumNotes(element: {children?: readonly unknown[]}, name: string): EnumNotes | undefined {
  // The element's children are mdast nodes; of them, only a table's rows and cells are read
  const table = (element.children as TableNode[] | undefined)?.find((child) => child.type === 'table');
  if (!table) return undefined;
  const [head, ...body] = table.children ?? [];
  const rows = new Map<string, TableNode[][]>();
  let otherwise: TableNode[][] | undefined;
  for (const tableRow of body) {
    const cells = cellsOf(tableRow);
    const value = valueOf(cells[0]);
    if (value === undefined) otherwise = cells;
    else if (rows.has(value)) throw new Error(`<EnumTable name="${name}">: the notes have two rows for \`${value}\``);
    else rows.set(value, cells.slice(1));
  }
  return {header: cellsOf(head), rows, otherwise};
}

/**
 * The markdown table of an enum: one row per value, in the specification's order, with its meaning, and
 * the columns of `notes` when the guide adds some. Throws, naming them, when the notes lack a value of the
 * enum or have a row for a value it does not have.
 */
export function enumTable(definition: EnumDefinition, notes?: EnumNotes): TableNode {
  if (!notes) {
    return {
      type: 'table',
      align: [null, null],
      children: [
        row([[{type: 'text', value: 'Value'}], [{type: 'text', value: 'Meaning'}]]),
        ...definition.values.map(({value, description}) => row([[{type: 'inlineCode', value}], inline(description)])),
      ],
    };
  }
  const values = definition.values.map(({value}) => value);
  const missing = values.filter((value) => !notes.rows.has(value));
  const unknown = [...notes.rows.keys()].filter((value) => !values.includes(value));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      [
        `<EnumTable name="${definition.name}">:`,
        missing.length > 0
          ? `no row for ${missing.map((value) => `\`${value}\``).join(', ')} (a value of the spec): add it to the notes`
          : '',
        unknown.length > 0
          ? `a row for ${unknown.map((value) => `\`${value}\``).join(', ')}, which the spec does not have: remove it`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  const [first = [{type: 'text', value: 'Value'}], ...added] = notes.header;
  return {
    type: 'table',
    align: [null, null, ...added.map(() => null)],
    children: [
      row([first, [{type: 'text', value: 'Meaning'}], ...added]),
      ...definition.values.map(({value, description}) =>
        row([[{type: 'inlineCode', value}], inline(description), ...pad(notes.rows.get(value)!, added.length)]),
      ),
      ...(notes.otherwise ? [row([notes.otherwise[0] ?? [], [], ...pad(notes.otherwise.slice(1), added.length)])] : []),
    ],
  };
}

/** Cells padded with empty ones to `count`. */
const pad = (cells: TableNode[][], count: number): TableNode[][] => [
  ...cells.slice(0, count),
  ...Array.from({length: Math.max(0, count - cells.length)}, () => []),
];

/**
 * Which of several enums hold which values (`<EnumTable names="A,B" columns="Flights,Hotels">`): one row
 * per value, in the order the enums first name them, and a column per enum saying `Yes` where it holds the
 * value. The first column is titled `Value`.
 */
export function enumMatrix(definitions: EnumDefinition[], titles: string[]): TableNode {
  if (titles.length !== definitions.length) {
    throw new Error(
      `<EnumTable names="${definitions.map(({name}) => name).join(',')}">: columns= names ${titles.length} columns for ${definitions.length} enums`,
    );
  }
  const values = [...new Set(definitions.flatMap((definition) => definition.values.map(({value}) => value)))];
  return {
    type: 'table',
    align: [null, ...titles.map(() => null)],
    children: [
      row([[{type: 'text', value: 'Value'}], ...titles.map((title) => [{type: 'text', value: title}])]),
      ...values.map((value) =>
        row([
          [{type: 'inlineCode', value}],
          ...definitions.map((definition) =>
            definition.values.some((entry) => entry.value === value) ? [{type: 'text', value: 'Yes'}] : [],
          ),
        ]),
      ),
    ],
  };
}

/**
 * The table an `<EnumTable>` element stands for: `name` (and `api`) with its notes, or `names` with
 * `columns` for the matrix of several enums. `attribute` reads the element's attributes.
 */
export function renderEnumTable(
  element: {children?: readonly unknown[]},
  bundles: Map<string, OpenApiDocument>,
  attribute: (name: string) => string | undefined,
): TableNode {
  const api = attribute('api');
  const names = attribute('names');
  if (names) {
    const list = names.split(',').map((name) => name.trim());
    return enumMatrix(
      list.map((name) => findEnum(bundles, name, api)),
      (attribute('columns') ?? '')
        .split(',')
        .map((title) => title.trim())
        .filter(Boolean),
    );
  }
  const name = attribute('name');
  if (!name) throw new Error('<EnumTable> needs a name="<EnumSchema>" (or names= and columns=)');
  return enumTable(findEnum(bundles, name, api), enumNotes(element, name));
}
