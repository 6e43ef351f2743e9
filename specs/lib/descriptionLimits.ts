/**
 * The limits a specification's own prose states, checked against its schemas: every description,
 * summary, `x-validation` note and `x-enumDescriptions` entry of a bundle, read with `statedLimits.ts`.
 * A limit about a field (named in code, or the property or parameter the description describes) must
 * be one of that field's bounds; a limit about no field must be a bound of some field of the document,
 * unless it counts what no schema bounds (seconds, characters, days: `countsNoField`).
 * specs/test/descriptions.test.ts runs it on every bundle and names the source file and line of each
 * problem (`sourceLine` of ./sourceLines.ts).
 */
import type {OpenApiDocument, Schema} from './openapi';
import {
  boundsOf,
  limitAgrees,
  schemaFields,
  textLimitProblems,
  type FieldMention,
  type SchemaField,
  type StatedLimit,
} from './statedLimits';

/** One disagreement: where (a JSON pointer of the bundle), the text, and what is wrong. */
export interface DescriptionProblem {
  pointer: string;
  text: string;
  /** Where in `text` the limit starts. */
  index: number;
  message: string;
}

/** Whether some field of `fields` has the bound a limit about no field states. */
export const someFieldAgrees = (limit: StatedLimit, fields: readonly SchemaField[]): boolean =>
  fields.some((field) => limitAgrees(limit, field.bounds));

/** The message for a limit that names no field and matches no field's bound. */
export const unboundMessage = (limit: StatedLimit, where: string): string =>
  `"${limit.phrase}" names no field, and no field of ${where} has that bound: name the field it limits in code (\`field\`) or correct the number`;

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The limit problems of every text of a bundle. */
export function descriptionLimitProblems(slug: string, doc: OpenApiDocument): DescriptionProblem[] {
  const fields = schemaFields(doc);
  const problems: DescriptionProblem[] = [];
  const check = (text: string, pointer: string, subject?: FieldMention) => {
    const {problems: found, unbound} = textLimitProblems(text, fields, subject);
    for (const problem of found) problems.push({pointer, text, ...problem});
    for (const limit of unbound) {
      if (someFieldAgrees(limit, fields)) continue;
      problems.push({pointer, text, index: limit.index, message: unboundMessage(limit, slug)});
    }
  };
  const subjectOf = (name: string, schema: Schema): FieldMention => ({
    name,
    index: -1,
    fields: [{path: [name], bounds: boundsOf(doc, schema), values: [], deprecated: false}],
  });
  const walk = (node: unknown, pointer: string, key: string, parentKey: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${pointer}/${index}`, String(index), key));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    // The field a description describes: a property, a parameter, a named schema
    let subject: FieldMention | undefined;
    if (parentKey === 'properties') subject = subjectOf(key, object as Schema);
    else if (typeof object.in === 'string' && typeof object.name === 'string')
      subject = subjectOf(object.name, (object.schema ?? {}) as Schema);
    // A named schema is the subject of its description when it has bounds itself (an array, a map)
    else if (parentKey === 'schemas' && boundsOf(doc, object as Schema).length > 0)
      subject = subjectOf(key, object as Schema);
    for (const [name, value] of Object.entries(object)) {
      const at = `${pointer}/${escape(name)}`;
      if (name === 'example' || name === 'examples' || name === 'x-codeSamples') continue;
      if ((name === 'description' || name === 'summary') && typeof value === 'string') check(value, at, subject);
      else if (name === 'x-validation' && Array.isArray(value)) {
        value.forEach((note, index) => typeof note === 'string' && check(note, `${at}/${index}`, subject));
      } else if (name === 'x-enumDescriptions' && value && typeof value === 'object') {
        for (const [entry, text] of Object.entries(value)) {
          if (typeof text === 'string') check(text, `${at}/${escape(entry)}`);
        }
      } else walk(value, at, name, key);
    }
  };
  walk(doc, '#', '', '');
  return problems;
}
