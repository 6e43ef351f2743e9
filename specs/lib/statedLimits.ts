/**
 * Limits stated in prose, checked against the schemas that hold them. A description or a guide may say
 * "1 to 50", "at most 50", "up to 100 ids" or "at least 1"; this module finds those phrases
 * (`statedLimits`), the fields of a document with the bounds their schemas give (`schemaFields`:
 * `minimum`/`maximum`, `minItems`/`maxItems`, `minLength`/`maxLength`, `minProperties`/`maxProperties`,
 * and the same of an array's items), which field a phrase is about (`boundField`: the field named in
 * code nearest before it in its sentence, else the sentence's subject, else the one named after it), and
 * whether the two agree (`limitAgrees`). Pure: the spec descriptions' check (specs/test/descriptions.test.ts,
 * `descriptionLimitProblems`) and the guides' (website/config/guideProse.ts) both use it.
 */
import {
  operations,
  parametersOf,
  requestMedia,
  resolveRef,
  responseMedia,
  type OpenApiDocument,
  type Schema,
} from './openapi';

/** A limit a text states. */
export interface StatedLimit {
  /** The words as written: `at most 50`, `1 to 50`. */
  phrase: string;
  /** Where the phrase starts in the text. */
  index: number;
  min?: number;
  max?: number;
  /** The word before the phrase, lower case (`steps` in "steps 1 to 3"). */
  before: string;
  /** The word after the phrase, lower case (`seconds` in "up to 5 seconds"). */
  after: string;
}

// "one" is left out: "at most one filter of each type" says which, not how many
const WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  twenty: 20,
};
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+|${Object.keys(WORDS).join('|')})`;
const DIGITS = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
/** A number not glued to a time, a decimal, a date or a version (`10:30`, `4.8`, `2027-03`). */
const ALONE_BEFORE = String.raw`(?<![\d:.,/-])`;
const ALONE_AFTER = String.raw`(?![\d:%]|[.,/-]\d)`;
const NOTE = String.raw`(?: \([^)]{1,20}\))?`;

const patterns: {regex: RegExp; read: (match: RegExpExecArray) => {min?: number; max?: number}}[] = [
  {
    regex: new RegExp(String.raw`\bbetween ${ALONE_BEFORE}${DIGITS}${ALONE_AFTER} and ${DIGITS}${ALONE_AFTER}`, 'gi'),
    read: (match) => ({min: numberOf(match[1]), max: numberOf(match[2])}),
  },
  {
    regex: new RegExp(
      String.raw`(?<!\bbetween )${ALONE_BEFORE}\b${DIGITS}${ALONE_AFTER}${NOTE} to ${DIGITS}${ALONE_AFTER}${NOTE}`,
      'gi',
    ),
    read: (match) => ({min: numberOf(match[1]), max: numberOf(match[2])}),
  },
  {
    regex: new RegExp(
      String.raw`\b(?:at most|up to|no more than|not more than|(?:a )?maximum of)\s+${ALONE_BEFORE}${NUMBER}\b${ALONE_AFTER}`,
      'gi',
    ),
    read: (match) => ({max: numberOf(match[1])}),
  },
  {
    regex: new RegExp(
      String.raw`\b(?:at least|no fewer than|not less than|(?:a )?minimum of)\s+${ALONE_BEFORE}${NUMBER}\b${ALONE_AFTER}`,
      'gi',
    ),
    read: (match) => ({min: numberOf(match[1])}),
  }, // What is refused: "anything above 50 is rejected", "21 or more is a bad request"
  {
    regex: new RegExp(
      String.raw`\b(?:above|over|more than)\s+${ALONE_BEFORE}${DIGITS}\b${ALONE_AFTER}(?=[^.;]*\b(?:rejected|refused|bad request)\b)`,
      'gi',
    ),
    read: (match) => ({max: numberOf(match[1])}),
  },
  {
    regex: new RegExp(
      String.raw`${ALONE_BEFORE}\b${DIGITS}${ALONE_AFTER} or more\b(?=[^.;]*\b(?:rejected|refused|bad request)\b)`,
      'gi',
    ),
    read: (match) => ({max: numberOf(match[1]) - 1}),
  },
];

function numberOf(text: string): number {
  const word = WORDS[text.toLowerCase()];
  return word ?? Number(text.replace(/,/g, ''));
}

/** The text with the inside of its code spans blanked (same length), so that code is never read as prose. */
export const withoutCode = (text: string): string =>
  text.replace(/`[^`\n]*`/g, (span) => `\`${' '.repeat(span.length - 2)}\``);

/** The limits a text states, in the order written. */
export function statedLimits(text: string): StatedLimit[] {
  const plain = withoutCode(text).replace(/\*\*|__/g, (marks) => ' '.repeat(marks.length));
  const found: StatedLimit[] = [];
  for (const {regex, read} of patterns) {
    for (const match of plain.matchAll(regex)) {
      const index = match.index ?? 0;
      if (found.some((limit) => index >= limit.index && index < limit.index + limit.phrase.length)) continue;
      const before = /([A-Za-z]+)\W*$/.exec(plain.slice(Math.max(0, index - 30), index))?.[1] ?? '';
      const after = /^\W*([A-Za-z%]+)/.exec(plain.slice(index + match[0].length))?.[1] ?? '';
      found.push({
        phrase: text.slice(index, index + match[0].length).replace(/\*\*|__/g, ''),
        index,
        ...read(match as RegExpExecArray),
        before: before.toLowerCase(),
        after: after.toLowerCase(),
      });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The bounds one keyword pair of a schema gives. */
export interface Bounds {
  /** `value` (minimum, maximum), `items`, `length`, `properties`; `each ...` for an array's items. */
  of: string;
  min?: number;
  max?: number;
}

/** A field of a document: its path of property names and what its schema bounds. */
export interface SchemaField {
  /** Property names from a root (an operation's parameter, body or answer, or a named schema). */
  path: string[];
  bounds: Bounds[];
  /** The string values its enum allows, if it is an enum. */
  values: string[];
  deprecated: boolean;
}

/** A schema with the keywords of its `$ref` target and of its `allOf` members merged in (its own first). */
function merged(doc: OpenApiDocument, schema: Schema, seen: Schema[] = []): Schema {
  if (seen.includes(schema)) return schema;
  let result: Schema = {...schema};
  if (schema.$ref) {
    const {$ref, ...own} = schema;
    result = {...merged(doc, resolveRef(doc, {$ref}) as Schema, [...seen, schema]), ...own};
  }
  for (const member of result.allOf ?? []) {
    const part = merged(doc, member, [...seen, schema]);
    result = {...part, ...result, properties: {...part.properties, ...result.properties}};
  }
  return result;
}

const PAIRS: [string, string, string][] = [
  ['value', 'minimum', 'maximum'],
  ['items', 'minItems', 'maxItems'],
  ['length', 'minLength', 'maxLength'],
  ['properties', 'minProperties', 'maxProperties'],
];

/** The bounds a schema states, with its items' as `each ...` and its `oneOf`/`anyOf` branches'. */
export function boundsOf(doc: OpenApiDocument, schema: Schema, seen: Schema[] = []): Bounds[] {
  if (seen.includes(schema)) return [];
  const target = merged(doc, schema);
  const found: Bounds[] = [];
  for (const [of, min, max] of PAIRS) {
    const low = typeof target[min] === 'number' ? (target[min] as number) : undefined;
    const high = typeof target[max] === 'number' ? (target[max] as number) : undefined;
    if (low !== undefined || high !== undefined) found.push({of, min: low, max: high});
  }
  if (target.items) {
    for (const bound of boundsOf(doc, target.items, [...seen, schema])) found.push({...bound, of: `each ${bound.of}`});
  }
  for (const branch of [...(target.oneOf ?? []), ...(target.anyOf ?? [])]) {
    found.push(...boundsOf(doc, branch, [...seen, schema]));
  }
  return found;
}

/** The string enum values of a schema (and of an array's items). */
function valuesOf(doc: OpenApiDocument, schema: Schema): string[] {
  const target = merged(doc, schema);
  const own = (target.enum ?? []).filter((value): value is string => typeof value === 'string');
  return target.items ? [...own, ...valuesOf(doc, target.items)] : own;
}

/**
 * Every field of a document, by its path from each root: the parameters, request body and success answer
 * of every operation, and every named schema. A schema met again inside itself is not walked twice.
 */
export function schemaFields(doc: OpenApiDocument): SchemaField[] {
  const fields: SchemaField[] = [];
  const walk = (schema: Schema | undefined, path: string[], stack: Schema[]): void => {
    if (!schema || typeof schema !== 'object' || stack.includes(schema)) return;
    const target = merged(doc, schema);
    const inner = [...stack, schema, target];
    if (schema.$ref) inner.push(resolveRef(doc, {$ref: schema.$ref}) as Schema);
    for (const [name, property] of Object.entries(target.properties ?? {})) {
      const own = merged(doc, property);
      fields.push({
        path: [...path, name],
        bounds: boundsOf(doc, property),
        values: valuesOf(doc, property),
        deprecated: property.deprecated === true || own.deprecated === true,
      });
      walk(property, [...path, name], inner);
    }
    for (const child of [target.items, target.additionalProperties, ...(target.oneOf ?? []), ...(target.anyOf ?? [])]) {
      if (child && typeof child === 'object') walk(child, path, inner);
    }
  };
  for (const operation of operations('', doc)) {
    for (const parameter of parametersOf(doc, operation)) {
      if (!parameter.name) continue;
      const schema = parameter.schema ?? {};
      fields.push({
        path: [parameter.name],
        bounds: boundsOf(doc, schema),
        values: valuesOf(doc, schema),
        deprecated: (parameter as {deprecated?: boolean}).deprecated === true,
      });
    }
    walk(requestMedia(doc, operation)?.schema, [], []);
    walk(responseMedia(doc, operation)?.schema, [], []);
  }
  for (const schema of Object.values(doc.components?.schemas ?? {})) walk(schema, [], []);
  return fields;
}

/** A field named in code: `initialPageSize`, `pagination.limit`, `query.queryLegs[].date`. */
const FIELD_NAME = /^[a-z][A-Za-z0-9]*(?:(?:\[\])?\.[a-z][A-Za-z0-9]*)*$/;

/** The fields of each list by their last name, made once per list (the lists are large: thousands of fields). */
const byName = new WeakMap<readonly SchemaField[], Map<string, SchemaField[]>>();

function nameIndex(fields: readonly SchemaField[]): Map<string, SchemaField[]> {
  let index = byName.get(fields);
  if (!index) {
    index = new Map();
    for (const field of fields) {
      const name = field.path[field.path.length - 1];
      index.set(name, [...(index.get(name) ?? []), field]);
    }
    byName.set(fields, index);
  }
  return index;
}

/** The fields a name in code means: those whose path ends with its dotted parts. */
export function fieldsNamed(fields: readonly SchemaField[], name: string): SchemaField[] {
  if (!FIELD_NAME.test(name)) return [];
  const parts = name.replace(/\[\]/g, '').split('.');
  return (nameIndex(fields).get(parts[parts.length - 1]) ?? []).filter(
    (field) =>
      field.path.length >= parts.length &&
      parts.every((part, i) => field.path[field.path.length - parts.length + i] === part),
  );
}

/** A code span of a text, with the fields it names (none when it names no field: `p.auid`, `minItems`). */
export interface FieldMention {
  name: string;
  index: number;
  fields: SchemaField[];
}

/**
 * The code spans of a text, each with the fields of `fields` it names, or of `elsewhere` when it names
 * none of `fields` (a guide about one API that names another's field).
 */
export function fieldMentions(
  text: string,
  fields: readonly SchemaField[],
  elsewhere: readonly SchemaField[] = [],
): FieldMention[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => {
    const own = fieldsNamed(fields, match[1]);
    return {name: match[1], index: match.index ?? 0, fields: own.length > 0 ? own : fieldsNamed(elsewhere, match[1])};
  });
}

/**
 * The field a limit is about: a field named right after it (`up to 100 \`ids\``); else the code span
 * nearest before it in its sentence, when it names a field (a span that names none, `p.auid`, makes the
 * limit about no field); else the sentence's subject (the property a description describes, the field of
 * a table's row), else the field named nearest after it. Undefined when nothing names one. `text` is the
 * sentence the limit and the mentions were found in.
 */
export function boundField(
  limit: StatedLimit,
  mentions: readonly FieldMention[],
  subject?: FieldMention,
  text = '',
): FieldMention | undefined {
  const end = limit.index + limit.phrase.length;
  const next = mentions.find(
    (mention) =>
      mention.index >= end && /^[\s(]{0,3}$/.test(text.slice(end, mention.index)) && mention.fields.length > 0,
  );
  if (next) return next;
  const before = mentions.filter((mention) => mention.index < limit.index).at(-1);
  if (before) return before.fields.length > 0 ? before : undefined;
  return subject ?? mentions.find((mention) => mention.index > limit.index && mention.fields.length > 0);
}

/** Whether one of the bounds says what the limit says. */
export function limitAgrees(limit: StatedLimit, bounds: readonly Bounds[]): boolean {
  return bounds.some(
    (bound) =>
      (limit.min === undefined || bound.min === limit.min) && (limit.max === undefined || bound.max === limit.max),
  );
}

/** Bounds in words: `1 to 50`, `at most 200 items`, `each at least 0`. */
export function boundsText(bounds: readonly Bounds[]): string {
  if (bounds.length === 0) return 'no bound';
  return dedupe(bounds)
    .map((bound) => {
      const unit = bound.of.replace(/^each /, '').replace('value', '');
      const each = bound.of.startsWith('each ') ? 'each ' : '';
      const range =
        bound.min !== undefined && bound.max !== undefined
          ? `${bound.min} to ${bound.max}`
          : bound.max !== undefined
            ? `at most ${bound.max}`
            : `at least ${bound.min}`;
      return `${each}${range}${unit ? ` ${unit}` : ''}`;
    })
    .join(', ');
}

/** The sentences (and clauses after a semicolon) of a text, with where each starts. */
export function sentences(text: string): {text: string; index: number}[] {
  const found: {text: string; index: number}[] = [];
  const plain = withoutCode(text);
  let start = 0;
  for (const match of plain.matchAll(/(?<!\b(?:e\.g|i\.e|etc|vs))[.;!?](?=\s+\S)|\n\s*\n/g)) {
    const end = (match.index ?? 0) + match[0].length;
    found.push({text: text.slice(start, end), index: start});
    start = end;
  }
  if (start < text.length) found.push({text: text.slice(start), index: start});
  return found;
}

/** What a limit says that its field's schema does not, or undefined when they agree. */
export interface LimitProblem {
  /** Where in the text the phrase starts. */
  index: number;
  message: string;
}

/**
 * The limits of a text that disagree with the field they are about: every sentence's limits bound to a
 * field (`boundField`) and compared with its bounds. A limit about no field is the caller's to judge
 * (returned in `unbound`). `subject` is the field the whole text is about, when it is one (a property's
 * or parameter's description, a table row's field); `elsewhere`, the fields a name may mean when it names
 * none of `fields`.
 */
export function textLimitProblems(
  text: string,
  fields: readonly SchemaField[],
  subject?: FieldMention,
  elsewhere: readonly SchemaField[] = [],
): {problems: LimitProblem[]; unbound: StatedLimit[]} {
  const problems: LimitProblem[] = [];
  const unbound: StatedLimit[] = [];
  for (const sentence of sentences(text)) {
    const mentions = fieldMentions(sentence.text, fields, elsewhere);
    for (const limit of statedLimits(sentence.text)) {
      if (countsNoField(limit)) continue;
      const field = boundField(limit, mentions, subject, sentence.text);
      const at = {...limit, index: sentence.index + limit.index};
      if (!field) {
        unbound.push(at);
        continue;
      }
      const bounds = field.fields.flatMap((candidate) => candidate.bounds);
      if (limitAgrees(limit, bounds)) continue;
      problems.push({
        index: at.index,
        message: `"${limit.phrase}" for \`${field.name}\`, but its schema says ${boundsText(bounds)}`,
      });
    }
  }
  return {problems, unbound};
}

const dedupe = (bounds: readonly Bounds[]): Bounds[] => {
  const seen = new Set<string>();
  return bounds.filter((bound) => {
    const key = JSON.stringify(bound);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Words after a number that count what no schema bounds: time, text length, tries, percentages, dates. */
const UNCOUNTED =
  /^(ms|milliseconds?|seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?|characters?|times?|attempts?|polls?|retries|%)$/;

/**
 * Whether a limit counts something no schema bounds (`up to 5 seconds`, `up to 255 characters`,
 * `24 to 31 July`, `steps 1 to 3`, `round up to 12346`): such limits are not compared with fields.
 */
export function countsNoField(limit: StatedLimit): boolean {
  return (
    UNCOUNTED.test(limit.after) ||
    MONTHS.includes(limit.after) ||
    /^steps?$/.test(limit.before) ||
    // "round up to 12346": arithmetic, not a limit
    (limit.before === 'round' && /^up to/i.test(limit.phrase))
  );
}
