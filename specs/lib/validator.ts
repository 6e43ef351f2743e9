/**
 * Validates JSON values against the specifications' schemas with Ajv (OpenAPI 3.1 is JSON Schema
 * 2020-12). Each document is registered under its slug, so a schema is compiled from a pointer into
 * its own document and its `$ref`s resolve there; compiled validators are cached.
 */
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {operations, pointerSegment, resolveRef, type OpenApiDocument, type Operation} from './openapi';

export interface ValidationResult {
  valid: boolean;
  /** `<instance path> <message>`, one per failing rule. */
  errors: string[];
}

/** Ajv set up for the specs: 2020-12, every error, and OpenAPI's number formats checked. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({strict: false, allErrors: true, validateSchema: false});
  addFormats(ajv);
  const int = (bits: number) => (value: number) =>
    Number.isInteger(value) && value >= -(2 ** (bits - 1)) && value < 2 ** (bits - 1);
  ajv.addFormat('int32', {type: 'number', validate: int(32)});
  ajv.addFormat('int64', {type: 'number', validate: int(64)});
  ajv.addFormat('float', {type: 'number', validate: () => true});
  ajv.addFormat('double', {type: 'number', validate: () => true});
  return ajv;
}

export class SpecValidator {
  readonly ajv: Ajv2020;
  /** Every operation of every document, by operationId (unique across the specs). */
  readonly operations = new Map<string, Operation>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly specs: Map<string, OpenApiDocument>) {
    this.ajv = createAjv();
    for (const [slug, doc] of specs) {
      this.ajv.addSchema(doc as object, slug);
      for (const operation of operations(slug, doc)) {
        const clash = this.operations.get(operation.operationId);
        if (clash) throw new Error(`operationId ${operation.operationId} is in both ${clash.slug} and ${slug}`);
        this.operations.set(operation.operationId, operation);
      }
    }
  }

  /** The compiled validator of the schema at a pointer of an API's document (cached). */
  validatorAt(slug: string, pointer: string): ValidateFunction {
    const ref = `${slug}${pointer}`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({$ref: ref});
      this.compiled.set(ref, validate);
    }
    return validate;
  }

  /** Validates a value against the schema at a pointer of an API's document. */
  validateAt(slug: string, pointer: string, value: unknown): ValidationResult {
    const validate = this.validatorAt(slug, pointer);
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

  /** The pointer of an operation's JSON request body schema. */
  requestPointer(operationId: string): string {
    const operation = this.operation(operationId);
    if (!operation.requestBody?.content?.['application/json']) {
      throw new Error(`${operationId} takes no JSON request body`);
    }
    return `${operation.pointer}/requestBody/content/application~1json/schema`;
  }

  /** Validates a request body of an operation. */
  request(operationId: string, body: unknown): ValidationResult {
    return this.validateAt(this.operation(operationId).slug, this.requestPointer(operationId), body);
  }

  /** Validates a response body of an operation for a status ('200' unless given). */
  response(operationId: string, body: unknown, status = '200'): ValidationResult {
    const operation = this.operation(operationId);
    const doc = this.specs.get(operation.slug)!;
    const declared = operation.responses[status];
    if (!declared) throw new Error(`${operationId} documents no ${status} response`);
    if (!resolveRef(doc, declared).content?.['application/json']) {
      throw new Error(`${operationId} ${status} has no JSON body`);
    }
    const pointer = declared.$ref
      ? `${declared.$ref}/content/application~1json/schema`
      : `${operation.pointer}/responses/${pointerSegment(status)}/content/application~1json/schema`;
    return this.validateAt(operation.slug, pointer, body);
  }

  /** Validates a value against a named component schema (e.g. `Error`, `Price`) of the first document that has it. */
  schema(name: string, value: unknown): ValidationResult {
    for (const [slug, doc] of this.specs) {
      if (doc.components?.schemas?.[name]) return this.validateAt(slug, `#/components/schemas/${name}`, value);
    }
    throw new Error(`No schema ${name} in the bundled specifications`);
  }
}
