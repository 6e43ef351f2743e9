/**
 * fast-check arbitraries drawn from the specs' JSON Schemas, for `fuzz.test.ts`: values the schema
 * accepts (enums, formats, patterns, bounds, required and optional properties, `oneOf` branches),
 * reached through `resolveRef` of @portal/specs. Test code only (fast-check is a dev dependency).
 *
 * Why our own: `json-schema-fast-check` (0.0.x) does not follow `$ref`s into a document's
 * components, and `json-schema-faker` draws from its own random source, not fast-check's seed.
 * The specs use a small part of JSON Schema (type, enum, const, format, pattern, min/max, items,
 * properties, required, additionalProperties, oneOf, allOf, $ref), which is what is read here.
 */
import fc from 'fast-check';
import {resolveRef, type OpenApiDocument, type Schema} from '@portal/specs';

/** How deep objects and arrays nest at most; deeper optional parts are left out. */
const MAX_DEPTH = 6;
/** Arrays are kept short, whatever the schema allows. */
const MAX_ITEMS = 4;

const stringOf = (schema: Schema): fc.Arbitrary<string> => {
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'date') return fc.date({noInvalidDate: true}).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({noInvalidDate: true}).map((date) => date.toISOString());
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((schema.maxLength as number | undefined) ?? 24, 24));
  return fc.string({minLength, maxLength});
};

const numberOf = (schema: Schema, integer: boolean): fc.Arbitrary<number> => {
  const bits = schema.format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = (schema.minimum as number | undefined) ?? (exclusiveMin === undefined ? -bits : exclusiveMin + 1);
  const max = (schema.maximum as number | undefined) ?? (exclusiveMax === undefined ? bits : exclusiveMax - 1);
  if (integer) return fc.integer({min: Math.ceil(min), max: Math.floor(max)});
  return fc.double({min, max, noNaN: true, noDefaultInfinity: true});
};

/** The properties and required names of a schema and its `allOf` parts. */
function objectParts(doc: OpenApiDocument, schema: Schema): {properties: Record<string, Schema>; required: string[]} {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const part of [schema, ...(schema.allOf ?? []).map((child) => resolveRef(doc, child))]) {
    Object.assign(properties, part.properties ?? {});
    required.push(...(part.required ?? []));
  }
  return {properties, required: [...new Set(required)]};
}

/** A schema nothing is valid against: `not: {}` (a property a request must leave out). */
const forbidden = (doc: OpenApiDocument, schema: Schema): boolean => {
  const not = resolveRef(doc, schema).not as Schema | undefined;
  return !!not && typeof not === 'object' && Object.keys(not).length === 0;
};

/** An arbitrary of the values a schema of a document accepts. */
export function schemaArbitrary(doc: OpenApiDocument, given: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!given || typeof given !== 'object') return fc.jsonValue({maxDepth: 2});
  // `not: {const}` beside a `$ref` (the `$ref` is followed below, its siblings are read here)
  const excluded = ((given.not ?? resolveRef(doc, given).not) as Schema | undefined)?.const;
  if (excluded !== undefined) {
    const {not, ...rest} = resolveRef(doc, given.$ref ? {...given, $ref: undefined} : given);
    void not;
    const base = given.$ref ? {...resolveRef(doc, {$ref: given.$ref}), ...rest} : rest;
    return schemaArbitrary(doc, base, depth).filter((value) => value !== excluded);
  }
  const schema = resolveRef(doc, given);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches?.length && !schema.properties && !schema.type) {
    return fc.oneof(...branches.map((branch) => schemaArbitrary(doc, branch, depth)));
  }
  const type = [schema.type ?? (schema.properties || schema.allOf ? 'object' : undefined)].flat()[0];
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS));
      if (depth >= MAX_DEPTH && minLength === 0) return fc.constant([]);
      return fc.array(schemaArbitrary(doc, schema.items, depth + 1), {minLength, maxLength});
    }
    case 'object': {
      const {properties, required} = objectParts(doc, schema);
      if (!Object.keys(properties).length && typeof schema.additionalProperties === 'object') {
        const values = schemaArbitrary(doc, schema.additionalProperties, depth + 1);
        return fc.dictionary(fc.string({minLength: 1, maxLength: 8}), values, {maxKeys: depth < MAX_DEPTH ? 3 : 0});
      }
      // oneOf branches name the properties that exclude each other (`required: [iata]` or `[entityId]`),
      // or are whole objects of their own (a hotel filter): one branch is drawn, the others' names left out
      const branches = (schema.oneOf ?? []).map((branch) => resolveRef(doc, branch));
      const exclusive = new Set(branches.flatMap((branch) => (branch.properties ? [] : (branch.required ?? []))));
      const variant = (branch?: Schema) => {
        const own = {...properties, ...(branch?.properties ?? {})};
        const needed = new Set([...required, ...(branch?.required ?? [])]);
        const names = Object.keys(own).filter(
          (name) =>
            !forbidden(doc, own[name]) &&
            (!exclusive.has(name) || needed.has(name)) &&
            (depth < MAX_DEPTH || needed.has(name)),
        );
        return fc.record(Object.fromEntries(names.map((name) => [name, schemaArbitrary(doc, own[name], depth + 1)])), {
          requiredKeys: names.filter((name) => needed.has(name)),
        }) as fc.Arbitrary<unknown>;
      };
      return branches.length ? fc.oneof(...branches.map(variant)) : variant();
    }
    default:
      return fc.jsonValue({maxDepth: 2});
  }
}
