/**
 * Validates JSON values against the specifications' schemas with Ajv (OpenAPI 3.1 is JSON Schema
 * 2020-12). Each document is registered under its slug, so a schema is compiled from a pointer into
 * its own document and its `$ref`s resolve there; compiled validators are cached.
 */
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {specFormats} from './formats';
import {operations, pointerSegment, resolveRef, type OpenApiDocument, type Operation} from './openapi';
import {fieldName, type ValuePath} from './requests';

export interface ValidationResult {
  valid: boolean;
  /** `<instance path> <message>`, one per failing rule. */
  errors: string[];
}

/**
 * The options of `createAjv`'s Ajv (./standalone.ts adds its `code` options). `verbose` gives each error the
 * failing schema and value, which the message of a `not` names (`messageOf`).
 */
export const ajvOptions = {strict: false, allErrors: true, validateSchema: false, verbose: true} as const;

/** Ajv set up for the specs: 2020-12, every error, and OpenAPI's number formats checked. */
export function createAjv(options: ConstructorParameters<typeof Ajv2020>[0] = {}): Ajv2020 {
  const ajv = new Ajv2020({...ajvOptions, ...options});
  addFormats(ajv);
  for (const [name, format] of Object.entries(specFormats)) ajv.addFormat(name, format);
  return ajv;
}

/** Enums longer than this are announced with their count before the list. */
const shortEnum = 8;

/** A value of an enum as a message shows it: names bare (`CABIN_CLASS_ECONOMY`), anything else as JSON. */
const enumValue = (value: unknown): string =>
  typeof value === 'string' && /^[\w.:/-]+$/.test(value) ? value : JSON.stringify(value);

/** A protobuf enum's zero value, which the specs refuse with `not` (specs/CONVENTIONS.md: `..._UNSPECIFIED`). */
const zeroValue = /^[A-Z][A-Z0-9_]*_UNSPECIFIED$/;

/**
 * The message of a `not` (Ajv's "must NOT be valid" names neither the value nor why): the value the
 * `not` refuses, and that it is the zero value when it is one (`must not be CABIN_CLASS_UNSPECIFIED:
 * the zero value is not accepted`); for `not: {}`, a field never to be sent, the description of the
 * schema that holds it. Needs Ajv's `verbose` errors (`ajvOptions`), else Ajv's message.
 */
function notMessage(error: ErrorObject): string {
  if (!('schema' in error)) return error.message ?? 'is invalid';
  const objectOr = (schema: unknown): Record<string, unknown> =>
    typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>) : {};
  // `not: true` (or `{}`) refuses any value; `not: false` is never reported
  const refused = objectOr(error.schema);
  const parent = objectOr(error.parentSchema);
  const single = 'const' in refused ? [refused.const] : Array.isArray(refused.enum) ? refused.enum : [];
  if (single.length === 1) {
    const [value] = single;
    return `must not be ${enumValue(value)}${typeof value === 'string' && zeroValue.test(value) ? ': the zero value is not accepted' : ''}`;
  }
  if (Object.keys(refused).length && (error.data === null || typeof error.data !== 'object')) {
    return `must not be ${enumValue(error.data)}`;
  }
  const why = typeof parent.description === 'string' ? parent.description.replace(/\s+/g, ' ').trim() : '';
  return why ? `must not be sent here. ${why}` : 'must not be sent here';
}

/**
 * The message of one Ajv error: Ajv's own, except for `enum` and `const`, whose "must be equal to one
 * of the allowed values" and "must be equal to constant" name none, and `not` (`notMessage`). There the
 * allowed values are listed, all of them, announced with their count when there are more than eight
 * (`must be one of the 21 allowed values: A, B, ...`).
 */
export function messageOf(error: ErrorObject): string {
  const params = error.params as {allowedValues?: unknown; allowedValue?: unknown};
  if (error.keyword === 'not') return notMessage(error);
  if (error.keyword === 'additionalProperties' && 'additionalProperty' in error.params) return 'is not a field here';
  if (error.keyword === 'const' && 'allowedValue' in params) return `must be ${enumValue(params.allowedValue)}`;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues as unknown[];
    const list = allowed.map(enumValue).join(', ');
    if (allowed.length === 1) return `must be ${list}`;
    return allowed.length > shortEnum
      ? `must be one of the ${allowed.length} allowed values: ${list}`
      : `must be one of ${list}`;
  }
  return error.message ?? 'is invalid';
}

/**
 * Validators compiled ahead of time, by `<slug><pointer>` (Ajv standalone code, ./standalone.ts), for a runtime
 * that may not compile: Cloudflare Workers and the site's pages allow no code generation from strings.
 */
export type PrecompiledValidators = ReadonlyMap<string, ValidateFunction>;

export class SpecValidator {
  readonly ajv: Ajv2020;
  /** Every operation of every document, by operationId (unique across the specs). */
  readonly operations = new Map<string, Operation>();
  private readonly compiled = new Map<string, ValidateFunction>();

  /** `precompiled`: used instead of compiling the schemas they cover (the others compile on first use). */
  constructor(
    readonly specs: Map<string, OpenApiDocument>,
    precompiled?: PrecompiledValidators,
  ) {
    this.ajv = createAjv();
    for (const [ref, validate] of precompiled ?? []) this.compiled.set(ref, validate);
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
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${messageOf(error)}`);
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

/** One failing rule of a request: the field (`query.queryLegs[0].date`), the rule, and what is wrong. */
export interface ValidationIssue {
  /** The field in people's notation (`query.market`, `childrenAges[2]`); `''` for the whole body. */
  field: string;
  /** The JSON Schema keyword that failed (`required`, `minimum`, `oneOf`, ...). */
  rule: string;
  message: string;
}

/** Ajv's errors as issues, one per field, rule and message. */
export function issuesOf(errors: ErrorObject[] | null | undefined, prefix: ValuePath = []): ValidationIssue[] {
  const seen = new Map<string, ValidationIssue>();
  for (const error of errors ?? []) {
    // A key `propertyNames` refuses is named by its own error (below); Ajv's summary of it says less
    if (error.keyword === 'propertyNames') continue;
    const path: ValuePath = [
      ...prefix,
      ...error.instancePath
        .split('/')
        .slice(1)
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
        .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
    ];
    const {missingProperty: missing, additionalProperty: extra} = error.params as {
      missingProperty?: string;
      additionalProperty?: string;
    };
    if (error.keyword === 'required' && missing) path.push(missing);
    // A field the schema does not take is named, as a missing one is: `colour is not a field here`
    if (error.keyword === 'additionalProperties' && extra !== undefined) path.push(extra);
    // A key `propertyNames` refuses (Ajv gives its error the key): the key is the field, its name what is wrong
    const key = (error as ErrorObject & {propertyName?: string}).propertyName;
    if (key !== undefined) path.push(key);
    const message = key === undefined ? messageOf(error) : `is not an allowed name here: ${messageOf(error)}`;
    const issue = {field: fieldName(path), rule: error.keyword, message};
    seen.set(`${issue.field} ${issue.rule} ${issue.message}`, issue);
  }
  return [...seen.values()];
}

/** The values of an operation's parameters, by where they are sent. */
export interface ParameterValues {
  path?: Record<string, string>;
  query?: Record<string, string>;
  header?: Record<string, string>;
}

/**
 * Validates the parameters of an operation: required ones present, each value (a string, turned into
 * the integer, number or boolean its schema declares) against its schema. Parameter names are the
 * issues' fields. Returns the typed values by name.
 */
export function validateParameters(
  validator: SpecValidator,
  operationId: string,
  values: ParameterValues,
): {issues: ValidationIssue[]; values: Record<string, unknown>} {
  const operation = validator.operation(operationId);
  const doc = validator.specs.get(operation.slug)!;
  const issues: ValidationIssue[] = [];
  const typed: Record<string, unknown> = {};
  (operation.parameters ?? []).forEach((declared, index) => {
    const parameter = resolveRef(doc, declared);
    if (!parameter.name || !parameter.in) return;
    const sent = parameter.in === 'header' ? values.header?.[parameter.name.toLowerCase()] : undefined;
    const raw =
      sent ?? (values[parameter.in as keyof ParameterValues] as Record<string, string> | undefined)?.[parameter.name];
    if (raw === undefined) {
      if (parameter.required) {
        issues.push({field: parameter.name, rule: 'required', message: `${parameter.in} parameter is required`});
      }
      return;
    }
    const schemaPointer = parameterSchemaPointer(operation, declared, index);
    const type = parameter.schema ? [resolveRef(doc, parameter.schema).type].flat() : [];
    let value: unknown = raw;
    if ((type.includes('integer') || type.includes('number')) && raw.trim() !== '' && !Number.isNaN(Number(raw))) {
      value = Number(raw);
    } else if (type.includes('boolean') && (raw === 'true' || raw === 'false')) {
      value = raw === 'true';
    }
    const validate = validator.validatorAt(operation.slug, schemaPointer);
    if (!validate(value)) issues.push(...issuesOf(validate.errors, [parameter.name]));
    typed[parameter.name] = value;
  });
  return {issues, values: typed};
}

/** The pointer of the schema of an operation's parameter, as declared at `index` of its `parameters`. */
const parameterSchemaPointer = (operation: Operation, declared: {$ref?: string}, index: number): string =>
  declared.$ref ? `${declared.$ref}/schema` : `${operation.pointer}/parameters/${index}/schema`;

/**
 * The `<slug><pointer>` of every schema `validateParameters` and `requestIssues` compile for an operation: what a
 * build precompiles for a runtime that cannot compile (the sandbox's Worker).
 */
export function requestSchemaRefs(validator: SpecValidator, operationId: string): string[] {
  const operation = validator.operation(operationId);
  const doc = validator.specs.get(operation.slug)!;
  const pointers = (operation.parameters ?? []).flatMap((declared, index) =>
    resolveRef(doc, declared).schema ? [parameterSchemaPointer(operation, declared, index)] : [],
  );
  if (operation.requestBody?.content?.['application/json']) pointers.push(validator.requestPointer(operationId));
  return pointers.map((pointer) => `${operation.slug}${pointer}`);
}

/** Validates a request body of an operation, as issues (an empty list when it is valid). */
export function requestIssues(validator: SpecValidator, operationId: string, body: unknown): ValidationIssue[] {
  const operation = validator.operation(operationId);
  const validate = validator.validatorAt(operation.slug, validator.requestPointer(operationId));
  return validate(body) ? [] : issuesOf(validate.errors);
}
