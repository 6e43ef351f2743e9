/**
 * Reading requests the way the specifications describe them: which header carries the key, the
 * `x-validation` notes a document keeps for rules JSON Schema cannot say, where in a request value a
 * schema applies, and the protobuf-JSON leniency of the service (snake_case field names, integers in
 * strings) turned into the canonical form the schemas validate. Pure, like `openapi.ts`.
 */
import {pointerSegment, resolveRef, type OpenApiDocument, type OperationObject, type Schema} from './openapi';

/** The headers that carry an API key an operation requires (none when it is open, `security: []`). */
export function securityHeaders(doc: OpenApiDocument, operation: OperationObject): string[] {
  const requirements = operation.security ?? doc.security ?? [];
  const headers = new Set<string>();
  for (const requirement of requirements) {
    for (const name of Object.keys(requirement)) {
      const scheme = resolveRef(doc, doc.components?.securitySchemes?.[name]);
      if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name) headers.add(scheme.name.toLowerCase());
    }
  }
  return [...headers];
}

/** One `x-validation` list of a document, with the JSON pointer of the object that carries it. */
export interface ValidationNotes {
  pointer: string;
  notes: string[];
}

/** Every `x-validation` list of a document (on schemas, properties, parameters and operations). */
export function validationNotes(doc: OpenApiDocument): ValidationNotes[] {
  const found: ValidationNotes[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'x-validation') {
        const notes = (Array.isArray(child) ? child : [child]).map(String);
        found.push({pointer, notes});
      } else if (key !== 'examples' && key !== 'example') {
        walk(child, `${pointer}/${pointerSegment(key)}`);
      }
    }
  };
  walk(doc, '#');
  return found;
}

/** A place in a JSON value: object keys and array indexes from its root. */
export type ValuePath = (string | number)[];

/** A value path written for people: `query.queryLegs[1].date`. */
export const fieldName = (path: ValuePath): string =>
  path.reduce<string>(
    (name, step) => (typeof step === 'number' ? `${name}[${step}]` : name ? `${name}.${step}` : step),
    '',
  );

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schemas a schema combines with (`allOf`, `oneOf`, `anyOf`), itself first, `$ref`s followed. */
function branches(doc: OpenApiDocument, schema: Schema | boolean | undefined): Schema[] {
  const found: Schema[] = [];
  const step = (node: Schema | boolean | undefined): void => {
    if (!node || typeof node !== 'object' || found.includes(node)) return;
    found.push(node);
    if (node.$ref) step(resolveRef(doc, {$ref: node.$ref}) as Schema);
    for (const child of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])]) step(child);
  };
  step(schema);
  return found;
}

/**
 * Every place in `value` where the schema `target` applies, walking `value` from the schema `root`
 * through `$ref`s, `allOf`/`oneOf`/`anyOf` branches, properties, `additionalProperties` and items.
 * `target` is a schema object of the document, e.g. `resolveRef(doc, {$ref: pointer})`.
 */
export function instancesOf(
  doc: OpenApiDocument,
  root: Schema | undefined,
  value: unknown,
  target: Schema,
): {path: ValuePath; value: unknown}[] {
  const found = new Map<string, {path: ValuePath; value: unknown}>();
  const visit = (schema: Schema | boolean | undefined, node: unknown, path: ValuePath): void => {
    for (const branch of branches(doc, schema)) {
      if (branch === target) found.set(JSON.stringify(path), {path, value: node});
      if (isObject(node)) {
        for (const [key, child] of Object.entries(node)) {
          const property =
            branch.properties && Object.hasOwn(branch.properties, key) ? branch.properties[key] : undefined;
          if (property) visit(property, child, [...path, key]);
          else if (typeof branch.additionalProperties === 'object')
            visit(branch.additionalProperties, child, [...path, key]);
        }
      } else if (Array.isArray(node) && branch.items) {
        node.forEach((child, index) => visit(branch.items, child, [...path, index]));
      }
    }
  };
  visit(root, value, []);
  return [...found.values()];
}

/** `itinerary_id` → `itineraryId`. */
export const camelCase = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const schemaTypes = (schemas: Schema[]): Set<string> =>
  new Set(schemas.flatMap((schema) => (schema.type === undefined ? [] : [schema.type].flat())));

/**
 * A request value as the service reads it (protobuf JSON), turned into the canonical form its schema
 * describes: a field also sent by its snake_case name (`itinerary_id`) takes its camelCase name, and
 * an integer or number sent as a JSON string (`"2027"`) becomes the number. Values the schema does
 * not describe are left as they are, for the validator to judge.
 */
export function canonicalJson(doc: OpenApiDocument, schema: Schema | undefined, value: unknown): unknown {
  const all = branches(doc, schema);
  if (typeof value === 'string') {
    const types = schemaTypes(all);
    if (types.has('string')) return value;
    if (types.has('integer') && /^-?\d+$/.test(value.trim()) && Number.isSafeInteger(Number(value))) {
      return Number(value);
    }
    if (types.has('number') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.trim())) return Number(value);
    return value;
  }
  if (Array.isArray(value)) {
    const items = all.find((branch) => branch.items)?.items;
    return items ? value.map((item) => canonicalJson(doc, items, item)) : value;
  }
  if (!isObject(value)) return value;
  const properties: Record<string, Schema> = {};
  for (const branch of all) Object.assign(properties, branch.properties ?? {});
  const additional = all.find((branch) => typeof branch.additionalProperties === 'object')?.additionalProperties as
    Schema | undefined;
  const canonical: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const name = Object.hasOwn(properties, key)
      ? key
      : Object.hasOwn(properties, camelCase(key))
        ? camelCase(key)
        : key;
    // When a field is sent under both names, the canonical name wins.
    if (name !== key && Object.hasOwn(value, name)) continue;
    const childSchema = Object.hasOwn(properties, name) ? properties[name] : additional;
    // defineProperty: a field named `__proto__` stays a field.
    Object.defineProperty(canonical, name, {
      value: childSchema ? canonicalJson(doc, childSchema, child) : child,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return canonical;
}
