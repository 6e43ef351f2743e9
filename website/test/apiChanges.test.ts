/**
 * When the API changes, nothing drifts: the five changes a maintainer of the docs makes (specs/README.md,
 * "When the API changes"), each made to copies of the bundles and the guides the way a maintainer makes
 * it, fail the named checks with messages that say where, until the change is finished; the finished
 * change passes them. The checks are the repository's own (config/guideProse.ts, config/guideDeprecations.ts,
 * config/sandboxAnswers.ts, @portal/specs' descriptionLimits and lint, @portal/sandbox/coverage,
 * <EnumTable>, <FieldTable>, the reference's markdown and the MCP server).
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {mdxToMarkdown} from '@portal/content';
import {createServer} from '@portal/mcp';
import {requestEnumProblems, responseCoverageProblems} from '@portal/sandbox/coverage';
import {
  descriptionLimitProblems,
  lintProblems,
  loadBundles,
  locatedProblems,
  operationMarkdown,
  operations,
  specChanges,
  type OpenApiDocument,
} from '@portal/specs/node';
import {guideDeprecationProblems} from '../config/guideDeprecations';
import {guidePages, guideProseProblems, type GuidePage} from '../config/guideProse';
import {sandboxAnswerProblems} from '../config/sandboxAnswers';

const bundles = loadBundles();
const pages = guidePages();
const page = (file: string): GuidePage => pages.find((candidate) => candidate.file === file)!;

/** The bundles with one API's document changed. */
function changed(slug: string, change: (doc: OpenApiDocument) => void): Map<string, OpenApiDocument> {
  const doc = structuredClone(bundles.get(slug)!);
  change(doc);
  return new Map([...bundles, [slug, doc]]);
}

/** The guides with `from` replaced by `to` on one page. */
function edited(file: string, from: string | RegExp, to: string, on: GuidePage[] = pages): GuidePage[] {
  return on.map((one) => {
    if (one.file !== file) return one;
    expect(one.source, `${file} holds ${from}`).toMatch(from);
    return {...one, source: one.source.replace(from, to)};
  });
}

/** A page's `<EnumTable>`s and `<FieldTable>`s rendered as the build renders them. */
const rendered = (one: GuidePage, specs: Map<string, OpenApiDocument>): string =>
  mdxToMarkdown(one.source, {title: one.file, bundles: specs, unknownComponent: () => []});

/**
 * The lines of specs/hotels-live/openapi.yaml that state initialPageSize's maximum of 50, with the words the
 * check quotes, read from the file (so a line added above them moves the expectation with them).
 */
const hotelsLinesSaying50 = (): [number, string][] =>
  fs
    .readFileSync(path.join(__dirname, '../../specs', 'hotels-live', 'openapi.yaml'), 'utf8')
    .split('\n')
    .flatMap((line, index): [number, string][] => {
      const said = /1 to 50 \(at most 50\)|1 to 50|at most 50/.exec(line)?.[0];
      return said ? [[index + 1, said]] : [];
    });

describe('1. a limit changes: hotels live initialPageSize at most 40 instead of 50', () => {
  const lowered = changed('hotels-live', (doc) => {
    doc.components!.schemas!.HotelsLiveSearchCreateRequest.properties!.initialPageSize.maximum = 40;
  });
  const doc = lowered.get('hotels-live')!;

  it('"spec prose states the schema limits" names the four sentences of the spec, until they say 40', () => {
    expect(locatedProblems('hotels-live', descriptionLimitProblems('hotels-live', doc))).toEqual([
      ...hotelsLinesSaying50().map(
        ([line, said]) =>
          `specs/hotels-live/openapi.yaml:${line}: "${said}" for \`initialPageSize\`, but its schema says 1 to 40`,
      ),
    ]);
    const finished = JSON.parse(
      JSON.stringify(doc)
        .replace(/\(at most 50\)/g, '(at most 40)')
        .replace(/1 to 50/g, '1 to 40'),
    ) as OpenApiDocument;
    expect(descriptionLimitProblems('hotels-live', finished)).toEqual([]);
    // The reference's markdown (the .md page, llms-full.txt, get_operation) then says 40 everywhere
    const create = operations('hotels-live', finished).find((op) => op.operationId === 'HotelsService_CreateSearch')!;
    const row = operationMarkdown(finished, create)
      .split('\n')
      .find((line) => line.startsWith('| `initialPageSize` |'))!;
    expect(row).toContain('at most 40');
    expect(row).not.toContain('50');
  });

  it('"guide prose agrees with the specs" names the guide lines, until they say 40', () => {
    expect(guideProseProblems(lowered, pages)).toEqual([
      'docs/faqs.mdx:176: "at most 50" for `initialPageSize`, but its schema says 1 to 40',
      'docs/hotels-live-prices/overview.mdx:62: "1 to 50" for `initialPageSize`, but its schema says 1 to 40',
      'docs/hotels-live-prices/overview.mdx:84: "above 50" names no field, and no field of hotels-live has that bound: name the field it limits in code (`field`) or correct the number',
      'docs/hotels-live-prices/quick-start.mdx:35: "at most 50" for `initialPageSize`, but its schema says 1 to 40',
    ]);
    let finished = edited('docs/faqs.mdx', '`initialPageSize`, at most 50', '`initialPageSize`, at most 40');
    finished = edited('docs/hotels-live-prices/overview.mdx', '**1 to 50**', '**1 to 40**', finished);
    finished = edited('docs/hotels-live-prices/overview.mdx', 'above 50 is rejected', 'above 40 is rejected', finished);
    finished = edited('docs/hotels-live-prices/quick-start.mdx', 'is at most 50', 'is at most 40', finished);
    expect(guideProseProblems(lowered, finished)).toEqual([]);
  });
});

describe('2. a new optional response field: Carrier.allianceName, with no description and no example', () => {
  const bare = changed('carriers', (doc) => {
    doc.components!.schemas!.Carrier.properties!.allianceName = {type: 'string'};
  });
  const described = changed('carriers', (doc) => {
    doc.components!.schemas!.Carrier.properties!.allianceName = {
      type: 'string',
      description: "The name of the carrier's alliance, e.g. `oneworld`.",
      examples: ['oneworld'],
    };
  });

  it('specs:lint refuses it without a description, as an error, and an example naming a field the schema lacks', async () => {
    expect(await lintProblems(bare.get('carriers')!)).toEqual([
      'conventions/property-description: The property `allianceName` has no description: say what it holds (CONVENTIONS.md, "Schemas"). (at #/components/schemas/Carrier/properties/allianceName)',
    ]);
    expect(await lintProblems(described.get('carriers')!)).toEqual([]);
    // The example carries the field before the schema does
    const ahead = structuredClone(bundles.get('carriers')!);
    const example = ahead.components!.examples!.carriers as {value: {carriers: Record<string, object>}};
    example.value.carriers['-32480'] = {...example.value.carriers['-32480'], allianceName: 'oneworld'};
    expect(await lintProblems(ahead)).toEqual([
      expect.stringMatching(
        /^no-invalid-media-type-examples: .*allianceName.*\(at #\/components\/examples\/carriers\/value/,
      ),
    ]);
  });

  it('the carriers field table stops the build until it describes the field', () => {
    const overview = page('docs/carriers/overview.mdx');
    expect(() => rendered(overview, described)).toThrow(
      '<FieldTable api="carriers" schema="Carrier">: no row for `allianceName` (a field of the spec): add it',
    );
    const [finished] = edited(
      'docs/carriers/overview.mdx',
      '| `icao` | The three-letter ICAO code. | `BAW` |',
      "| `icao` | The three-letter ICAO code. | `BAW` |\n| `allianceName` | The carrier's alliance. | `oneworld` |",
      [overview],
    );
    expect(rendered(finished, described)).toContain('| `allianceName` |');
  });

  it('"the sandbox answers with every response field" names it until the sandbox produces it or says why not', async () => {
    const carriersOnly = new Map([['carriers', described.get('carriers')!]]);
    expect(await responseCoverageProblems(carriersOnly)).toEqual([
      'carriers: the field Carrier.allianceName is in no answer of the sandbox: produce it (sandbox/src/data, sandbox/src/services) or list it in notProduced of sandbox/src/data/unmodelled.ts with the reason',
    ]);
    expect(await responseCoverageProblems(new Map([['carriers', bundles.get('carriers')!]]))).toEqual([]);
  });
});

describe('3. a new enum value: CABIN_CLASS_PREMIUM_BUSINESS in a request, VEHICLE_TYPE_MINIVAN in a response', () => {
  const cabin = (description?: string) =>
    changed('flights-live-pricing', (doc) => {
      const cabins = doc.components!.schemas!.CabinClass;
      (cabins.enum as string[]).push('CABIN_CLASS_PREMIUM_BUSINESS');
      if (description) cabins['x-enumDescriptions']!.CABIN_CLASS_PREMIUM_BUSINESS = description;
    });
  const minivan = changed('carhire-indicative', (doc) => {
    const vehicles = doc.components!.schemas!.VehicleType;
    (vehicles.enum as string[]).push('VEHICLE_TYPE_MINIVAN');
    vehicles['x-enumDescriptions']!.VEHICLE_TYPE_MINIVAN = 'A minivan.';
  });

  it('specs:lint refuses a value without its description', async () => {
    expect(await lintProblems(cabin().get('flights-live-pricing')!)).toEqual([
      'conventions/enum-descriptions: The enum value `CABIN_CLASS_PREMIUM_BUSINESS` has no entry in `x-enumDescriptions`: say what it means. (at #/components/schemas/CabinClass/enum/5)',
    ]);
    expect(await lintProblems(cabin('Premium business.').get('flights-live-pricing')!)).toEqual([]);
  });

  it('the enum tables show it with its meaning; a guide that writes columns per value stops the build until it has its row', () => {
    expect(rendered(page('docs/getting-started/enums.mdx'), cabin('Premium business.'))).toContain(
      '| `CABIN_CLASS_PREMIUM_BUSINESS` | Premium business. |',
    );
    const overview = page('docs/carhire-indicative-prices/overview.mdx');
    expect(() => rendered(overview, minivan)).toThrow(
      '<EnumTable name="VehicleType">: no row for `VEHICLE_TYPE_MINIVAN` (a value of the spec): add it to the notes',
    );
    const [finished] = edited(
      overview.file,
      '| `VEHICLE_TYPE_VAN` | Van |',
      '| `VEHICLE_TYPE_VAN` | Van |\n| `VEHICLE_TYPE_MINIVAN` | Minivan |',
      [overview],
    );
    expect(rendered(finished, minivan)).toContain('| `VEHICLE_TYPE_MINIVAN` | A minivan. | Minivan |');
  });

  it('the sandbox refuses the request value it does not price, and names the response value it never sends', async () => {
    expect(await requestEnumProblems(cabin('Premium business.'))).toEqual([
      'FlightsService_CreateSearch query.cabinClass CABIN_CLASS_PREMIUM_BUSINESS: the sandbox refuses it as not modelled: model it (sandbox/src/data, sandbox/src/services) or list it in refused of sandbox/src/data/unmodelled.ts with the reason',
    ]);
    expect(
      await responseCoverageProblems(new Map([['carhire-indicative', minivan.get('carhire-indicative')!]])),
    ).toEqual([
      'carhire-indicative: the enum value VehicleType VEHICLE_TYPE_MINIVAN is in no answer of the sandbox: produce it (sandbox/src/data, sandbox/src/services) or list it in notProduced of sandbox/src/data/unmodelled.ts with the reason',
    ]);
  });

  it('the sandbox answer errors.mdx shows goes stale, named by line, until the page shows the new answer', async () => {
    const specs = cabin('Premium business.');
    const errors = page('docs/getting-started/errors.mdx');
    const {problems} = await sandboxAnswerProblems(specs, [errors]);
    const line = errors.source
      .slice(0, errors.source.indexOf('sandbox=flights-create-cabin-economy-adults-0'))
      .split('\n').length;
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^docs/getting-started/errors\\.mdx:${line}: the sandbox answers flights-create-cabin-economy-adults-0 otherwise: 400 `,
        ),
      ),
    ]);
    const finished = {
      ...errors,
      source: errors.source
        .replaceAll('CABIN_CLASS_FIRST"', 'CABIN_CLASS_FIRST, CABIN_CLASS_PREMIUM_BUSINESS"')
        .replace('CABIN_CLASS_FIRST; query.adults', 'CABIN_CLASS_FIRST, CABIN_CLASS_PREMIUM_BUSINESS; query.adults'),
    };
    expect((await sandboxAnswerProblems(specs, [finished])).problems).toEqual([]);
  });

  it('the next release says the value was added', () => {
    expect(
      specChanges(bundles.get('flights-live-pricing')!, cabin('Premium business.').get('flights-live-pricing')!),
    ).toContainEqual({
      kind: 'non-breaking',
      operation: 'POST /apiservices/v3/flights/live/search/create',
      text: '`FlightsService_CreateSearch`: value `CABIN_CLASS_PREMIUM_BUSINESS` added to the values of `query.cabinClass` (request body)',
    });
  });
});

describe('4. a guide contradicts the spec in prose', () => {
  it('"guide prose agrees with the specs" names "at most 100", a misspelt field in a table and a reviews limit of 200', () => {
    let wrong = edited('docs/hotels-live-prices/overview.mdx', '**1 to 50**', 'at most 100');
    wrong = edited('docs/hotels-live-prices/overview.mdx', '| `query.rooms` | No |', '| `query.roms` | No |', wrong);
    wrong = edited('docs/faqs.mdx', 'a pagination limit of at most 20.', 'a pagination limit of at most 200.', wrong);
    expect(guideProseProblems(bundles, wrong)).toEqual([
      'docs/faqs.mdx:176: "at most 200" names no field, and no field of hotels-reviews has that bound: name the field it limits in code (`field`) or correct the number',
      'docs/hotels-live-prices/overview.mdx:60: `query.roms` is not a field of hotels-live (did you mean `rooms`?)',
      'docs/hotels-live-prices/overview.mdx:62: "at most 100" for `initialPageSize`, but its schema says 1 to 50',
    ]);
    expect(guideProseProblems(bundles, pages)).toEqual([]);
  });
});

describe('5. deprecation: an operation, a parameter and a field', () => {
  const deprecated = new Map(bundles);
  const culture = structuredClone(bundles.get('culture')!);
  const nearest = culture.paths['/apiservices/v3/culture/nearestculture'].get as {
    deprecated?: boolean;
    parameters: {deprecated?: boolean}[];
  };
  nearest.deprecated = true;
  const carriers = structuredClone(bundles.get('carriers')!);
  (carriers.components!.schemas!.Carrier.properties!.icao as {deprecated?: boolean}).deprecated = true;
  const markets = culture.paths['/apiservices/v3/culture/markets/{locale}'].get as {
    parameters: {$ref?: string; deprecated?: boolean; name?: string}[];
  };
  deprecated.set('culture', culture).set('carriers', carriers);
  const client = new Client({name: 'api-changes-test', version: '1.0.0'});

  beforeAll(async () => {
    // The markets call's locale parameter, written inline so that only it is deprecated
    const [locale] = markets.parameters;
    const resolved = locale.$ref
      ? {...(culture.components!.parameters![locale.$ref.split('/').pop()!] as object)}
      : locale;
    markets.parameters = [{...resolved, deprecated: true}];
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer({bundles: deprecated, pages: []}).connect(serverSide);
    await client.connect(clientSide);
  });
  afterAll(() => client.close());

  it('the reference markdown (the .md pages, llms-full.txt) marks each', () => {
    const of = (slug: string, operationId: string) =>
      operationMarkdown(
        deprecated.get(slug)!,
        operations(slug, deprecated.get(slug)!).find((op) => op.operationId === operationId)!,
      );
    expect(of('culture', 'CultureService_NearestCulture')).toContain('· **deprecated**');
    expect(of('culture', 'CultureService_ListMarkets')).toMatch(/\| `locale` \| path \| [^\n]*deprecated[^\n]* \|/);
    expect(of('carriers', 'CarriersService_ListCarriers')).toMatch(/\| `carriers\.<key>\.icao` \| [^\n]*deprecated/);
  });

  it('the MCP server’s operation tools mark the operation', async () => {
    const list = await client.callTool({name: 'list_operations', arguments: {api: 'culture'}});
    const text = (list.content as {text: string}[])[0].text;
    expect(text).toMatch(/CultureService_NearestCulture GET [^\n]*\(deprecated: do not use it in new code\)/);
    const one = await client.callTool({
      name: 'get_operation',
      arguments: {operationId: 'CultureService_NearestCulture'},
    });
    expect((one.content as {text: string}[])[0].text).toContain('**Deprecated.**');
  });

  it('"guide examples use nothing deprecated unmarked" names each example that calls it, until marked', () => {
    const problems = guideDeprecationProblems(deprecated, pages);
    for (const problem of problems) {
      expect(problem).toMatch(
        /^docs\/[\w/-]+\.mdx:\d+: uses the deprecated (operation CultureService_NearestCulture|parameter locale of CultureService_ListMarkets|field [\w.<>-]*icao)\b.*: use what replaces it, or mark the example/,
      );
    }
    // Each of the three is used by some example of the guides
    for (const used of ['operation CultureService_NearestCulture', 'parameter locale', 'field ']) {
      expect(
        problems.some((problem) => problem.includes(`uses the deprecated ${used}`)),
        used,
      ).toBe(true);
    }
    // The maintainer marks each example: `deprecated` in its fence, and a sentence before it
    let marked = pages;
    for (const problem of problems) {
      const [, file, line] = /^(docs\/[\w/-]+\.mdx):(\d+):/.exec(problem)!;
      marked = marked.map((one) => {
        if (one.file !== file) return one;
        const lines = one.source.split('\n');
        const at = Number(line) - 1;
        lines[at] = `${lines[at]} deprecated`;
        lines.splice(at, 0, 'This example still uses what is deprecated.', '');
        return {...one, source: lines.join('\n')};
      });
      // Later problems of the same page moved two lines down
      problems.forEach((other, index) => {
        const [, otherFile, otherLine] = /^(docs\/[\w/-]+\.mdx):(\d+):/.exec(other)!;
        if (otherFile === file && Number(otherLine) > Number(line))
          problems[index] = other.replace(`:${otherLine}:`, `:${Number(otherLine) + 2}:`);
      });
    }
    expect(guideDeprecationProblems(deprecated, marked)).toEqual([]);
  });
});
