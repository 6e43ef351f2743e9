/**
 * The Worker's fetch handler: the same Hono app as Node (`createApp`), with the thirteen bundles built in
 * (`./bundles.ts`) and its request validators precompiled (Workers allow no code generation: `./build.ts`
 * bundles an entry into one module), answering `/apiservices/*`; the routes an entry adds (`workerFetch`'s
 * `routes`: the portal's Worker adds the MCP server at `/mcp`, deploy/src/worker.ts), each given the
 * same sandbox; with static assets (the site's build) every other path is the site. From the bindings:
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
 * The headers of the sandbox's own answers, beside the site's `_headers` (which the platform applies to
 * the site's files, website/src/plugins/securityHeaders): the answers are JSON, never a page to render.
 */
const API_HEADERS: Record<string, string> = {
  // Read as what the Content-Type says, never sniffed into something a browser would run
  'X-Content-Type-Options': 'nosniff',
  // The same host as the site: HTTPS only, as the site's pages say
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  // An answer opened in a tab loads nothing and cannot be framed
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  // Answers carry session tokens and change with the clock: no shared cache keeps them
  'Cache-Control': 'no-store',
};

function withApiHeaders(response: Response): Response {
  const answer = new Response(response.body, response);
  for (const [name, value] of Object.entries(API_HEADERS)) answer.headers.set(name, value);
  return answer;
}

/** What a route of `workerFetch` is given besides the request: the Worker's sandbox and what it is built on. */
export interface WorkerRouteContext {
  /** The sandbox of this Worker (its secret and site): sessions made through it poll on `/apiservices/`. */
  sandbox: ReturnType<typeof createApp>;
  bundles: Map<string, OpenApiDocument>;
  precompiledValidators: typeof precompiledValidators;
  /** The portal's origin, as the sandbox's error bodies use it (undefined: paths on the site). */
  siteUrl: string | undefined;
}

/**
 * A route an entry adds at one path: answered by the Worker with the sandbox's own headers, behind the same
 * missing-secret answer and the per-address limit (the key limit too, for a request that sends `x-api-key`).
 */
export type WorkerRoute = (request: Request, context: WorkerRouteContext) => Promise<Response>;

/** The Worker's `fetch`: the sandbox at `/apiservices/`, `routes` at their exact paths, the site for the rest. */
export function workerFetch(
  routes: Record<string, WorkerRoute> = {},
): (request: Request, env: WorkerEnv) => Promise<Response> {
  return async (request, env) => {
    const url = new URL(request.url);
    const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
    const sandboxed = url.pathname.startsWith(SANDBOX_PREFIX);
    // The site: a page that matched no file (with assets, files are served before the Worker runs)
    if (!sandboxed && !route && env.ASSETS) return env.ASSETS.fetch(request);
    return withApiHeaders(await answer(request, env, url, route));
  };
}

async function answer(request: Request, env: WorkerEnv, url: URL, route: WorkerRoute | undefined): Promise<Response> {
  const siteUrl = env.SITE_URL?.trim() || (env.ASSETS ? url.origin : undefined);
  if (!env.SANDBOX_TOKEN_SECRET) {
    if (!missingSecretLogged) console.error(`sandbox: ${MISSING_SECRET_MESSAGE}`);
    missingSecretLogged = true;
    return answerError(request, new SandboxError(500, MISSING_SECRET_MESSAGE), siteUrl);
  }
  const over = await overLimit(request, env);
  if (over) return answerError(request, over, siteUrl);
  const sandbox = appFor(env.SANDBOX_TOKEN_SECRET, siteUrl);
  if (route) return route(request, {sandbox, bundles, precompiledValidators, siteUrl});
  return sandbox.fetch(request);
}
