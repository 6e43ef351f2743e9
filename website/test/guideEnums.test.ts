/**
 * The check "enum values and fields come from the spec": no guide writes the values of an enum by hand, as
 * a table or as a list (`handWrittenEnums` of config/guideProse.ts); `<EnumTable>` renders them from the
 * bundles, with the columns a guide adds for each value, and a guide's columns must cover every value of the
 * spec. A table of every field of a schema is a `<FieldTable>` (`handWrittenFieldTables`), checked to name
 * each field of the spec.
 */
import {describe, expect, it} from 'vitest';
import {mdxToMarkdown} from '@portal/content';
import {loadBundles, type OpenApiDocument} from '@portal/specs/node';
import {guidePages, handWrittenEnums, handWrittenFieldTables, type GuidePage} from '../config/guideProse';

const bundles = loadBundles();
const pages = guidePages();

/** A page's `<EnumTable>`s rendered as the build renders them (components other than tables left out). */
const rendered = (page: GuidePage, specs: Map<string, OpenApiDocument> = bundles): string =>
  mdxToMarkdown(page.source, {title: page.file, bundles: specs, unknownComponent: () => []});

describe('enum values come from the spec', () => {
  it('no guide writes the values of an enum by hand, as a table or a list', () => {
    expect(pages.flatMap((page) => handWrittenEnums(page, bundles))).toEqual([]);
  });

  it('no guide writes a table of every field of a schema without <FieldTable>', () => {
    expect(pages.flatMap((page) => handWrittenFieldTables(page, bundles))).toEqual([]);
    expect(pages.filter((page) => page.source.includes('<FieldTable')).length).toBeGreaterThanOrEqual(15);
  });

  it('every <EnumTable> and <FieldTable> of the guides renders, each covering every value or field of the spec', () => {
    const withTables = pages.filter((page) => /<(Enum|Field)Table/.test(page.source));
    expect(withTables.length).toBeGreaterThanOrEqual(30);
    for (const page of withTables) expect(() => rendered(page), page.file).not.toThrow();
  });

  it('catches a table of every value, and a sentence listing them, written by hand', () => {
    const page = {
      file: 'docs/carhire-live-prices/sample.mdx',
      source: [
        '# Sample',
        '',
        '`fuel.type` is `FUEL_TYPE_HYBRID`, `FUEL_TYPE_ELECTRIC` or `FUEL_TYPE_OTHER`.',
        '',
        'Show a badge for `FUEL_TYPE_HYBRID` and `FUEL_TYPE_ELECTRIC`.',
        '',
        '| `fuel.type` | Badge |',
        '|---|---|',
        '| `FUEL_TYPE_HYBRID` | Hybrid |',
        '| `FUEL_TYPE_ELECTRIC` | Electric |',
        '| `FUEL_TYPE_OTHER` | |',
        '',
        '<EnumTable name="FuelType">',
        '',
        '| `fuel.type` | Badge |',
        '|---|---|',
        '| `FUEL_TYPE_UNSPECIFIED` | |',
        '| `FUEL_TYPE_HYBRID` | Hybrid |',
        '| `FUEL_TYPE_ELECTRIC` | Electric |',
        '| `FUEL_TYPE_OTHER` | |',
        '',
        '</EnumTable>',
      ].join('\n'),
    };
    // The list and the table of all values are refused; two of three values in a sentence, and the notes of
    // an <EnumTable>, are not
    expect(handWrittenEnums(page, bundles)).toEqual([
      'docs/carhire-live-prices/sample.mdx:3: lists the 3 values of FuelType by hand: render them with <EnumTable name="FuelType" /> or link to its table',
      'docs/carhire-live-prices/sample.mdx:7: a hand-written table of FuelType: render it with <EnumTable name="FuelType" />',
    ]);
    expect(rendered(page)).toContain('| `FUEL_TYPE_HYBRID` | A hybrid vehicle. | Hybrid |');
  });

  it('stops the build where a guide lists the fields of a schema that gains one, until the guide describes it', () => {
    const changed = new Map(bundles);
    const doc = structuredClone(bundles.get('carriers')!);
    doc.components!.schemas!.Carrier.properties!.allianceName = {
      type: 'string',
      description: 'The name of the alliance the carrier belongs to.',
    };
    changed.set('carriers', doc);
    const overview = pages.find((page) => page.file === 'docs/carriers/overview.mdx')!;
    expect(() => rendered(overview, changed)).toThrow(
      '<FieldTable api="carriers" schema="Carrier">: no row for `allianceName` (a field of the spec): add it',
    );
    const finished = {
      ...overview,
      source: overview.source.replace(
        '| `icao` | The three-letter ICAO code. | `BAW` |',
        "| `icao` | The three-letter ICAO code. | `BAW` |\n| `allianceName` | The carrier's alliance. | `oneworld` |",
      ),
    };
    expect(rendered(finished, changed)).toContain("| `allianceName` | The carrier's alliance. | `oneworld` |");
    // A row for a field the schema does not have stops it too
    expect(() => rendered(finished)).toThrow('a row for `allianceName`, which Carrier does not have: remove it');
    // A hand-written table of every field is refused, wrapped it is not
    const unwrapped = {...overview, source: overview.source.replace(/<\/?FieldTable[^>]*>\n/g, '')};
    expect(handWrittenFieldTables(unwrapped, bundles)).toEqual([
      expect.stringMatching(
        /^docs\/carriers\/overview\.mdx:\d+: a hand-written table of every field of Carrier: wrap it in <FieldTable api="carriers" schema="Carrier">/,
      ),
    ]);
    expect(handWrittenFieldTables(overview, bundles)).toEqual([]);
  });

  it('shows a value added to the spec in every table of its enum, and stops the build where a guide writes columns for it', () => {
    const changed = new Map(bundles);
    const doc = structuredClone(bundles.get('carhire-indicative')!);
    const vehicles = doc.components!.schemas!.VehicleType;
    (vehicles.enum as string[]).push('VEHICLE_TYPE_MINIVAN');
    vehicles['x-enumDescriptions']!.VEHICLE_TYPE_MINIVAN = 'A minivan.';
    changed.set('carhire-indicative', doc);
    const overview = pages.find((page) => page.file === 'docs/carhire-indicative-prices/overview.mdx')!;
    expect(() => rendered(overview, changed)).toThrow(
      '<EnumTable name="VehicleType">: no row for `VEHICLE_TYPE_MINIVAN` (a value of the spec): add it to the notes',
    );
    const finished = {
      ...overview,
      source: overview.source.replace(
        '| `VEHICLE_TYPE_VAN` | Van |',
        '| `VEHICLE_TYPE_VAN` | Van |\n| `VEHICLE_TYPE_MINIVAN` | Minivan |',
      ),
    };
    expect(rendered(finished, changed)).toContain('| `VEHICLE_TYPE_MINIVAN` | A minivan. | Minivan |');
  });
});
