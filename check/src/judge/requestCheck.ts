/**
 * Matches a recorded request to its operation and validates it exactly as the sandbox's validation step
 * does: a small Hono app whose one route finds the request's operation (`operationMatcher` of
 * @portal/specs) and its route of the sandbox (`buildRoutes`), then runs `validate` (../../../sandbox/src/middleware/validate.ts:
 * parameters, the JSON body read as protobuf JSON, Ajv, the sandbox's x-validation rules, its ../../../sandbox/src/constraints.ts), then
 * an empty answer. No key step (keys are judged by the check's rule rules/api-key-header.ts) and no scenario
 * step. The x-validation rules that read the clock (dates in the past, within
 * 12 months) read the exchange's time: the recording's `startedAt` plus the exchange's `startedMs`.
 * Browser-safe, like ../../../sandbox/src/app.ts: the site's HAR check runs it too, with the validators precompiled (its pages allow
 * no `new Function`: website/src/plugins/precompiledValidators).
 */
import {Hono, type Context} from 'hono';
import {operationMatcher, SpecValidator, type OpenApiDocument, type PrecompiledValidators} from '@portal/specs';
import {buildRoutes, SandboxError, validate, type SandboxEnv} from '@portal/sandbox';
import type {CheckedRequest, Exchange} from '../model';

/** What one check passes through the app: its clock, and where the outcome is written. */
interface CheckBindings {
  now: number;
  found: CheckedRequest;
}
type CheckEnv = SandboxEnv & {Bindings: CheckBindings};

/** Any origin will do: only the path and query of a recorded request are read. */
const ORIGIN = 'http://check.invalid';

/**
 * The checking app of a set of bundles, built once (routes and compiled schemas are the costly part), again
 * when other precompiled validators are given.
 */
const apps = new WeakMap<Map<string, OpenApiDocument>, {precompiled?: PrecompiledValidators; app: Hono<CheckEnv>}>();

function checkingApp(bundles: Map<string, OpenApiDocument>, precompiled?: PrecompiledValidators): Hono<CheckEnv> {
  const built = apps.get(bundles);
  if (built && built.precompiled === precompiled) return built.app;
  const validator = new SpecValidator(bundles, precompiled);
  const app = new Hono<CheckEnv>();
  const matcher = operationMatcher(bundles);
  const routes = new Map(buildRoutes(bundles).map((route) => [route.operation.operationId, route]));
  app.all(
    '*',
    async (context, next) => {
      const matched = matcher.match(context.req.method, new URL(context.req.url).pathname);
      if (!matched) return context.body(null, 404);
      context.set('route', routes.get(matched.operation.operationId)!);
      context.set('pathParams', matched.params);
      context.env.found.operationId = matched.operation.operationId;
      context.env.found.slug = matched.operation.slug;
      context.env.found.pathParams = matched.params;
      await next();
    },
    // The sandbox's own step, with the exchange's time as its clock
    (context, next) =>
      validate({validator, now: () => context.env.now, strict: false})(context as unknown as Context<SandboxEnv>, next),
    (context) => context.body(null, 204),
  );
  app.notFound((context) => context.body(null, 404));
  app.onError((error, context) => {
    if (!(error instanceof SandboxError)) throw error;
    // A 400 names its fields; a 413 (a body over 1 MiB) is a violation of the whole body
    context.env.found.violations = error.violations.length
      ? error.violations
      : [{field: '', description: error.message, reason: String(error.status)}];
    return context.body(null, error.status as 400);
  });
  apps.set(bundles, {precompiled, app});
  return app;
}

const headerOf = (exchange: Exchange, name: string): string | undefined =>
  exchange.request.headers.find(([key]) => key.toLowerCase() === name)?.[1];

/** The exchange's request as the app reads it: method, path and query, content type and body. */
function requestOf(exchange: Exchange): Request | undefined {
  const {method, url, body} = exchange.request;
  const upper = method.toUpperCase();
  try {
    const headers = new Headers();
    const type = headerOf(exchange, 'content-type');
    if (type !== undefined) headers.set('content-type', type);
    return new Request(`${ORIGIN}${url.startsWith('/') ? '' : '/'}${url}`, {
      method: upper,
      headers,
      body: upper === 'GET' || upper === 'HEAD' || body === undefined ? undefined : body,
    });
  } catch {
    // A method or URL no Fetch API request can carry calls no operation
    return undefined;
  }
}

export interface RequestCheckOptions {
  /** ISO time the recording started: an exchange's time is this plus its `startedMs`. */
  startedAt: string;
  /** Request validators compiled ahead of time (`SpecValidator`'s `precompiled`), where nothing may compile. */
  precompiledValidators?: PrecompiledValidators;
}

/**
 * A checker of one recording's exchanges: each request's operation (undefined for another path or
 * method), its path parameters by name, and its violations as the sandbox's 400 would name them.
 */
export function createRequestCheck(
  bundles: Map<string, OpenApiDocument>,
  options: RequestCheckOptions,
): (exchange: Exchange) => Promise<CheckedRequest> {
  const start = Date.parse(options.startedAt);
  if (Number.isNaN(start)) throw new Error(`startedAt is not a time: ${options.startedAt}`);
  const app = checkingApp(bundles, options.precompiledValidators);
  return async (exchange) => {
    const found: CheckedRequest = {operationId: undefined, pathParams: {}, violations: []};
    const request = requestOf(exchange);
    if (!request) return found;
    await app.fetch(request, {now: start + exchange.startedMs, found} satisfies CheckBindings);
    return found;
  };
}
