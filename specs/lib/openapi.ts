/**
 * Reads the bundled specifications (`specs/dist/<slug>.json`, made by `npm run specs:bundle`) and
 * validates JSON values against their schemas with Ajv (OpenAPI 3.1 = JSON Schema 2020-12). The
 * tests of the specs and of the guides' examples use it; so can a sandbox or a try-it console.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export const specsDir = path.resolve(__dirname, '..');
/** The bundles; the website serves this folder's `openapi/` as `/openapi/<slug>.json`. */
export const distDir = path.join(specsDir, 'dist', 'openapi');

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The parts of an OpenAPI document this module reads. */
export interface OpenApiDocument {
  info: {title: string; version: string; description?: string};
  tags?: {name: string; description?: string}[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

export interface MediaType {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, {$ref?: string; value?: unknown; summary?: string}>;
}

export interface Operation {
  slug: string;
  method: string;
  path: string;
  operationId: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: {$ref?: string; name?: string; in?: string; example?: unknown; schema?: unknown}[];
  requestBody?: {content?: Record<string, MediaType>};
  responses: Record<string, {$ref?: string; content?: Record<string, MediaType>}>;
  /** JSON pointer of the operation inside its document. */
  pointer: string;
}

/** The bundled specifications by slug. Fails with the command to run when none are bundled. */
export function loadBundledSpecs(): Map<string, OpenApiDocument> {
  if (!fs.existsSync(distDir)) {
    throw new Error(`No bundled specifications in ${distDir}: run \`npm run specs:bundle\` first.`);
  }
  const specs = new Map<string, OpenApiDocument>();
  for (const file of fs.readdirSync(distDir).sort()) {
    if (file.endsWith('.json')) {
      specs.set(file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(distDir, file), 'utf8')));
    }
  }
  return specs;
}

/** The slugs that have an authored specification `specs/<slug>/openapi.yaml`. */
export function authoredSlugs(): string[] {
  return fs
    .readdirSync(specsDir)
    .filter((name) => fs.existsSync(path.join(specsDir, name, 'openapi.yaml')))
    .sort();
}

const escapePointer = (segment: string): string => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

export function operations(slug: string, doc: OpenApiDocument): Operation[] {
  const found: Operation[] = [];
  for (const [apiPath, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) {
      const operation = item[method] as Omit<Operation, 'slug' | 'method' | 'path' | 'pointer'> | undefined;
      if (operation) {
        const pointer = `#/paths/${escapePointer(apiPath)}/${method}`;
        found.push({...operation, slug, method: method.toUpperCase(), path: apiPath, pointer});
      }
    }
  }
  return found;
}

/** Follows a local `$ref` (`#/components/...`) inside a document. */
export function resolveRef<T>(doc: OpenApiDocument, value: T): T {
  const ref = (value as {$ref?: string} | undefined)?.$ref;
  if (!ref) return value;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  if (target === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  return resolveRef(doc, target as T);
}

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

export interface ValidationResult {
  valid: boolean;
  errors: string[];
}

/**
 * Validates values against the specifications' schemas. Every document is registered under its
 * slug, so a schema is compiled from a pointer into its own document and its `$ref`s resolve there.
 */
export class SpecValidator {
  readonly ajv: Ajv2020;
  readonly operations = new Map<string, Operation>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly specs: Map<string, OpenApiDocument>) {
    this.ajv = new Ajv2020({strict: false, allErrors: true, validateSchema: false});
    addFormats(this.ajv);
    const int = (bits: number) => (value: number) =>
      Number.isInteger(value) && value >= -(2 ** (bits - 1)) && value < 2 ** (bits - 1);
    this.ajv.addFormat('int32', {type: 'number', validate: int(32)});
    this.ajv.addFormat('int64', {type: 'number', validate: int(64)});
    this.ajv.addFormat('float', {type: 'number', validate: () => true});
    this.ajv.addFormat('double', {type: 'number', validate: () => true});
    for (const [slug, doc] of specs) {
      this.ajv.addSchema(doc as object, slug);
      for (const operation of operations(slug, doc)) {
        const clash = this.operations.get(operation.operationId);
        if (clash) throw new Error(`operationId ${operation.operationId} is in both ${clash.slug} and ${slug}`);
        this.operations.set(operation.operationId, operation);
      }
    }
  }

  private validateAt(slug: string, pointer: string, value: unknown): ValidationResult {
    const ref = `${slug}${pointer}`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({$ref: ref});
      this.compiled.set(ref, validate);
    }
    const valid = validate(value) as boolean;
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
    return {valid, errors};
  }

  operation(operationId: string): Operation {
    const operation = this.operations.get(operationId);
    if (!operation) {
      const known = [...this.operations.keys()].sort().join(', ');
      throw new Error(`No operation ${operationId} in the bundled specifications (known: ${known})`);
    }
    return operation;
  }

  /** Validates a request body of an operation. */
  request(operationId: string, body: unknown): ValidationResult {
    const operation = this.operation(operationId);
    if (!operation.requestBody?.content?.['application/json']) {
      throw new Error(`${operationId} takes no JSON request body`);
    }
    return this.validateAt(operation.slug, `${operation.pointer}/requestBody/content/application~1json/schema`, body);
  }

  /** Validates a response body of an operation for a status ('200' unless given). */
  response(operationId: string, body: unknown, status = '200'): ValidationResult {
    const operation = this.operation(operationId);
    const doc = this.specs.get(operation.slug)!;
    const declared = operation.responses[status];
    if (!declared) throw new Error(`${operationId} documents no ${status} response`);
    const ref = declared.$ref;
    const pointer = ref
      ? `${ref.replace(/^#/, '#')}/content/application~1json/schema`
      : `${operation.pointer}/responses/${status}/content/application~1json/schema`;
    if (!resolveRef(doc, declared).content?.['application/json']) {
      throw new Error(`${operationId} ${status} has no JSON body`);
    }
    return this.validateAt(operation.slug, pointer, body);
  }

  /** Validates a value against a named component schema (e.g. `Error`, `Price`). */
  schema(name: string, value: unknown): ValidationResult {
    for (const [slug, doc] of this.specs) {
      if (doc.components?.schemas?.[name]) return this.validateAt(slug, `#/components/schemas/${name}`, value);
    }
    throw new Error(`No schema ${name} in the bundled specifications`);
  }
}
