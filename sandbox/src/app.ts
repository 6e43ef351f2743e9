/**
 * The sandbox: one Fetch-API handler (Hono) serving every operation of the bundled specifications at
 * its real path. For each call, in order: the key (401 missing, 403 not a sandbox key), a scenario
 * asked for on purpose, the parameters and the JSON body (parsed the protobuf-JSON way, validated
 * with Ajv against the operation's schemas), the x-validation rules (`rules.ts`), then the API
 * family's service (`services/`). Every error answers the spec's error body. The bundles are an
 * argument, so Node (`node.ts`), a service worker (`browser.ts`) or an edge runtime can pass them in.
 */
import {Hono, type Context} from 'hono';
import {cors} from 'hono/cors';
import {
  canonicalJson,
  fieldName,
  instancesOf,
  operations,
  requestIssues,
  requestMedia,
  resolveRef,
  securityHeaders,
  SpecValidator,
  undeclaredFields,
  validateParameters,
  type OpenApiDocument,
  type Operation,
  type Schema,
  type ValidationIssue,
} from '@portal/specs';
import {answerBytes, cached, keep} from './answers';
import {badRequest, errorBody, errorTemplate, SandboxError, type FieldViolation} from './errors';
import {rules, type Rule} from './rules';
import {handlers} from './services';
import {stableStringify} from './random';
import type {Handler, Scenario} from './services/types';
import {TokenSigner, type TokenCodec} from './token';

export {handlers};

/** Keys the sandbox accepts start with this; no real key does. */
export const SANDBOX_KEY_PREFIX = 'sandbox_';
/** The header that asks for a scenario; `sandbox_scenario_<name>` keys ask the same. */
export const SCENARIO_HEADER = 'x-sandbox-scenario';
export const scenarios: Scenario[] = ['429', '500', '503', 'failed', 'slow', 'empty'];
/** Seconds a 429 asks to wait. */
export const RETRY_AFTER_SECONDS = 5;
/** Request bodies larger than this answer 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** JSON nested deeper than this answers 400 (the specs' bodies nest a few levels). */
export const MAX_DEPTH = 32;
/** The secret tokens are signed with unless one is given: tokens of the sandbox are not secrets. */
export const DEFAULT_SECRET = 'portal-sandbox-default-secret';

/** On every answer but preflights: any page may read it, and a 429's Retry-After. */
const CORS_HEADERS = {'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'retry-after'};
const JSON_HEADERS = {'Content-Type': 'application/json', ...CORS_HEADERS};
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SandboxOptions {
  /** The bundled specifications by slug (`loadBundles()` of `@portal/specs/node`). */
  bundles: Map<string, OpenApiDocument>;
  /** The HMAC secret of session tokens; instances that share it answer each other's polls. */
  secret?: string;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
  /** How tokens are deflated and signed: the Web platform's by default; `node.ts` passes `nodeTokenCodec`. */
  tokenCodec?: (secret: string) => TokenCodec;
  /**
   * Also refuse (400, reason `undeclared`) a body field its schema does not declare. The specs leave
   * request objects open, so a misspelled optional field (`includedCarrierIds`) passes their schemas and
   * would be dropped unnoticed; in strict mode it is named. Off by default, as the specs allow such fields.
   */
  strict?: boolean;
}

interface Route {
  operation: Operation;
  doc: OpenApiDocument;
  pattern: RegExp;
  handler: Handler;
  keyHeaders: string[];
  bodySchema?: Schema;
  bodyRequired: boolean;
  rules: {rule: Rule; target: Schema; parameter?: string}[];
}

const honoPath = (template: string): string => template.replace(/\{([^}]+)\}/g, ':$1');
const pathPattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

function buildRoutes(bundles: Map<string, OpenApiDocument>): Route[] {
  const routes: Route[] = [];
  for (const [slug, doc] of bundles) {
    for (const operation of operations(slug, doc)) {
      const handler = handlers[operation.operationId];
      if (!handler) throw new Error(`The sandbox has no handler for ${operation.operationId} (${slug})`);
      const media = requestMedia(doc, operation);
      const applying = rules.flatMap((rule) => {
        const [source] = rule.sources;
        if (source.slug !== slug) return [];
        const target = resolveRef(doc, {$ref: source.pointer}) as Schema;
        if (source.pointer.startsWith(`${operation.pointer}/parameters/`)) {
          return [{rule, target, parameter: (target as {name?: string}).name}];
        }
        return source.pointer.startsWith('#/components/') && media ? [{rule, target}] : [];
      });
      routes.push({
        operation,
        doc,
        pattern: pathPattern(operation.path),
        handler,
        keyHeaders: securityHeaders(doc, operation),
        bodySchema: media?.schema,
        bodyRequired: Boolean(resolveRef(doc, operation.requestBody)?.required),
        rules: applying,
      });
    }
  }
  return routes;
}

/**
 * What checking a request gave: its failing fields, or its typed parameters and canonical body (frozen:
 * shared by every call that sends the same) and the key its answer is kept under. Kept (answers.ts)
 * per operation, scenario, UTC day, URL, content type and body text, so a request sent again is not
 * parsed and validated again.
 */
type Checked = {violations: FieldViolation[]} | {params: Record<string, unknown>; body: unknown; answerKey: string};

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

/** The request body as text (undefined when empty): 413 past MAX_BODY_BYTES, 400 when not UTF-8. */
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
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  } catch {
    throw badRequest([{field: '', description: 'the body is not UTF-8', reason: 'encoding'}]);
  }
}

/** A body's JSON value: 400 for another content type, JSON nested deeper than MAX_DEPTH, or malformed JSON. */
function parseJson(text: string, type: string): unknown {
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw badRequest([
      {field: '', description: `Content-Type must be application/json, not "${type}"`, reason: 'content-type'},
    ]);
  }
  if (depthOf(text) > MAX_DEPTH) {
    throw badRequest([{field: '', description: `JSON nested deeper than ${MAX_DEPTH} levels`, reason: 'depth'}]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest([{field: '', description: `malformed JSON: ${(error as Error).message}`, reason: 'json'}]);
  }
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

/** The scenario a call asks for: the header, else a `sandbox_scenario_<name>` key. */
function scenarioOf(request: Request): Scenario | undefined {
  const asked =
    request.headers.get(SCENARIO_HEADER) ?? request.headers.get('x-api-key')?.match(/^sandbox_scenario_(\w+)$/)?.[1];
  if (asked === undefined || asked === null) return undefined;
  if (!scenarios.includes(asked as Scenario)) {
    throw badRequest([
      {
        field: SCENARIO_HEADER,
        description: `unknown scenario "${asked}"; one of ${scenarios.join(', ')}`,
        reason: 'scenario',
      },
    ]);
  }
  return asked as Scenario;
}

export function createApp(options: SandboxOptions): Hono {
  const validator = new SpecValidator(options.bundles);
  const tokens = new TokenSigner(options.secret ?? DEFAULT_SECRET, options.tokenCodec);
  const now = options.now ?? Date.now;
  const routes = buildRoutes(options.bundles);
  const anyRoute = routes[0];
  const app = new Hono();
  // Any page may call the sandbox (it takes only sandbox_ keys): the site's try-it console sends to the
  // local sandbox from the browser (website/src/components/TryIt). Preflights answer 204 here; every
  // other answer carries CORS_HEADERS itself (Hono's cors middleware on every request would make
  // @hono/node-server build a full Fetch Response for each answer, a tenth of a POST's work).
  app.options(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['content-type', 'x-api-key', SCENARIO_HEADER],
      exposeHeaders: CORS_HEADERS['Access-Control-Expose-Headers'].split(','),
      maxAge: 600,
    }),
  );

  const answerError = (context: Context, error: SandboxError, route?: Route) => {
    const body = errorBody(
      errorTemplate(route?.doc ?? anyRoute?.doc, route?.operation ?? anyRoute?.operation, error.status),
      error,
    );
    const headers =
      error.retryAfterSeconds === undefined
        ? CORS_HEADERS
        : {...CORS_HEADERS, 'Retry-After': String(error.retryAfterSeconds)};
    return context.json(body, error.status as 400, headers);
  };

  /** Parses, validates and checks a request against its operation: the failing fields, or what the handler gets. */
  function check(route: Route, context: Context, text: string | undefined, scenario: Scenario | undefined): Checked {
    const request = context.req.raw;
    const url = new URL(request.url);
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, name) => {
      query[name] ??= value;
    });
    const parameters = validateParameters(validator, route.operation.operationId, {
      path: context.req.param() as Record<string, string>,
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
        violations.push(...violationsOf(requestIssues(validator, route.operation.operationId, body)));
        if (options.strict) {
          for (const pointer of undeclaredFields(route.doc, route.bodySchema, body)) {
            const field = fieldAt(body, pointer);
            violations.push({field, description: `${field} is not a field of the request body`, reason: 'undeclared'});
          }
        }
      }
    }
    if (!violations.length) {
      for (const {rule, target, parameter} of route.rules) {
        const found = parameter
          ? parameter in parameters.values
            ? [{path: [parameter], value: parameters.values[parameter]}]
            : []
          : body === undefined
            ? []
            : instancesOf(route.doc, route.bodySchema, body, target);
        for (const instance of found) {
          const base = fieldName(instance.path);
          for (const violation of rule.check(instance.value, {now: now(), schema: target})) {
            violations.push({...violation, field: `${base}${violation.field}`.replace(/^\./, '')});
          }
        }
      }
    }
    if (violations.length) return {violations};
    return {
      params: deepFreeze(parameters.values),
      body: deepFreeze(body ?? {}),
      answerKey: `answer ${route.operation.operationId} ${scenario ?? ''} ${stableStringify(parameters.values)} ${stableStringify(body ?? {})}`,
    };
  }

  async function handle(route: Route, context: Context): Promise<Response> {
    const request = context.req.raw;
    try {
      for (const header of route.keyHeaders) {
        const key = request.headers.get(header);
        if (!key) throw new SandboxError(401, `Unauthorized, provide a valid API key in the ${header} header`);
        if (!key.startsWith(SANDBOX_KEY_PREFIX)) {
          throw new SandboxError(
            403,
            `The sandbox accepts keys that start with ${SANDBOX_KEY_PREFIX}; never send a real key to it`,
          );
        }
      }
      const scenario = scenarioOf(request);
      if (scenario === '429') throw new SandboxError(429, undefined, [], RETRY_AFTER_SECONDS);
      if (scenario === '500' || scenario === '503') throw new SandboxError(Number(scenario));

      const text = route.bodySchema ? await readBody(request) : undefined;
      // The same request checks the same on the same UTC day (the x-validation rules read the clock to the day)
      const type = text === undefined ? '' : (request.headers.get('content-type') ?? '');
      const checkKey = `check${options.strict ? ' strict' : ''} ${route.operation.operationId} ${scenario ?? ''} ${Math.floor(now() / DAY_MS)} ${request.url} ${type}\n${text ?? ''}`;
      let checked = cached(checkKey) as Checked | undefined;
      if (!checked) {
        checked = check(route, context, text, scenario);
        keep(checkKey, checked);
      }
      if ('violations' in checked) throw badRequest(checked.violations);

      // A handler that reads neither the clock nor the signer answers the same to the same request: its bytes are kept (answers.ts)
      const kept = cached(checked.answerKey);
      if (kept instanceof Uint8Array) return context.body(kept as Uint8Array<ArrayBuffer>, 200, JSON_HEADERS);
      let timeless = true;
      const at = now();
      const answer = await route.handler({
        operation: route.operation,
        doc: route.doc,
        body: checked.body,
        params: checked.params,
        get now() {
          timeless = false;
          return at;
        },
        scenario,
        get tokens() {
          timeless = false;
          return tokens;
        },
      });
      const bytes = answerBytes(answer) as Uint8Array<ArrayBuffer>;
      if (timeless) keep(checked.answerKey, bytes);
      return context.body(bytes, 200, JSON_HEADERS);
    } catch (error) {
      if (error instanceof SandboxError) return answerError(context, error, route);
      console.error(`sandbox: ${route.operation.operationId} failed`, error);
      return answerError(context, new SandboxError(500), route);
    }
  }

  for (const route of routes) {
    app.on(route.operation.method, honoPath(route.operation.path), (context) => handle(route, context));
  }

  app.notFound((context) => {
    const path = new URL(context.req.url).pathname;
    const allowed = routes.filter((route) => route.pattern.test(path)).map((route) => route.operation.method);
    if (allowed.length) {
      context.header('Allow', allowed.join(', '));
      const route = routes.find((candidate) => candidate.pattern.test(path));
      return answerError(
        context,
        new SandboxError(405, `Method ${context.req.method} is not allowed on ${path}; use ${allowed.join(' or ')}`),
        route,
      );
    }
    return answerError(context, new SandboxError(404, `No operation at ${path}: see the API reference for the paths`));
  });

  app.onError((error, context) => {
    console.error('sandbox: unexpected error', error);
    return answerError(context, new SandboxError(500));
  });

  return app;
}
