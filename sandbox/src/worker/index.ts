/**
 * The Worker's fetch handler (`workerFetch`, a Hono app routing with Hono's router, its headers set by Hono's
 * `secureHeaders`): the same Hono app as Node (`createApp`), with the thirteen bundles built in (`./bundles.ts`)
 * and its request validators precompiled (Workers allow no code generation: deploy/src/build.ts bundles an
 * entry into one module), answering `/apiservices/*`; the routes an entry adds (`workerFetch`'s `routes`: the
 * portal's Worker adds the MCP server at `/mcp` and the hosted check at `/check/v1/*`, deploy/src/worker.ts),
 * each given the same sandbox; with static assets (the site's build) every other path is the site. From the
 * bindings:
 *
 * - `SANDBOX_TOKEN_SECRET` (a Worker secret: `wrangler secret put SANDBOX_TOKEN_SECRET`): the token
 *   secret. There is no default here: without it every sandbox request answers 500 saying so. Instances
 *   (and Node sandboxes) given the same secret answer each other's polls.
 * - `SITE_URL` (a var, set by `npm run deploy:worker`): the origin of the error bodies' help links; when
 *   empty, the request's origin if the Worker serves the site (`ASSETS`), else paths on the site.
 * - `RATE_LIMIT_BY_ADDRESS`, `RATE_LIMIT_BY_KEY` (the platform's rate-limiting bindings,
 *   `worker/limits.ts`): over either, 429 with `Retry-After` and the sandbox's error body.
 * - `ASSETS` (the site's build): the paths that are not the sandbox's and match no file (the site's 404 page).
 */
// The module exists only in the build (deploy/src/build.ts); this reference brings its declaration to every
// project that compiles this file (deploy, mcp), which an import of a .d.ts cannot do
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./precompiled.d.ts" />
import {precompiledValidators} from 'portal:precompiled-validators';
import {Hono, type Context, type MiddlewareHandler} from 'hono';
import {secureHeaders} from 'hono/secure-headers';
import {operationMatcher, operations, type OpenApiDocument} from '@portal/specs';
import {createApp} from '../app';
import {errorBody, errorTemplate, SandboxError} from '../errors';
import {CORS_HEADERS} from '../middleware/env';
import {workerBundles} from './bundles';
import {overLimit} from './limits';
import {MISSING_SECRET_MESSAGE} from './secret';

/** The platform's rate-limiting binding, as the Worker uses it. */
export interface RateLimiter {
  limit(options: {key: string}): Promise<{success: boolean}>;
}

export interface WorkerEnv {
  SANDBOX_TOKEN_SECRET?: string;
  SITE_URL?: string;
  RATE_LIMIT_BY_ADDRESS?: RateLimiter;
  RATE_LIMIT_BY_KEY?: RateLimiter;
  ASSETS?: {fetch(request: Request): Promise<Response>};
  /**
   * The JSON of the limits the bindings were given, `{perAddress: {limit, periodSeconds}, perKey: ...}`, when
   * they are not `HOSTED_RATE_LIMITS` (local runs with other limits set it): the 429's message and `Retry-After`.
   */
  SANDBOX_RATE_LIMITS?: string;
}

const SANDBOX_PREFIX = '/apiservices/';

const bundles = workerBundles();
/** The bundles built into the Worker and their precompiled validators, for what else the Worker runs (its objects). */
export const workerSpecs = {bundles, precompiledValidators};
// The app per secret and site (a Worker's bindings are the same for every request of an isolate)
const apps = new Map<string, ReturnType<typeof createApp>>();
let missingSecretLogged = false;

function appFor(secret: string, siteUrl: string | undefined): ReturnType<typeof createApp> {
  const key = `${secret}\n${siteUrl ?? ''}`;
  let app = apps.get(key);
  if (!app) {
    app = createApp({bundles, secret, precompiledValidators, ...(siteUrl ? {siteUrl} : {})});
    apps.set(key, app);
  }
  return app;
}

/** The first operation of the bundles: whose error responses answer a path no operation has. */
function firstOperation(): {doc: OpenApiDocument; operation: ReturnType<typeof operations>[number]} {
  const [slug, doc] = [...bundles][0];
  return {doc, operation: operations(slug, doc)[0]};
}

/** An error answered by the Worker itself, with the body of the operation at the path (as the app answers). */
function answerError(request: Request, error: SandboxError, siteUrl: string | undefined): Response {
  const path = new URL(request.url).pathname;
  const matcher = operationMatcher(bundles);
  const route = matcher.match(request.method, path) ?? matcher.atPath(path)[0] ?? firstOperation();
  const body = errorBody(errorTemplate(route.doc, route.operation, error.status), error, siteUrl);
  const headers: Record<string, string> = {'Content-Type': 'application/json', ...CORS_HEADERS};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  return new Response(JSON.stringify(body), {status: error.status, headers});
}

/**
 * The headers of the Worker's own answers (the sandbox, the routes), beside the site's `_headers` (which the
 * platform applies to the site's files, website/src/plugins/securityHeaders): the answers are JSON, never a page
 * to render. Hono's `secureHeaders` with only these: a route that answers a page to open in a tab (the hosted
 * check's report.html) keeps the policy it set (`overwrite: false`; the sandbox sets none of them).
 */
const apiHeaders = secureHeaders({
  // Read as what the Content-Type says, never sniffed into something a browser would run
  xContentTypeOptions: true,
  // The same host as the site: HTTPS only, as the site's pages say
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  // An answer opened in a tab loads nothing and cannot be framed
  contentSecurityPolicy: {defaultSrc: ["'none'"], frameAncestors: ["'none'"]},
  // Nothing else of the middleware's defaults: the sandbox is called from other origins (CORS), by design
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  removePoweredBy: false,
  overwrite: false,
});

/**
 * Answers carry session tokens and change with the clock: no shared cache keeps them. The answer is copied
 * first: one a route passed on from elsewhere (a Durable Object's, through its stub) has headers that cannot
 * be changed, and the headers above are set on this copy too.
 */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set('Cache-Control', 'no-store');
};

/** What a route of `workerFetch` is given besides the request: the Worker's sandbox and what it is built on. */
export interface WorkerRouteContext {
  /** The sandbox of this Worker (its secret and site): sessions made through it poll on `/apiservices/`. */
  sandbox: ReturnType<typeof createApp>;
  bundles: Map<string, OpenApiDocument>;
  precompiledValidators: typeof precompiledValidators;
  /** The portal's origin, as the sandbox's error bodies use it (undefined: paths on the site). */
  siteUrl: string | undefined;
  /** The Worker's bindings (a route may have its own: the hosted check's objects and limits). */
  env: WorkerEnv;
}

/**
 * A route an entry adds at one path (or under a prefix: a path ending in `/*`): answered by the Worker with the sandbox's own headers, behind the same
 * missing-secret answer and the per-address limit (the key limit too, for a request that sends `x-api-key`).
 */
export type WorkerRoute = (request: Request, context: WorkerRouteContext) => Promise<Response>;

/** The Worker's sandbox for its bindings and the portal's origin: what a route or an object of the Worker calls. */
export function workerSandbox(env: WorkerEnv, siteUrl: string | undefined): ReturnType<typeof createApp> {
  if (!env.SANDBOX_TOKEN_SECRET) throw new Error(MISSING_SECRET_MESSAGE);
  return appFor(env.SANDBOX_TOKEN_SECRET, siteUrl);
}

type WorkerApp = {Bindings: WorkerEnv; Variables: {context: WorkerRouteContext}};

/**
 * What the Worker answers itself passes this first: without the secret, 500 saying so; over a limit, 429; else
 * the request's context (the Worker's sandbox for its secret and the portal's origin).
 */
const gate: MiddlewareHandler<WorkerApp> = async (c, next) => {
  const {env} = c;
  const siteUrl = env.SITE_URL?.trim() || (env.ASSETS ? new URL(c.req.url).origin : undefined);
  if (!env.SANDBOX_TOKEN_SECRET) {
    if (!missingSecretLogged) console.error(`sandbox: ${MISSING_SECRET_MESSAGE}`);
    missingSecretLogged = true;
    return answerError(c.req.raw, new SandboxError(500, MISSING_SECRET_MESSAGE), siteUrl);
  }
  const over = await overLimit(c.req.raw, env);
  if (over)
    return answerError(c.req.raw, new SandboxError(over.status, over.message, [], over.retryAfterSeconds), siteUrl);
  const sandbox = appFor(env.SANDBOX_TOKEN_SECRET, siteUrl);
  c.set('context', {sandbox, bundles, precompiledValidators, siteUrl, env});
  await next();
};

const sandboxAnswer = (c: Context<WorkerApp>) => c.get('context').sandbox.fetch(c.req.raw);

/**
 * The Worker's `fetch`, a Hono app: the sandbox at `/apiservices/*` and `routes` at their paths (a path ending
 * in `/*` takes everything under it), each behind the API's headers and the gate; with the site's build bound
 * (`ASSETS`), every other path is the site (its 404 page for a path no file matches); without it, the sandbox
 * answers every path (404 with its error body).
 */
export function workerFetch(
  routes: Record<string, WorkerRoute> = {},
): (request: Request, env: WorkerEnv) => Promise<Response> {
  const app = new Hono<WorkerApp>();
  const answered = [apiHeaders, noStore, gate] as const;
  for (const [path, route] of Object.entries(routes))
    app.all(path, ...answered, (c) => route(c.req.raw, c.get('context')));
  app.all(`${SANDBOX_PREFIX}*`, ...answered, sandboxAnswer);
  app.all('*', (c, next) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : next()), ...answered, sandboxAnswer);
  return (request, env) => Promise.resolve(app.fetch(request, env));
}
