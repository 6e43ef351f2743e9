/**
 * The validation step: the parameters and the JSON body read the way the service reads them
 * (protobuf JSON: snake_case names and integers as strings made canonical, `canonicalJson`), validated
 * with Ajv against the operation's schemas, then the x-validation constraints JSON Schema cannot say
 * (constraints.ts); in strict mode, body fields the schema does not declare are refused too. A failing
 * request answers 400 naming each field and constraint; a valid one leaves its typed parameters and
 * canonical body, frozen, in `context.var.checked`. The outcome is kept (answers.ts) per operation,
 * behaviour, UTC day, URL, content type and body text, so a request sent again is not checked again.
 */
import type {Context} from 'hono';
import {createMiddleware} from 'hono/factory';
import {
  canonicalJson,
  fieldName,
  instancesOf,
  requestIssues,
  SpecValidator,
  undeclaredFields,
  validateParameters,
  type OpenApiDocument,
  type Schema,
  type ValidationIssue,
} from '@portal/specs';
import {cached, keep} from '../answers';
import {badRequest, SandboxError, type FieldViolation} from '../errors';
import {stableStringify} from '../random';
import type {Behaviour} from '../services/types';
import type {Checked, Route, SandboxEnv} from './env';

/** Request bodies larger than this answer 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** JSON nested deeper than this answers 400 (the specs' bodies nest a few levels). */
export const MAX_DEPTH = 32;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ValidateOptions {
  validator: SpecValidator;
  /** The app's clock: the constraints that read the date compare with it. */
  now: () => number;
  /** Also refuse body fields the schema does not declare (`SandboxOptions.strict` of app.ts). */
  strict: boolean;
}

/** What checking a request gave: its failing fields, or what the handler gets. */
type Outcome = {violations: FieldViolation[]} | Checked;

const violationsOf = (issues: ValidationIssue[]): FieldViolation[] =>
  issues.map((issue) => ({field: issue.field, description: issue.message, reason: issue.rule}));

/** The deepest nesting of a JSON text, counted without parsing it. */
function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}

/**
 * The request body as text (undefined when empty): 413 past MAX_BODY_BYTES, 400 when not UTF-8. Not Hono's
 * `bodyLimit`: it reads `request.body`, which makes @hono/node-server build a full Request with a stream for
 * every call; measured, that halved a validated create's throughput on Node (bench/README.md, "before and
 * after the package split, and Hono's bodyLimit").
 */
async function readBody(request: Request): Promise<string | undefined> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) throw new SandboxError(413, `Request body too large: at most ${MAX_BODY_BYTES} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.headers.has('content-length')) {
    // A declared length of at most MAX_BODY_BYTES (HTTP servers refuse a body longer than it declares):
    // read at once, which @hono/node-server does without building a stream (src/node.ts)
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length > MAX_BODY_BYTES)
      throw new SandboxError(413, `Request body too large: at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(bytes);
    size = bytes.length;
  } else if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw new SandboxError(413, `Request body too large: at most ${MAX_BODY_BYTES} bytes`);
      }
      chunks.push(value);
    }
  }
  if (size === 0) return undefined;
  try {
    const bytes = chunks.length === 1 ? chunks[0] : new Uint8Array(size);
    if (chunks.length > 1) {
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
    }
    return new TextDecoder('utf-8', {fatal: true, ignoreBOM: false}).decode(bytes);
  } catch {
    throw badRequest([{field: '', description: 'the body is not UTF-8', reason: 'encoding'}]);
  }
}

/** A body's JSON value: 400 for another content type, JSON nested deeper than MAX_DEPTH, or malformed JSON. */
function parseJson(text: string, type: string): unknown {
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw badRequest([
      {
        field: '',
        description: `the body's Content-Type must be application/json, not "${type}"`,
        reason: 'content-type',
      },
    ]);
  }
  if (depthOf(text) > MAX_DEPTH) {
    throw badRequest([
      {field: '', description: `the body is JSON nested deeper than ${MAX_DEPTH} levels`, reason: 'depth'},
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest([
      {field: '', description: `the body is malformed JSON: ${(error as Error).message}`, reason: 'json'},
    ]);
  }
}

/** What `checkBody` needs of an operation: where its schema is, and its id. */
export interface BodyOperation {
  doc: OpenApiDocument;
  operationId: string;
  bodySchema: Schema | undefined;
}

/**
 * A JSON request body read and checked as this step checks one, for an API the sandbox does not serve itself
 * (the integration check's own, check/src/hosted/api.ts): the content type, the depth and syntax, protobuf JSON's
 * canonical form, then the operation's schema with Ajv. The canonical value, or a `SandboxError` 400 naming each
 * failing field as the sandbox names them.
 */
export function checkBody(validator: SpecValidator, operation: BodyOperation, text: string, type: string): unknown {
  const body = canonicalJson(operation.doc, operation.bodySchema, parseJson(text, type));
  const violations = violationsOf(requestIssues(validator, operation.operationId, body));
  if (violations.length) throw badRequest(violations);
  return body;
}

/** The field name (`query.queryLegs[0].date`) of a JSON pointer into a value. */
function fieldAt(value: unknown, pointer: string): string {
  const path: (string | number)[] = [];
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const step = Array.isArray(node) ? Number(segment) : segment;
    path.push(step);
    node = (node as Record<string | number, unknown> | undefined)?.[step];
  }
  return fieldName(path);
}

/** An object and everything in it made read-only: checked requests are shared by every call that sends the same. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** Parses, validates and checks a request against its operation: the failing fields, or what the handler gets. */
function check(
  options: ValidateOptions,
  route: Route,
  context: Context<SandboxEnv>,
  text: string | undefined,
  behaviour: Behaviour | undefined,
): Outcome {
  const request = context.req.raw;
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, name) => {
    query[name] ??= value;
  });
  const parameters = validateParameters(options.validator, route.operation.operationId, {
    path: context.var.pathParams ?? (context.req.param() as Record<string, string>),
    query,
  });
  const violations = violationsOf(parameters.issues);

  let body: unknown;
  if (route.bodySchema) {
    if (text === undefined && route.bodyRequired) {
      violations.push({field: '', description: 'a JSON request body is required', reason: 'required'});
    } else if (text !== undefined) {
      let raw: unknown;
      try {
        raw = parseJson(text, request.headers.get('content-type') ?? '');
      } catch (error) {
        if (error instanceof SandboxError) return {violations: error.violations};
        throw error;
      }
      body = canonicalJson(route.doc, route.bodySchema, raw);
      violations.push(...violationsOf(requestIssues(options.validator, route.operation.operationId, body)));
      if (options.strict) {
        for (const pointer of undeclaredFields(route.doc, route.bodySchema, body)) {
          const field = fieldAt(body, pointer);
          violations.push({field, description: `${field} is not a field of the request body`, reason: 'undeclared'});
        }
      }
    }
  }
  if (!violations.length) {
    for (const {constraint, target, parameter} of route.constraints) {
      const found = parameter
        ? parameter in parameters.values
          ? [{path: [parameter], value: parameters.values[parameter]}]
          : []
        : body === undefined
          ? []
          : instancesOf(route.doc, route.bodySchema, body, target);
      for (const instance of found) {
        const base = fieldName(instance.path);
        for (const violation of constraint.check(instance.value, {now: options.now(), schema: target})) {
          violations.push({...violation, field: `${base}${violation.field}`.replace(/^\./, '')});
        }
      }
    }
  }
  if (violations.length) return {violations};
  return {
    params: deepFreeze(parameters.values),
    body: deepFreeze(body ?? {}),
    answerKey: `answer ${specsId(options.validator.specs)} ${route.operation.operationId} ${behaviour ?? ''} ${stableStringify(parameters.values)} ${stableStringify(body ?? {})}`,
  };
}

/**
 * A number per set of specifications: checks and answers are kept by it too, so that apps made on other
 * bundles in one process (a test that changes a spec) never take each other's kept checks or answers.
 */
const specsIds = new WeakMap<object, number>();
let specsCount = 0;
const specsId = (specs: object): number => {
  let id = specsIds.get(specs);
  if (id === undefined) specsIds.set(specs, (id = ++specsCount));
  return id;
};

export const validate = (options: ValidateOptions) =>
  createMiddleware<SandboxEnv>(async (context, next) => {
    const route = context.var.route;
    const behaviour = context.var.behaviour;
    const request = context.req.raw;
    const text = route.bodySchema ? await readBody(request) : undefined;
    // The same request checks the same on the same UTC day (the x-validation constraints read the clock to the day)
    const type = text === undefined ? '' : (request.headers.get('content-type') ?? '');
    const checkKey = `check${options.strict ? ' strict' : ''} ${specsId(options.validator.specs)} ${route.operation.operationId} ${behaviour ?? ''} ${Math.floor(options.now() / DAY_MS)} ${request.url} ${type}\n${text ?? ''}`;
    let outcome = cached(checkKey) as Outcome | undefined;
    if (!outcome) {
      outcome = check(options, route, context, text, behaviour);
      keep(checkKey, outcome);
    }
    if ('violations' in outcome) throw badRequest(outcome.violations);
    context.set('checked', outcome);
    await next();
  });
