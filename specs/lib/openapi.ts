/**
 * Walking an OpenAPI 3.1 document: its operations, local `$ref`s, examples, and the field names and
 * enums its schemas hold. Pure functions on a parsed document (no file system), so the same code runs
 * in Node (the site's build, the sandbox, the MCP server, the tests) and in a browser (the console).
 */

/** The HTTP methods an OpenAPI path item can hold, in the order of the OpenAPI specification. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A JSON Schema as the specs write it (the keywords this library reads). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  'x-enumDescriptions'?: Record<string, string>;
  'x-validation'?: unknown;
  [keyword: string]: unknown;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, {$ref?: string; value?: unknown; summary?: string}>;
}

export interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: Schema;
}

export interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

/** An operation as written in a document. */
export interface OperationObject {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: {$ref?: string; required?: boolean; content?: Record<string, MediaType>};
  responses: Record<string, Response>;
  [extension: `x-${string}`]: unknown;
}

/** The parts of an OpenAPI document this library reads. */
export interface OpenApiDocument {
  openapi?: string;
  info: {title: string; version: string; summary?: string; description?: string};
  servers?: {url: string; variables?: Record<string, unknown>}[];
  tags?: {name: string; description?: string}[];
  security?: Record<string, string[]>[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>> & {parameters?: Parameter[]}>;
  components?: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
    securitySchemes?: Record<string, {type?: string; in?: string; name?: string; $ref?: string}>;
    examples?: Record<string, {value?: unknown}>;
    [kind: string]: Record<string, unknown> | undefined;
  };
}

/** An operation of an API, with where it lives. */
export interface Operation extends OperationObject {
  /** The API's slug (`flights-live-pricing`). */
  slug: string;
  /** Upper case: `GET`, `POST`. */
  method: string;
  /** The path template: `/apiservices/v3/flights/live/search/poll/{sessionToken}`. */
  path: string;
  /** JSON pointer of the operation in its document: `#/paths/~1apiservices~1.../post`. */
  pointer: string;
}

/** Escapes one segment of a JSON pointer (RFC 6901), URI-encoded as in a `$ref`. */
export const pointerSegment = (segment: string): string =>
  encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** Every operation of a document, in path then method order. */
export function operations(slug: string, doc: OpenApiDocument): Operation[] {
  const found: Operation[] = [];
  for (const [apiPath, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      const pointer = `#/paths/${pointerSegment(apiPath)}/${method}`;
      found.push({...operation, slug, method: method.toUpperCase(), path: apiPath, pointer});
    }
  }
  return found;
}

/** Whether an operation overrides the document's security with `security: []` (no key needed). */
export const isOpen = (operation: OperationObject): boolean =>
  Array.isArray(operation.security) && operation.security.length === 0;

/** Follows a local `$ref` (`#/components/...`) inside a document, through chains of refs. */
export function resolveRef<T>(doc: OpenApiDocument, value: T): T {
  const ref = (value as {$ref?: string} | undefined)?.$ref;
  if (!ref) return value;
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are resolved, not ${ref}`);
  const target = ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  if (target === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  return resolveRef(doc, target as T);
}

/** A schema with its `$ref`s written out, except a schema met again inside itself. */
export function inlineRefs(doc: OpenApiDocument, schema: unknown, names: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(doc, item, names));
  if (!schema || typeof schema !== 'object') return schema;
  const {$ref, ...rest} = schema as Schema;
  const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlineRefs(doc, value, names)]));
  if (typeof $ref !== 'string') return own;
  const name = $ref.slice($ref.lastIndexOf('/') + 1);
  if (names.includes(name)) return {$ref, ...own, description: `The same ${name} as above (recursive).`};
  return {...(inlineRefs(doc, resolveRef(doc, {$ref}), [...names, name]) as object), ...own};
}

/** The parameters of an operation with their `$ref`s resolved. */
export const parametersOf = (doc: OpenApiDocument, operation: OperationObject): Parameter[] =>
  (operation.parameters ?? []).map((parameter) => resolveRef(doc, parameter));

/** The JSON media type of the request body, if the operation takes one. */
export const requestMedia = (doc: OpenApiDocument, operation: OperationObject): MediaType | undefined =>
  resolveRef(doc, operation.requestBody)?.content?.['application/json'];

/** The JSON media type of a response (`200` unless given), resolved. */
export const responseMedia = (
  doc: OpenApiDocument,
  operation: OperationObject,
  status = '200',
): MediaType | undefined => resolveRef(doc, operation.responses[status])?.content?.['application/json'];

/** Every example of a media type, by name (`example` is named "example"). */
export function mediaExamples(doc: OpenApiDocument, media: MediaType | undefined): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (!media) return found;
  if (media.example !== undefined) found.set('example', media.example);
  for (const [name, example] of Object.entries(media.examples ?? {})) {
    found.set(name, resolveRef(doc, example).value);
  }
  return found;
}

/** The first example of a media type, if it has one. */
export const firstExample = (doc: OpenApiDocument, media: MediaType | undefined): unknown =>
  [...mediaExamples(doc, media).values()][0];

/**
 * Visits every schema reachable from some roots, following local `$ref`s (each schema once), with
 * the property name it was reached by, if any.
 */
export function walkSchemas(
  doc: OpenApiDocument,
  roots: (Schema | undefined)[],
  visit: (schema: Schema, property?: string) => void,
): void {
  const seen = new Set<Schema>();
  const step = (schema: Schema | boolean | undefined, property?: string): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    visit(schema, property);
    if (schema.$ref) step(resolveRef(doc, {$ref: schema.$ref}) as Schema);
    for (const [name, child] of Object.entries(schema.properties ?? {})) step(child, name);
    for (const child of [schema.items, schema.additionalProperties]) step(child as Schema | boolean | undefined);
    for (const child of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) step(child);
  };
  roots.forEach((root) => step(root));
}

/** The schemas an operation takes and returns: its parameters, its request body, its success response. */
export function operationSchemas(doc: OpenApiDocument, operation: OperationObject): Schema[] {
  const parameters = parametersOf(doc, operation).map((parameter): Schema => ({
    properties: parameter.name ? {[parameter.name]: parameter.schema ?? {}} : {},
  }));
  return [...parameters, requestMedia(doc, operation)?.schema, responseMedia(doc, operation)?.schema].filter(
    (schema): schema is Schema => schema !== undefined,
  );
}

/** The field names and string enum values reachable from some schemas, in the order met. */
export function fieldsAndValues(
  doc: OpenApiDocument,
  roots: (Schema | undefined)[],
): {fields: string[]; values: string[]} {
  const fields = new Set<string>();
  const values = new Set<string>();
  walkSchemas(doc, roots, (schema, property) => {
    if (property) fields.add(property);
    for (const value of schema.enum ?? []) if (typeof value === 'string') values.add(value);
  });
  return {fields: [...fields], values: [...values]};
}

/** A named enum of a document's components, with each value's description. */
export interface EnumDefinition {
  name: string;
  description: string;
  values: {value: string; description: string}[];
}

/** The enums a document names in `components.schemas`, by schema name. */
export function namedEnums(doc: OpenApiDocument): Map<string, EnumDefinition> {
  const found = new Map<string, EnumDefinition>();
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    if (!Array.isArray(schema.enum)) continue;
    const descriptions = schema['x-enumDescriptions'] ?? {};
    found.set(name, {
      name,
      description: schema.description ?? '',
      values: schema.enum.map((value) => ({value: String(value), description: descriptions[String(value)] ?? ''})),
    });
  }
  return found;
}

/**
 * Every `examples: [...]` written on a schema or property of `components.schemas`, with the JSON
 * pointer of the schema that carries it (`#/components/schemas/Price/properties/amount`).
 */
export function schemaExamples(doc: OpenApiDocument): {pointer: string; examples: unknown[]}[] {
  const found: {pointer: string; examples: unknown[]}[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (Array.isArray(schema.examples) && (schema.type || schema.$ref))
      found.push({pointer, examples: schema.examples});
    for (const [key, child] of Object.entries(schema)) {
      if (key !== 'examples' && key !== 'example')
        walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(doc.components?.schemas, '#/components/schemas');
  return found;
}
