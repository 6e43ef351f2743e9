import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import mini from '@portal/specs/lib/fixtures/mini.openapi.json';
import remarkFieldTables from './index';

const bundles = new Map([['mini', mini as unknown as OpenApiDocument]]);
const cell = (text: string) => ({
  type: 'tableCell',
  children: text.startsWith('`') ? [{type: 'inlineCode', value: text.slice(1, -1)}] : [{type: 'text', value: text}],
});
/** `<FieldTable api schema>` around a table whose first column is `names`. */
const element = (attributes: Record<string, string>, names: string[]) => ({
  type: 'mdxJsxFlowElement',
  name: 'FieldTable',
  attributes: Object.entries(attributes).map(([name, value]) => ({type: 'mdxJsxAttribute', name, value})),
  children: [
    {
      type: 'table',
      children: [['Field', 'Meaning'], ...names.map((name) => [name, 'Written by the guide'])].map((cells) => ({
        type: 'tableRow',
        children: cells.map(cell),
      })),
    },
  ],
});
const render = (attributes: Record<string, string>, names: string[]) => {
  const tree = {type: 'root', children: [element(attributes, names)]};
  remarkFieldTables({bundles})(tree);
  return tree.children[0];
};

describe('remarkFieldTables', () => {
  it('leaves the table as written when it names every field of the schema, a row of its own (key) allowed', () => {
    const table = render({api: 'mini', schema: 'Trip'}, ['key', '`id`', '`status`', '`legs`']);
    expect(table.type).toBe('table');
    expect(table.children).toHaveLength(5);
  });

  it('stops on a field the table lacks, on one the schema lacks, and without api= and schema=', () => {
    expect(() => render({api: 'mini', schema: 'Trip'}, ['`id`', '`status`'])).toThrow(
      '<FieldTable api="mini" schema="Trip">: no row for `legs` (a field of the spec): add it',
    );
    expect(() => render({api: 'mini', schema: 'Trip'}, ['`id`', '`status`', '`legs`', '`owner`'])).toThrow(
      'a row for `owner`, which Trip does not have: remove it',
    );
    expect(() => render({schema: 'Trip'}, ['`id`'])).toThrow('<FieldTable> needs api="<slug>" and schema="<Schema>"');
    expect(() => render({api: 'mini', schema: 'Nope'}, ['`id`'])).toThrow('mini has no schema Nope');
  });

  it('takes a row for a field inside one when its path exists', () => {
    expect(render({api: 'mini', schema: 'Trip'}, ['`id`', '`status`', '`legs`', '`legs[].origin`']).type).toBe('table');
    expect(() => render({api: 'mini', schema: 'Trip'}, ['`id`', '`status`', '`legs`', '`legs[].nowhere`'])).toThrow(
      'a row for `legs[].nowhere`',
    );
  });
});
