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
        ...fs.readFileSync(path.join(docs, file), 'utf8').matchAll(/<EnumTable name="(\w+)"(?: api="([\w-]+)")?/g),
      ]);
    // getting-started/enums.mdx renders twelve enum tables.
    expect(used).toHaveLength(12);
    const bundles = loadBundles();
    for (const [, name, api] of used) expect(findEnum(bundles, name, api).values.length, name).toBeGreaterThan(0);
  });
});
