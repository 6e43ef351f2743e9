/**
 * What the guides say in prose, checked against the specifications: the limits they state ("1 to 50",
 * "at most 200 ids", "up to 100"), the fields their tables name and the enum values they name. Each
 * problem names the page and line (`docs/hotels-live-prices/overview.mdx:62: ...`).
 *
 * - **Limits** (`statedLimits` of @portal/specs): a limit is about the field named in code right after it,
 *   else nearest before it in its sentence, else the field of its table row (or of its column, when the
 *   column's header is a field), else the field named after it; it must be one of that field's bounds
 *   (`minimum`/`maximum`, `minItems`/`maxItems`, `minLength`/`maxLength`, or its items'). A limit about no
 *   field must be the bound of some field of the APIs the sentence is about, or be bound in `unnamedLimits`.
 *   Limits of time, characters, dates and steps are not compared (`countsNoField`).
 * - **Field tables** (a table whose first header cell is `Field`): every field its first column names in
 *   code is a field of the APIs (a misspelt one is named with the nearest field of the page's APIs).
 * - **Enum values**: a value named in code with the prefix of an enum of the specifications
 *   (`CABIN_CLASS_...`) is one of that enum's values.
 * - **Enum values and fields written by hand** (`handWrittenEnums`, `handWrittenFieldTables`, run by
 *   test/guideEnums.test.ts): no table or sentence lists every value of an enum (`<EnumTable>` renders them
 *   from the spec, website/src/plugins/enumTables), and a table of every field of a schema is a
 *   `<FieldTable>` (website/src/plugins/fieldTables), so a value or field the spec gains is noticed.
 *
 * The APIs a page is about are those of its folder (`guideFolder` of content/src/apis.ts); for the pages
 * outside an API's folder, those a sentence names ("Hotels reviews takes ..."), else all thirteen. The
 * referrals pages describe the website's deep-link parameters, not the APIs, and are not checked.
 * test/guideProse.test.ts runs it; `npm run check:api-change` too.
 */
import fs from 'node:fs';
import path from 'node:path';
import {apis, contentFiles, pageProse, type ProseText} from '@portal/content';
import {
  boundsText,
  fieldMentions,
  fieldsNamed,
  limitAgrees,
  namedEnums,
  schemaFields,
  sentences,
  someFieldAgrees,
  statedLimits,
  textLimitProblems,
  unboundMessage,
  type FieldMention,
  type OpenApiDocument,
  type SchemaField,
} from '@portal/specs';

const websiteDir = path.resolve(__dirname, '..');

/** A guide page: its path relative to website/ and its source. */
export interface GuidePage {
  file: string;
  source: string;
}

/** Every guide page (website/docs), but the change log, which quotes what changed. */
export function guidePages(dir = path.join(websiteDir, 'docs')): GuidePage[] {
  return contentFiles(dir)
    .map((file) => ({file: path.relative(websiteDir, file), source: fs.readFileSync(file, 'utf8')}))
    .filter((page) => !page.file.endsWith('change-log.mdx'))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The words that name an API in a sentence: its title without "Pricing" or "Prices" (`hotels reviews`);
 * a one-word title with "API" after it (`Geo API`: "one geo level" names no API).
 */
const apiWords = apis.map((api) => {
  const words = api.title.toLowerCase().replace(/ (pricing|prices)$/, '');
  return {slug: api.slug, words: new RegExp(`\\b${words}${words.includes(' ') ? '' : ' API'}\\b`, 'i')};
});

/** The APIs a page is about: its folder's, all of them, or none (the referrals pages). */
function pageApis(file: string, bundles: Map<string, OpenApiDocument>): string[] {
  const folder = file.split('/')[1];
  if (folder === 'referrals') return [];
  const api = apis.find((entry) => entry.guideFolder === folder);
  return api ? [api.slug] : [...bundles.keys()];
}

/** Facts of the specifications the checks read, computed once per set of bundles. */
interface SpecFacts {
  fields: Map<string, SchemaField[]>;
  /** The API of each field. */
  apiOf: Map<SchemaField, string>;
  /** The fields of several APIs together, by their slugs joined (`a,b`): one list per set, made once. */
  fieldsOf: (slugs: readonly string[]) => SchemaField[];
  /** Each enum's values and the prefix they share (`CABIN_CLASS_`), by `<slug>#<name>`. */
  enums: {slug: string; name: string; prefix: string; values: string[]}[];
}

const factsOf = new WeakMap<Map<string, OpenApiDocument>, SpecFacts>();

function specFacts(bundles: Map<string, OpenApiDocument>): SpecFacts {
  const known = factsOf.get(bundles);
  if (known) return known;
  const fields = new Map([...bundles].map(([slug, doc]) => [slug, schemaFields(doc)] as const));
  const enums = [...bundles].flatMap(([slug, doc]) =>
    [...namedEnums(doc).values()].map((definition) => {
      const values = definition.values.map(({value}) => value);
      return {slug, name: definition.name, prefix: commonPrefix(values), values};
    }),
  );
  const sets = new Map<string, SchemaField[]>();
  const fieldsOf = (slugs: readonly string[]): SchemaField[] => {
    const key = [...slugs].sort().join(',');
    let found = sets.get(key);
    if (!found) {
      found = [...new Set(slugs)].flatMap((slug) => fields.get(slug) ?? []);
      sets.set(key, found);
    }
    return found;
  };
  const apiOf = new Map([...fields].flatMap(([slug, own]) => own.map((field) => [field, slug] as const)));
  const facts = {fields, apiOf, fieldsOf, enums};
  factsOf.set(bundles, facts);
  return facts;
}

/** The prefix enum values share, up to their last common underscore (`CABIN_CLASS_`). */
function commonPrefix(values: string[]): string {
  if (values.length === 0) return '';
  let prefix = values[0];
  for (const value of values) while (!value.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('_') + 1);
}

/** The distance of two words in edits (insert, delete, replace), for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const kept = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length];
}

/** The field of `fields` nearest to a name, for the message. */
function nearest(name: string, fields: SchemaField[]): string | undefined {
  const last = name.split('.').at(-1) ?? name;
  let best: {name: string; distance: number} | undefined;
  for (const field of fields) {
    const candidate = field.path.at(-1)!;
    const d = distance(last, candidate);
    if (d > 0 && d <= 3 && (!best || d < best.distance)) best = {name: candidate, distance: d};
  }
  return best?.name;
}

const lineAt = (text: ProseText, index: number): number => text.lines[Math.min(index, text.lines.length - 1)] ?? 0;

/**
 * Limits the guides state without naming their field, each bound here to the field it is about (`field`:
 * `<slug> <field>`) and compared with it, or, when it is not a bound at all, with the reason (`why`).
 * An entry that matches no limit of its page fails the check, so this list stays true.
 */
export const unnamedLimits: {page: string; phrase: string; field?: string; why?: string}[] = [
  {page: 'docs/autosuggest/hotels.mdx', phrase: 'at most 200', field: 'hotels-indicative destinationEntityIds'},
  {
    page: 'docs/getting-started/iata-and-entity-ids.mdx',
    phrase: 'at most 200',
    field: 'carhire-live-pricing includedAgentIds',
  },
  {
    page: 'docs/flights-live-prices/multiCity.mdx',
    phrase: '3 to 6',
    why: 'the legs of a multi-city trip, from 3 up to the limit the page states below',
  },
  {
    page: 'docs/hotels-live-prices/overview.mdx',
    phrase: '1 to 15',
    why: 'the hotels of page 1 in the worked example of pagination',
  },
  {
    page: 'docs/hotels-live-prices/overview.mdx',
    phrase: '16 to 30',
    why: 'the hotels of page 2 in the worked example of pagination',
  },
  {
    page: 'docs/hotels-live-prices/overview.mdx',
    phrase: '31 to 45',
    why: 'the hotels of page 3 in the worked example of pagination',
  },
  {
    page: 'docs/hotels-content/quick-start.mdx',
    phrase: 'up to 15',
    why: 'the page size the hotels guides poll with, not a bound of the API',
  },
];

/** The fields of `<slug> <field>`, or an error naming the entry. */
function boundFields(facts: SpecFacts, entry: {page: string; phrase: string; field?: string}): SchemaField[] {
  const [slug, name] = (entry.field ?? '').split(' ');
  const found = fieldsNamed(facts.fields.get(slug) ?? [], name ?? '');
  if (found.length === 0) throw new Error(`unnamedLimits: ${entry.page} "${entry.phrase}": ${entry.field} is no field`);
  return found;
}

/** The problems of one page, each `<file>:<line>: <what>`. */
export function pageProseProblems(page: GuidePage, bundles: Map<string, OpenApiDocument>): string[] {
  return pageProseCheck(page, bundles).problems;
}

/** A page's problems, and the entries of `unnamedLimits` it used. */
function pageProseCheck(
  page: GuidePage,
  bundles: Map<string, OpenApiDocument>,
): {problems: string[]; used: typeof unnamedLimits; checked: number} {
  const slugs = pageApis(page.file, bundles);
  const used: typeof unnamedLimits = [];
  let checked = 0;
  if (slugs.length === 0) return {problems: [], used, checked};
  const facts = specFacts(bundles);
  const pageFields = facts.fieldsOf(slugs);
  const allFields = facts.fieldsOf([...bundles.keys()]);
  const prose = pageProse(page.source);
  const problems: string[] = [];
  const where = (text: ProseText, index: number) => `${page.file}:${lineAt(text, index)}`;
  const apisText = (list: string[]) => (list.length > 3 ? 'any API' : list.join(', '));

  /** The limits of a piece of text, about `subject` when it names no field. */
  const checkLimits = (text: ProseText, subject?: FieldMention) => {
    // The APIs whose fields the text names, beside the page's own
    const others = new Set(
      fieldMentions(text.text, pageFields, allFields)
        .filter((mention) => mention.fields.length > 0 && fieldsNamed(pageFields, mention.name).length === 0)
        .flatMap((mention) => slugsOf(facts, mention.fields)),
    );
    for (const sentence of sentences(text.text)) {
      // A sentence of a page about every API may say which it is about
      const named =
        slugs.length > 1 ? apiWords.filter(({words}) => words.test(sentence.text)).map(({slug}) => slug) : [];
      const scopeSlugs = named.length > 0 ? named : [...new Set([...slugs, ...others])];
      const scope = facts.fieldsOf(scopeSlugs);
      const {problems: found, unbound} = textLimitProblems(sentence.text, scope, subject, allFields);
      checked += statedLimits(sentence.text).length;
      for (const problem of found) problems.push(`${where(text, sentence.index + problem.index)}: ${problem.message}`);
      for (const limit of unbound) {
        const at = where(text, sentence.index + limit.index);
        const entry = unnamedLimits.find((known) => known.page === page.file && known.phrase === limit.phrase);
        if (entry) {
          used.push(entry);
          if (entry.why) continue;
          const bounds = boundFields(facts, entry).flatMap((field) => field.bounds);
          if (!limitAgrees(limit, bounds)) {
            problems.push(`${at}: "${limit.phrase}" for ${entry.field}, but its schema says ${boundsText(bounds)}`);
          }
          continue;
        }
        if (someFieldAgrees(limit, scope)) continue;
        problems.push(`${at}: ${unboundMessage(limit, apisText(scopeSlugs))}`);
      }
    }
  };

  for (const paragraph of prose.paragraphs) checkLimits(paragraph);

  for (const table of prose.tables) {
    // A table of fields: the names of its first column are fields (a misspelt one is named)
    const fieldTable = /^fields?$/i.test(table.header[0] ?? '');
    const columnFields = table.header.map((cell) => {
      const only = /^`([^`]+)`$/.exec(cell);
      if (!only) return undefined;
      const found = fieldsNamed(pageFields, only[1]);
      return found.length > 0 ? {name: only[1], index: -1, fields: found} : undefined;
    });
    for (const row of table.rows) {
      const first = row.cells[0];
      const rowMentions = first ? fieldMentions(first.text, pageFields, allFields) : [];
      const rowField = rowMentions.length === 1 && rowMentions[0].fields.length > 0 ? rowMentions[0] : undefined;
      if (fieldTable && first) {
        for (const mention of rowMentions) {
          if (mention.fields.length > 0 || !FIELD_NAME.test(mention.name)) continue;
          const guess = nearest(mention.name, pageFields);
          problems.push(
            `${where(first, mention.index)}: \`${mention.name}\` is not a field of ${apisText(slugs)}${guess ? ` (did you mean \`${guess}\`?)` : ''}`,
          );
        }
      }
      row.cells.forEach((cell, column) => checkLimits(cell, columnFields[column] ?? rowField));
    }
  }

  // Enum values: each value named with an enum's prefix is one of its values
  const texts = [...prose.paragraphs, ...prose.tables.flatMap((table) => table.rows.flatMap((row) => row.cells))];
  for (const text of texts) {
    for (const match of text.text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)) {
      const value = match[1];
      const owners = facts.enums.filter((entry) => entry.prefix && value.startsWith(entry.prefix));
      if (owners.length > 0 && !owners.some((entry) => entry.values.includes(value))) {
        problems.push(
          `${where(text, match.index ?? 0)}: \`${value}\` is not a value of ${[...new Set(owners.map((entry) => entry.name))].join(', ')}`,
        );
      }
    }
  }
  const lineOf = (problem: string) => Number(/^[^:]+:(\d+)/.exec(problem)?.[1] ?? 0);
  return {problems: problems.sort((a, b) => lineOf(a) - lineOf(b)), used, checked};
}

/** The APIs that define some of `fields`. */
const slugsOf = (facts: SpecFacts, fields: SchemaField[]): string[] => [
  ...new Set(fields.flatMap((field) => facts.apiOf.get(field) ?? [])),
];

/** A name in code that may be a field: `initialPageSize`, `query.driverAge`, `legs[].segmentIds`. */
const FIELD_NAME = /^[a-z][A-Za-z0-9]*(?:(?:\[\])?\.[a-z][A-Za-z0-9]*)*$/;

/**
 * The hand-written enum tables and lists of a page: a table whose first column holds every value of an
 * enum (but its zero value, `..._UNSPECIFIED`), or a sentence or cell naming three or more values of an
 * enum and every one but its zero value. `<EnumTable name="..." />` renders them from the spec instead.
 */
export function handWrittenEnums(page: GuidePage, bundles: Map<string, OpenApiDocument>): string[] {
  const slugs = pageApis(page.file, bundles);
  if (slugs.length === 0) return [];
  const facts = specFacts(bundles);
  const prose = pageProse(page.source);
  const problems: string[] = [];
  const texts = [...prose.paragraphs, ...prose.tables.flatMap((table) => table.rows.flatMap((row) => row.cells))];
  for (const text of texts) {
    for (const sentence of sentences(text.text)) {
      const listed = enumValuesIn(sentence.text, facts, slugs);
      if (listed) {
        problems.push(
          `${page.file}:${lineAt(text, sentence.index + listed.index)}: lists the ${listed.count} values of ${listed.name} by hand: render them with ${enumTableTag(facts, listed.name, listed.slug)} or link to its table`,
        );
      }
    }
  }
  for (const table of prose.tables) {
    // The notes of an <EnumTable>: the spec gives its rows
    if (table.enumNotes) continue;
    const firsts = new Set(
      table.rows.flatMap((row) => /^`([A-Z][A-Z0-9_]+)`$/.exec(row.cells[0]?.text.trim() ?? '')?.[1] ?? []),
    );
    const matched = (candidate: SpecFacts['enums'][number]) =>
      [...firsts].filter((value) => candidate.values.includes(value)).length;
    // The page's own API's enum first, then the one the rows match best
    const entry = facts.enums
      .filter((candidate) => slugs.includes(candidate.slug))
      .filter((candidate) => matched(candidate) >= 2 && exhaustive(candidate.values, firsts))
      .sort((a, b) => matched(b) - matched(a))[0];
    if (entry) {
      problems.push(
        `${page.file}:${table.line}: a hand-written table of ${entry.name}: render it with ${enumTableTag(facts, entry.name, entry.slug)}`,
      );
    }
  }
  return problems;
}

/** The `<EnumTable>` tag of an enum, with `api=` when the APIs define it differently. */
function enumTableTag(facts: SpecFacts, name: string, slug: string): string {
  const definitions = new Set(
    facts.enums.filter((entry) => entry.name === name).map((entry) => JSON.stringify(entry.values)),
  );
  return `<EnumTable name="${name}"${definitions.size > 1 ? ` api="${slug}"` : ''} />`;
}

/** Whether `named` holds every value of an enum but its zero value (`..._UNSPECIFIED`). */
const exhaustive = (values: string[], named: Set<string>): boolean =>
  values.every((value) => named.has(value) || value.endsWith('_UNSPECIFIED'));

/** Every value of one enum (but its zero value) named in one sentence: a list written by hand. */
function enumValuesIn(
  text: string,
  facts: SpecFacts,
  slugs: string[],
): {name: string; slug: string; count: number; index: number} | undefined {
  const named = [...text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)];
  // A page about one API lists that API's enums
  const ordered = facts.enums.filter((entry) => slugs.includes(entry.slug));
  for (const entry of ordered) {
    const found = named.filter((match) => entry.values.includes(match[1]));
    const distinct = new Set(found.map((match) => match[1]));
    if (distinct.size >= 3 && exhaustive(entry.values, distinct))
      return {name: entry.name, slug: entry.slug, count: distinct.size, index: found[0].index ?? 0};
  }
  return undefined;
}

/**
 * The problems of every guide page, and an entry of `unnamedLimits` that matches no limit (when `pages`
 * are the guides themselves).
 */
export function guideProseProblems(bundles: Map<string, OpenApiDocument>, pages = guidePages()): string[] {
  const checked = pages.map((page) => pageProseCheck(page, bundles));
  const used = new Set(checked.flatMap((page) => page.used));
  const unused = unnamedLimits
    .filter((entry) => pages.some((page) => page.file === entry.page) && !used.has(entry))
    .map(
      (entry) =>
        `${entry.page}: "${entry.phrase}" of unnamedLimits (website/config/guideProse.ts) is no longer on the page`,
    );
  return [...checked.flatMap((page) => page.problems), ...unused];
}

/** How many limits of the guides the check reads (the test pins it: a check of nothing would pass). */
export const statedLimitCount = (bundles: Map<string, OpenApiDocument>, pages = guidePages()): number =>
  pages.reduce((count, page) => count + pageProseCheck(page, bundles).checked, 0);

/**
 * The tables of a page that name every field of a schema of its API, and only those (at least two), without
 * `<FieldTable>`: wrapped in it, a field added to the spec stops the build until the table has it
 * (website/src/plugins/fieldTables).
 */
export function handWrittenFieldTables(page: GuidePage, bundles: Map<string, OpenApiDocument>): string[] {
  const slugs = pageApis(page.file, bundles);
  if (slugs.length === 0) return [];
  const problems: string[] = [];
  for (const table of pageProse(page.source).tables) {
    if (table.fieldTable || !/^fields?$/i.test(table.header[0] ?? '')) continue;
    // The fields the first column names (a row for a field inside one, `a.b`, is the guide's detail)
    const named = new Set(
      table.rows.flatMap((row) => /^`([a-z][A-Za-z0-9]*)`$/.exec(row.cells[0]?.text.trim() ?? '')?.[1] ?? []),
    );
    for (const slug of slugs) {
      const doc = bundles.get(slug)!;
      // A schema whose fields are exactly those the table names
      const [name] =
        Object.entries(doc.components?.schemas ?? {}).find(([, schema]) => {
          const properties = Object.keys(schema.properties ?? {});
          return (
            properties.length >= 2 &&
            properties.length === named.size &&
            properties.every((property) => named.has(property))
          );
        }) ?? [];
      if (name) {
        problems.push(
          `${page.file}:${table.line}: a hand-written table of every field of ${name}: wrap it in <FieldTable api="${slug}" schema="${name}">, so that a field added to the spec is noticed`,
        );
        break;
      }
    }
  }
  return problems;
}
