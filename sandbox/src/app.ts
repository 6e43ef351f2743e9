/**
 * The sandbox: one Fetch-API handler (Hono) serving every operation of the bundled specifications at
 * its real path. Each operation's route is a pipeline of middleware (middleware/), in order: the key
 * (key.ts: 401 missing, 403 not a sandbox key), a behaviour asked for on purpose (behaviour.ts), the
 * parameters, the JSON body and the x-validation constraints (validate.ts), the kept answers (cache.ts), then
 * the operation's handler (handle.ts, services/). Every error answers the spec's error body. The bundles
 * are an argument, so Node (`node.ts`), a service worker (`browser.ts`) or an edge runtime can pass them in.
 */
import {Hono, type Context} from 'hono';
import {cors} from 'hono/cors';
import {
  operationMatcher,
  operations,
  requestMedia,
  resolveRef,
  securityHeaders,
  SpecValidator,
  type OpenApiDocument,
  type PrecompiledValidators,
  type Schema,
} from '@portal/specs';
import {errorBody, errorTemplate, SandboxError} from './errors';
import {keptAnswers} from './middleware/cache';
import {CORS_HEADERS, type Route, type SandboxEnv} from './middleware/env';
import {runHandler} from './middleware/handle';
import {requireKey} from './middleware/key';
import {askedBehaviour, BEHAVIOUR_HEADER} from './middleware/behaviour';
import {validate} from './middleware/validate';
import {constraints} from './constraints';
import {handlers} from './services';
import {TokenSigner, type TokenCodec} from './token';

export {handlers};
export {SANDBOX_KEY_PREFIX} from './middleware/key';
export {RETRY_AFTER_SECONDS, BEHAVIOUR_HEADER} from './middleware/behaviour';
export {checkBody, MAX_BODY_BYTES, MAX_DEPTH, validate, type BodyOperation} from './middleware/validate';
export {behaviours} from './services/types';
export {badRequest, ERROR_CATALOGUE, errorBody, errorTemplate, SandboxError, type ErrorBody} from './errors';
export {CORS_HEADERS, type SandboxEnv} from './middleware/env';

/** The secret tokens are signed with unless one is given: tokens of the sandbox are not secrets. */
export const DEFAULT_SECRET = 'portal-sandbox-default-secret';

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
  /**
   * The portal's origin (`https://developers.example.com`, the build's `SITE_URL`): the error bodies'
   * help links start with it. Without it they are paths on the site (`/docs/getting-started/errors#400`).
   */
  siteUrl?: string;
  /**
   * Request validators compiled ahead of time, by `<slug><pointer>` (`standaloneValidatorsSource` of
   * `@portal/specs/standalone`), for a runtime that allows no code generation: the Worker (Cloudflare Workers allow
   * no `new Function`, deploy/src/build.ts) and the site's pages (their Content-Security-Policy has no
   * 'unsafe-eval'). Schemas they do not cover compile on first use.
   */
  precompiledValidators?: PrecompiledValidators;
}

/** An OpenAPI path template as a Hono route path (`{sessionToken}` → `:sessionToken`). */
const honoPath = (template: string): string => template.replace(/\{([^}]+)\}/g, ':$1');

/** A route per operation of the bundles (check/requestCheck.ts validates with them too). */
export function buildRoutes(bundles: Map<string, OpenApiDocument>): Route[] {
  const routes: Route[] = [];
  for (const [slug, doc] of bundles) {
    for (const operation of operations(slug, doc)) {
      const handler = handlers[operation.operationId];
      if (!handler) throw new Error(`The sandbox has no handler for ${operation.operationId} (${slug})`);
      const media = requestMedia(doc, operation);
      const applying = constraints.flatMap((constraint) => {
        const [source] = constraint.sources;
        if (source.slug !== slug) return [];
        const target = resolveRef(doc, {$ref: source.pointer}) as Schema;
        if (source.pointer.startsWith(`${operation.pointer}/parameters/`)) {
          return [{constraint, target, parameter: (target as {name?: string}).name}];
        }
        return source.pointer.startsWith('#/components/') && media ? [{constraint, target}] : [];
      });
      routes.push({
        operation,
        doc,
        handler,
        keyHeaders: securityHeaders(doc, operation),
        bodySchema: media?.schema,
        bodyRequired: Boolean(resolveRef(doc, operation.requestBody)?.required),
        constraints: applying,
      });
    }
  }
  return routes;
}

export function createApp(options: SandboxOptions): Hono<SandboxEnv> {
  const validator = new SpecValidator(options.bundles, options.precompiledValidators);
  const tokens = new TokenSigner(options.secret ?? DEFAULT_SECRET, options.tokenCodec);
  const now = options.now ?? Date.now;
  const routes = buildRoutes(options.bundles);
  const anyRoute = routes[0];
  const app = new Hono<SandboxEnv>();
  // Any page may call the sandbox (it takes only sandbox_ keys): the site's try-it console sends to the
  // local sandbox from the browser (website/src/components/TryIt). Preflights answer 204 here; every
  // other answer carries CORS_HEADERS itself (Hono's cors middleware on every request would make
  // @hono/node-server build a full Fetch Response for each answer, a tenth of a POST's work).
  app.options(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['content-type', 'x-api-key', BEHAVIOUR_HEADER],
      exposeHeaders: CORS_HEADERS['Access-Control-Expose-Headers'].split(','),
      maxAge: 600,
    }),
  );

  const answerError = (context: Context, error: SandboxError, route?: Route) => {
    const body = errorBody(
      errorTemplate(route?.doc ?? anyRoute?.doc, route?.operation ?? anyRoute?.operation, error.status),
      error,
      options.siteUrl,
    );
    const headers =
      error.retryAfterSeconds === undefined
        ? CORS_HEADERS
        : {...CORS_HEADERS, 'Retry-After': String(error.retryAfterSeconds)};
    return context.json(body, error.status as 400, headers);
  };

  const checks = {validator, now, strict: options.strict === true};
  const behaviour = askedBehaviour();
  const cache = keptAnswers();
  const handler = runHandler(now, tokens);
  for (const route of routes) {
    app.on(
      route.operation.method,
      honoPath(route.operation.path),
      async (context, next) => {
        context.set('route', route);
        await next();
      },
      requireKey(route.keyHeaders),
      behaviour,
      validate(checks),
      cache,
      handler,
    );
  }

  const matcher = operationMatcher(options.bundles);
  const routeOf = new Map(routes.map((route) => [route.operation.operationId, route]));
  app.notFound((context) => {
    const path = new URL(context.req.url).pathname;
    const atPath = matcher.atPath(path);
    const allowed = atPath.map(({operation}) => operation.method);
    if (allowed.length) {
      context.header('Allow', allowed.join(', '));
      const route = routeOf.get(atPath[0].operation.operationId);
      return answerError(
        context,
        new SandboxError(405, `Method ${context.req.method} is not allowed on ${path}; use ${allowed.join(' or ')}`),
        route,
      );
    }
    return answerError(context, new SandboxError(404, `No operation at ${path}: see the API reference for the paths`));
  });

  // A step or a handler that throws: a SandboxError is its answer; anything else is our fault (500).
  app.onError((error, context) => {
    const route = context.var.route;
    if (error instanceof SandboxError) return answerError(context, error, route);
    console.error(`sandbox: ${route ? `${route.operation.operationId} failed` : 'unexpected error'}`, error);
    return answerError(context, new SandboxError(500), route);
  });

  return app;
}
