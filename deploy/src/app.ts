/**
 * The portal's Worker, one Hono app (wrangler.jsonc's `main`, built by ./build.ts from ./worker.ts): every path
 * it answers itself is mounted here, behind the same middleware, and every other path is the site's.
 *
 * - `/apiservices/*`: the sandbox (`workerSandbox` of @portal/sandbox/worker, for the token secret and the portal's origin);
 * - `/mcp`: the MCP server over Streamable HTTP (`mcpHttpHandler` of @portal/mcp/http), made on the first `/mcp`
 *   request of an isolate (its search index takes a moment to build); `call_sandbox` sends to the Worker's own
 *   sandbox, so a search created through it polls on `/apiservices/` of any instance, and back;
 * - `/check/v1/*`: the hosted integration check's API (`hostedCheckApi` of @portal/check/hosted, described by
 *   specs/check-api/openapi.yaml), each run one Durable Object (./runObject.ts, bound as `CHECK_RUNS`);
 * - `/.well-known/integration-check-keys.json`: the public half of `CHECK_SIGNING_KEY` and the retired keys of
 *   `CHECK_PREVIOUS_KEYS`, which verify the check's attestations.
 *
 * What the Worker answers itself passes, in order: the API headers (`apiHeaders`), `no-store` and the gate (the
 * token secret is set, and the request is under the hosted limits of @portal/sandbox/worker/limits). With the
 * site's build bound (`ASSETS`), every other path is the site (its 404 page for a path no file matches);
 * without it, the sandbox answers every path (404 with its error body). The Worker's own paths are
 * `WORKER_PATHS` (./paths.ts), which wrangler.jsonc's `run_worker_first` lists too.
 */
import pages from 'portal:pages';
import checkApiDoc from 'portal:check-api';
import {Hono, type MiddlewareHandler} from 'hono';
import {secureHeaders} from 'hono/secure-headers';
import {hostedCheckApi, publishedKeys, signerFor} from '@portal/check/hosted';
import {KEYS_PATH} from '@portal/check/signingKeys';
import {mcpHttpHandler} from '@portal/mcp/http';
import {
  MISSING_SECRET_MESSAGE,
  overLimit,
  SandboxError,
  sandboxRefusal,
  workerSandbox,
  workerSpecs,
  type WorkerSandbox,
} from '@portal/sandbox/worker';
import {WORKER_PATHS} from './paths';

type Portal = {Bindings: Env; Variables: {sandbox: WorkerSandbox; siteUrl: string | undefined}};

/**
 * The headers of the Worker's own answers, beside the site's `_headers` (which the platform applies to the
 * site's files, website/src/plugins/securityHeaders): the answers are JSON, never a page to render. Hono's
 * `secureHeaders` with only these: a route that answers a page to open in a tab (the hosted check's
 * report.html) keeps the policy it set (`overwrite: false`; the sandbox sets none of them).
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
 * first: one passed on from elsewhere (a Durable Object's) has headers that cannot be changed.
 */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set('Cache-Control', 'no-store');
};

let missingSecretLogged = false;

/** Without the token secret, 500 saying so; over a limit, 429; else the Worker's sandbox for the request. */
const gate: MiddlewareHandler<Portal> = async (c, next) => {
  const {env} = c;
  const siteUrl = env.SITE_URL?.trim() || (env.ASSETS ? new URL(c.req.url).origin : undefined);
  if (!env.SANDBOX_TOKEN_SECRET) {
    if (!missingSecretLogged) console.error(`sandbox: ${MISSING_SECRET_MESSAGE}`);
    missingSecretLogged = true;
    return sandboxRefusal(c.req.raw, new SandboxError(500, MISSING_SECRET_MESSAGE), siteUrl);
  }
  const over = await overLimit(c.req.raw, env);
  if (over)
    return sandboxRefusal(c.req.raw, new SandboxError(over.status, over.message, [], over.retryAfterSeconds), siteUrl);
  c.set('sandbox', workerSandbox(env.SANDBOX_TOKEN_SECRET, siteUrl));
  c.set('siteUrl', siteUrl);
  await next();
};

const answered = [apiHeaders, noStore, gate] as const;

/** The MCP server per sandbox (one per isolate and secret), made on its first request. */
const mcpServers = new WeakMap<WorkerSandbox, (request: Request) => Promise<Response>>();

function mcp(sandbox: WorkerSandbox, siteUrl: string | undefined): (request: Request) => Promise<Response> {
  let handler = mcpServers.get(sandbox);
  if (!handler) {
    handler = mcpHttpHandler({...workerSpecs, pages, siteUrl, sandbox});
    mcpServers.set(sandbox, handler);
  }
  return handler;
}

/** The check's API: its runs are the `CHECK_RUNS` objects, its new runs counted by two rate-limiting bindings. */
const checkApi = hostedCheckApi<Env>({
  doc: checkApiDoc,
  precompiledValidators: workerSpecs.precompiledValidators,
  runs: (env) => env.CHECK_RUNS && ((id) => env.CHECK_RUNS.get(env.CHECK_RUNS.idFromName(id))),
  limits: (env) => ({perKey: env.CHECK_RUNS_BY_KEY, perAddress: env.CHECK_RUNS_BY_ADDRESS}),
  // The key is read when a run is made: a missing or broken secret is said then, not after the program ran
  cannotSign: (env) =>
    signerFor(env.CHECK_SIGNING_KEY).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
});

export const app = new Hono<Portal>();
for (const path of WORKER_PATHS) app.use(path, ...answered);
app.all('/apiservices/*', (c) => c.var.sandbox.fetch(c.req.raw));
app.all('/mcp', (c) => mcp(c.var.sandbox, c.var.siteUrl)(c.req.raw));
app.get(KEYS_PATH, (c) => publishedKeys(c.env.CHECK_SIGNING_KEY, c.env.CHECK_PREVIOUS_KEYS));
app.route('/', checkApi);
app.all(
  '*',
  (c, next) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : next()),
  ...answered,
  (c) => c.var.sandbox.fetch(c.req.raw),
);
