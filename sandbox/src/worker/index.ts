/**
 * The sandbox on Cloudflare Workers (`@portal/sandbox/worker`): what the portal's Worker (deploy/src/app.ts)
 * serves the thirteen APIs with. The same app as Node (`createApp`), with the bundles built in (./bundles.ts)
 * and its request validators precompiled (Workers allow no code generation: deploy/src/build.ts bundles the
 * Worker into one module, with the validators as the module `portal:precompiled-validators`). It names no path
 * but the APIs' own: the Worker decides what else it serves and in front of what.
 *
 * - `workerSandbox(secret, siteUrl)`: the app for a token secret and the portal's origin (made once per isolate:
 *   a Worker's bindings are the same for every request of an isolate);
 * - `sandboxRefusal(request, error, siteUrl)`: an answer the Worker gives before the sandbox (its secret is not
 *   set, a limit is reached), with the error body of the operation at the request's path, as the app answers;
 * - `overLimit` (./limits.ts, the hosted sandbox's abuse limits) and `MISSING_SECRET_MESSAGE` (./secret.ts).
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

export {overLimit, type LimitsEnv, type LimitRefusal} from './limits';
export {MISSING_SECRET_MESSAGE, SECRET_BINDING} from './secret';
export {SandboxError};

/** The sandbox app as the Worker runs it. */
export type WorkerSandbox = ReturnType<typeof createApp>;

const bundles = workerBundles();
/** The bundles built into the Worker and their precompiled validators, for what else the Worker runs. */
export const workerSpecs = {bundles, precompiledValidators};

const apps = new Map<string, WorkerSandbox>();

/** The sandbox for a token secret and the portal's origin (undefined: the error bodies' links are paths). */
export function workerSandbox(secret: string, siteUrl: string | undefined): WorkerSandbox {
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

/** An error answered before the sandbox, with the body of the operation at the path (as the app answers it). */
export function sandboxRefusal(request: Request, error: SandboxError, siteUrl: string | undefined): Response {
  const path = new URL(request.url).pathname;
  const matcher = operationMatcher(bundles);
  const route = matcher.match(request.method, path) ?? matcher.atPath(path)[0] ?? firstOperation();
  const body = errorBody(errorTemplate(route.doc, route.operation, error.status), error, siteUrl);
  const headers: Record<string, string> = {'Content-Type': 'application/json', ...CORS_HEADERS};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  return new Response(JSON.stringify(body), {status: error.status, headers});
}
