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
  validateParameters,
  type OpenApiDocument,
  type Operation,
  type Schema,
  type ValidationIssue,
} from '@portal/specs';
import {answerText, cached, keep} from './answers';
import {badRequest, errorBody, errorTemplate, SandboxError, type FieldViolation} from './errors';
import {rules, type Rule} from './rules';
import {carHireHandlers} from './services/carhire';
import {flightsHandlers} from './services/flights';
import {hotelsHandlers} from './services/hotels';
import {referenceHandlers} from './services/reference';
import {stableStringify} from './random';
import type {Handler, Scenario} from './services/types';
import {TokenSigner, type TokenCodec} from './token';

/** Every operation's handler, by operationId. */
export const handlers: Record<string, Handler> = {
  ...flightsHandlers,
  ...carHireHandlers,
  ...hotelsHandlers,
  ...referenceHandlers,
};

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

const JSON_TYPE = {'Content-Type': 'application/json'};
const utf8 = new TextEncoder();

export interface SandboxOptions {
  /** The bundled specifications by slug (`loadBundles()` of `@portal/specs/node`). */
  bundles: Map<string, OpenApiDocument>;
  /** The HMAC secret of session tokens; instances that share it answer each other's polls. */
  secret?: string;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
  /** How tokens are deflated and signed: the Web platform's by default; `node.ts` passes `nodeTokenCodec`. */
  tokenCodec?: (secret: string) => TokenCodec;
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

async function readJson(request: Request): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) throw new SandboxError(413, `Request body too large: at most ${MAX_BODY_BYTES} bytes`);
  const type = request.headers.get('content-type') ?? '';
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
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw badRequest([
      {field: '', description: `Content-Type must be application/json, not "${type}"`, reason: 'content-type'},
    ]);
  }
  let text: string;
  try {
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    text = new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  } catch {
    throw badRequest([{field: '', description: 'the body is not UTF-8', reason: 'encoding'}]);
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
  // local sandbox from the browser (website/src/components/TryIt). Preflights answer 204 here.
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['content-type', 'x-api-key', SCENARIO_HEADER],
      exposeHeaders: ['retry-after'],
      maxAge: 600,
    }),
  );

  const answerError = (context: Context, error: SandboxError, route?: Route) => {
    const body = errorBody(
      errorTemplate(route?.doc ?? anyRoute?.doc, route?.operation ?? anyRoute?.operation, error.status),
      error,
    );
    if (error.retryAfterSeconds !== undefined) context.header('Retry-After', String(error.retryAfterSeconds));
    return context.json(body, error.status as 400);
  };

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
        const raw = await readJson(request);
        if (raw === undefined && route.bodyRequired) {
          violations.push({field: '', description: 'a JSON request body is required', reason: 'required'});
        } else if (raw !== undefined) {
          body = canonicalJson(route.doc, route.bodySchema, raw);
          violations.push(...violationsOf(requestIssues(validator, route.operation.operationId, body)));
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
      if (violations.length) throw badRequest(violations);

      // A handler that reads neither the clock nor the signer answers the same to the same request: its text is kept (answers.ts)
      const key = `answer ${route.operation.operationId} ${scenario ?? ''} ${stableStringify(parameters.values)} ${stableStringify(body ?? {})}`;
      const kept = cached(key);
      if (kept instanceof Uint8Array) return context.body(kept as Uint8Array<ArrayBuffer>, 200, JSON_TYPE);
      let timeless = true;
      const at = now();
      const answer = await route.handler({
        operation: route.operation,
        doc: route.doc,
        body: body ?? {},
        params: parameters.values,
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
      if (!timeless) return context.body(answerText(answer), 200, JSON_TYPE);
      const bytes = utf8.encode(answerText(answer));
      keep(key, bytes);
      return context.body(bytes, 200, JSON_TYPE);
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
