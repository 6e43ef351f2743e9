import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {findEnum} from '@portal/content';
import mini from '@portal/specs/lib/fixtures/mini.openapi.json';
import remarkEnumTables from './index';

const doc = mini as unknown as OpenApiDocument;
const element = (attributes: Record<string, string>) => ({
  type: 'mdxJsxFlowElement',
  name: 'EnumTable',
  attributes: Object.entries(attributes).map(([name, value]) => ({type: 'mdxJsxAttribute', name, value})),
  children: [],
});

describe('remarkEnumTables', () => {
  it('replaces <EnumTable> with the table of the enum, value and description per row, code spans kept', () => {
    const tree = {type: 'root', children: [{type: 'paragraph', children: []}, element({name: 'Status'})]};
    const withCode = structuredClone(doc);
    withCode.components!.schemas!.Status['x-enumDescriptions']!.STATUS_OPEN = 'Open: see `status`.';
    remarkEnumTables({bundles: new Map([['mini', withCode]])})(tree);
    expect(tree.children[1]).toEqual({
      type: 'table',
      align: [null, null],
      children: [
        {
          type: 'tableRow',
          children: [
            {type: 'tableCell', children: [{type: 'text', value: 'Value'}]},
            {type: 'tableCell', children: [{type: 'text', value: 'Meaning'}]},
          ],
        },
        {
          type: 'tableRow',
          children: [
            {type: 'tableCell', children: [{type: 'inlineCode', value: 'STATUS_UNSPECIFIED'}]},
            {type: 'tableCell', children: [{type: 'text', value: 'Not set.'}]},
          ],
        },
        {
          type: 'tableRow',
          children: [
            {type: 'tableCell', children: [{type: 'inlineCode', value: 'STATUS_OPEN'}]},
            {
              type: 'tableCell',
              children: [
                {type: 'text', value: 'Open: see '},
                {type: 'inlineCode', value: 'status'},
                {type: 'text', value: '.'},
              ],
            },
          ],
        },
        {
          type: 'tableRow',
          children: [
            {type: 'tableCell', children: [{type: 'inlineCode', value: 'STATUS_CLOSED'}]},
            {type: 'tableCell', children: [{type: 'text', value: 'Closed.'}]},
          ],
        },
      ],
    });
  });

  it('fails the build on an unknown enum or API, and on APIs that disagree without api=', () => {
    const other = structuredClone(doc);
    other.components!.schemas!.Status.enum = ['STATUS_OPEN'];
    const bundles = new Map([
      ['mini', doc],
      ['other', other],
    ]);
    expect(() => findEnum(bundles, 'Nope')).toThrow('<EnumTable name="Nope">: no API has an enum schema Nope');
    expect(() => findEnum(bundles, 'Status', 'nope')).toThrow('<EnumTable api="nope">: no such API');
    expect(() => findEnum(bundles, 'Status')).toThrow('mini and other define it differently: add api="<slug>"');
    expect(findEnum(bundles, 'Status', 'other').values).toEqual([{value: 'STATUS_OPEN', description: 'Open.'}]);
    expect(() => remarkEnumTables({bundles})({type: 'root', children: [element({})]})).toThrow('needs a name=');
  });

  it('finds every enum the guides name in the bundled specifications', () => {
    const docs = path.resolve(__dirname, '..', '..', '..', 'docs');
    const used = fs
      .readdirSync(docs, {recursive: true, encoding: 'utf8'})
      .filter((file) => file.endsWith('.mdx'))
      .flatMap((file) => [
        ...fs
          .readFileSync(path.join(docs, file), 'utf8')
          .matchAll(/<EnumTable (?:name="(\w+)"|names="([\w,]+)" columns="[^"]*")(?: api="([\w-]+)")?/g),
      ]);
    // getting-started/enums.mdx renders twelve enum tables; the guides render the others where they write about
    // an enum's values (website/test/guideEnums.test.ts refuses a table or list of values written by hand)
    expect(used.length).toBeGreaterThan(12);
    const bundles = loadBundles();
    for (const [, name, names, api] of used) {
      for (const one of name ? [name] : names.split(','))
        expect(findEnum(bundles, one, api).values.length, one).toBeGreaterThan(0);
    }
  });

  it('adds the columns a guide writes for each value, the rows and meanings from the spec', () => {
    const notes = (rows: string[][]) => ({
      ...element({name: 'Status'}),
      children: [
        {
          type: 'table',
          children: [['`status`', 'Show it as'], ...rows].map((cells) => ({
            type: 'tableRow',
            children: cells.map((cell) => ({
              type: 'tableCell',
              children: cell.startsWith('`')
                ? [{type: 'inlineCode', value: cell.slice(1, -1)}]
                : [{type: 'text', value: cell}],
            })),
          })),
        },
      ],
    });
    const all = [
      ['`STATUS_CLOSED`', 'Greyed out'],
      ['`STATUS_OPEN`', 'Normally'],
      ['`STATUS_UNSPECIFIED`', ''],
      ['anything else', 'As unknown'],
    ];
    const tree = {type: 'root', children: [notes(all)]};
    remarkEnumTables({bundles: new Map([['mini', doc]])})(tree);
    const rows = (tree.children[0] as {children: {children: {children: {value?: string}[]}[]}[]}).children.map((row) =>
      row.children.map((cell) => cell.children.map((child) => child.value).join('')),
    );
    // In the spec's order, with its meanings; the row for any other value last
    expect(rows).toEqual([
      ['status', 'Meaning', 'Show it as'],
      ['STATUS_UNSPECIFIED', 'Not set.', ''],
      ['STATUS_OPEN', 'Open.', 'Normally'],
      ['STATUS_CLOSED', 'Closed.', 'Greyed out'],
      ['anything else', '', 'As unknown'],
    ]);
    // A value of the spec without its row, or a row for a value the spec lacks, stops the build
    const render = (rows: string[][]) => () =>
      remarkEnumTables({bundles: new Map([['mini', doc]])})({type: 'root', children: [notes(rows)]});
    expect(render(all.filter(([value]) => value !== '`STATUS_CLOSED`'))).toThrow(
      '<EnumTable name="Status">: no row for `STATUS_CLOSED` (a value of the spec): add it to the notes',
    );
    expect(render([...all, ['`STATUS_GONE`', 'x']])).toThrow(
      '<EnumTable name="Status">: a row for `STATUS_GONE`, which the spec does not have: remove it',
    );
    expect(render(all)).not.toThrow();
  });

  it('renders which of several enums hold each value (names= and columns=)', () => {
    const other = structuredClone(doc);
    other.components!.schemas!.Other = {
      type: 'string',
      enum: ['STATUS_OPEN', 'STATUS_LOST'],
      'x-enumDescriptions': {STATUS_OPEN: 'Open.', STATUS_LOST: 'Lost.'},
    };
    const tree = {type: 'root', children: [element({names: 'Status,Other', columns: 'Trips,Others'})]};
    remarkEnumTables({bundles: new Map([['mini', other]])})(tree);
    const rows = (tree.children[0] as {children: {children: {children: {value?: string}[]}[]}[]}).children.map((row) =>
      row.children.map((cell) => cell.children.map((child) => child.value).join('')),
    );
    expect(rows).toEqual([
      ['Value', 'Trips', 'Others'],
      ['STATUS_UNSPECIFIED', 'Yes', ''],
      ['STATUS_OPEN', 'Yes', 'Yes'],
      ['STATUS_CLOSED', 'Yes', ''],
      ['STATUS_LOST', '', 'Yes'],
    ]);
    const mismatched = {type: 'root', children: [element({names: 'Status,Other', columns: 'Trips'})]};
    expect(() => remarkEnumTables({bundles: new Map([['mini', other]])})(mismatched)).toThrow(
      'columns= names 1 columns for 2 enums',
    );
  });
});
