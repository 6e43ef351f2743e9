/**
 * `<ReferenceDataTable />` (index.ts): replaced by the table of the reference data the specifications
 * declare, from a fixture's declarations and from the bundles (the Rate limits guide's table), and refused
 * when there is nothing to show or it is given attributes.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {mdxToMarkdown} from '@portal/content';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import mini from '@portal/specs/lib/fixtures/mini.openapi.json';
import remarkReferenceData from './index';

const element = (attributes: unknown[] = []) => ({type: 'mdxJsxFlowElement', name: 'ReferenceDataTable', attributes});
const cell = (...children: unknown[]) => ({type: 'tableCell', children});
const text = (value: string) => ({type: 'text', value});
const code = (value: string) => ({type: 'inlineCode', value});

/** The fixture spec, its trip declared reference data refreshed daily per trip, its places once per traveller. */
function declared(): OpenApiDocument {
  const doc = structuredClone(mini) as unknown as OpenApiDocument;
  (doc.paths['/v1/places'].get as unknown as Record<string, unknown>)['x-refresh'] = {
    data: 'Places',
    every: 'traveller',
  };
  (doc.paths['/v1/trips/{tripId}'].get as unknown as Record<string, unknown>)['x-refresh'] = {
    data: 'Trips',
    every: 'day',
    per: ['tripId'],
  };
  return doc;
}

describe('remarkReferenceData', () => {
  it('replaces <ReferenceDataTable /> with a row per declared call: daily first, its call and refresh', () => {
    const inText = {...element(), type: 'mdxJsxTextElement'};
    const tree = {type: 'root', children: [{type: 'paragraph', children: [inText]}, element()]};
    remarkReferenceData({bundles: new Map([['mini', declared()]])})(tree);
    expect(tree.children[1]).toEqual({
      type: 'table',
      align: [null, null, null],
      children: [
        {type: 'tableRow', children: [cell(text('Data')), cell(text('Call')), cell(text('Suggested refresh'))]},
        {
          type: 'tableRow',
          children: [
            cell(text('Trips')),
            cell(code('GET /v1/trips/{tripId}')),
            cell(text('Daily, per '), code('tripId')),
          ],
        },
        {
          type: 'tableRow',
          children: [
            cell(text('Places')),
            cell(code('GET /v1/places')),
            cell(text('Once per traveller, then remember their choice')),
          ],
        },
      ],
    });
    // Only a block of its own is replaced; one inside a sentence is left as written
    expect(tree.children[0]).toEqual({type: 'paragraph', children: [inText]});
  });

  it('refuses attributes, and a set of specifications that declares no reference data', () => {
    const bundles = new Map([['mini', declared()]]);
    expect(() =>
      remarkReferenceData({bundles})({type: 'root', children: [element([{type: 'mdxJsxAttribute', name: 'api'}])]}),
    ).toThrow('<ReferenceDataTable /> takes no attributes');
    const none = new Map([['mini', mini as unknown as OpenApiDocument]]);
    expect(() => remarkReferenceData({bundles: none})({type: 'root', children: [element()]})).toThrow(
      '<ReferenceDataTable>: no operation of the specifications declares x-refresh',
    );
  });

  it("renders the Rate limits guide's table, and its markdown page, from the bundles' declarations", () => {
    const file = path.resolve(__dirname, '../../../docs/getting-started/rate-limits.mdx');
    const source = fs.readFileSync(file, 'utf8');
    expect(source).toContain('<ReferenceDataTable />');
    const markdown = mdxToMarkdown(source, {title: 'Rate limits', bundles: loadBundles()});
    const table = markdown.slice(markdown.indexOf('| Data'), markdown.indexOf('Load reference data'));
    expect(table.trim().split('\n')).toEqual([
      '| Data | Call | Suggested refresh |',
      '| - | - | - |',
      '| Place hierarchy | `GET /apiservices/v3/geo/hierarchy/flights/{locale}` | Daily, per `locale` |',
      '| Currencies | `GET /apiservices/v3/culture/currencies` | Daily |',
      '| Locales | `GET /apiservices/v3/culture/locales` | Daily |',
      '| Markets | `GET /apiservices/v3/culture/markets/{locale}` | Daily, per `locale` |',
      '| Carriers | `GET /apiservices/v3/flights/carriers` | Daily |',
      '| Car hire agents | `GET /apiservices/v1/carhire/agents/search` | Daily, per `market` |',
      '| Hotel content | `POST /apiservices/v1/hotels/content` | Every few days, per `hotelIds` and `locale` |',
      '| Nearest culture | `GET /apiservices/v3/culture/nearestculture` | Once per traveller, then remember their choice |',
    ]);
  });
});
