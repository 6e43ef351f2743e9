/**
 * The portal's Worker (wrangler.jsonc's, built by ./build.ts): the sandbox's Worker handler
 * (`workerFetch` of @portal/sandbox/worker: `/apiservices/*`, the site's files, the bindings) plus
 *
 * - the MCP server at `/mcp` over Streamable HTTP (`mcpHttpHandler` of @portal/mcp/http), so an assistant
 *   connects to the portal's address with nothing installed. The pages are made at build time
 *   (`portal:pages`); `call_sandbox` sends to the Worker's own sandbox (its secret), so a search created
 *   through the MCP server polls on `/apiservices/` of any instance, and back. The server is made on the
 *   first `/mcp` request of an instance (its search index takes a moment to build), then serves every
 *   request of that instance;
 * - the hosted integration check at `/check/v1/*` (`hostedCheckApi` of @portal/check/hosted), one Durable
 *   Object per run (the class `CheckRun` below, bound as `CHECK_RUNS`), its attestations signed with the
 *   secret `CHECK_SIGNING_KEY`, whose public half (with the retired keys of `CHECK_PREVIOUS_KEYS`) is
 *   published at `/.well-known/integration-check-keys.json`.
 */
import pages from 'portal:pages';
import {checkError, checkRunObject, hostedCheckApi, publishedKeys, signerFor, type RunStub} from '@portal/check/hosted';
import {KEYS_PATH} from '@portal/check/signingKeys';
import {mcpHttpHandler} from '@portal/mcp/http';
import {workerFetch, workerSandbox, workerSpecs, type WorkerEnv, type WorkerRouteContext} from '@portal/sandbox/worker';

/** The bindings of the portal's Worker beyond the sandbox's (wrangler.jsonc). */
interface PortalEnv extends WorkerEnv {
  CHECK_RUNS?: {idFromName(name: string): unknown; get(id: unknown): RunStub};
  CHECK_RUNS_BY_KEY?: WorkerEnv['RATE_LIMIT_BY_KEY'];
  CHECK_RUNS_BY_ADDRESS?: WorkerEnv['RATE_LIMIT_BY_ADDRESS'];
  /** The Ed25519 private key (a JWK) that signs attestations: a Worker secret. */
  CHECK_SIGNING_KEY?: string;
  /** Retired public keys still published (a JWK set, each with its exp): a var. */
  CHECK_PREVIOUS_KEYS?: string;
  /** The commit the Worker was built from, when the deploy gives it. */
  BUILD_COMMIT?: string;
}

const handlers = new WeakMap<WorkerRouteContext['sandbox'], (request: Request) => Promise<Response>>();

function mcp(request: Request, context: WorkerRouteContext): Promise<Response> {
  let handler = handlers.get(context.sandbox);
  if (!handler) {
    handler = mcpHttpHandler({
      bundles: context.bundles,
      pages,
      siteUrl: context.siteUrl,
      precompiledValidators: context.precompiledValidators,
      sandbox: context.sandbox,
    });
    handlers.set(context.sandbox, handler);
  }
  return handler(request);
}

/** The check's API per set of bindings (the same for every request of an isolate): made once, not per request. */
const checkApis = new WeakMap<object, ReturnType<typeof hostedCheckApi>>();

async function hostedCheck(request: Request, context: WorkerRouteContext): Promise<Response> {
  const env = context.env as PortalEnv;
  const runs = env.CHECK_RUNS;
  if (!runs)
    return checkError(
      500,
      'The hosted check is not set up on this portal: the Worker has no CHECK_RUNS binding (deploy/wrangler.jsonc).',
      {siteUrl: new URL(request.url).origin},
    );
  let api = checkApis.get(runs);
  if (!api) {
    api = hostedCheckApi({
      runs: (id) => runs.get(runs.idFromName(id)),
      limits: {perKey: env.CHECK_RUNS_BY_KEY, perAddress: env.CHECK_RUNS_BY_ADDRESS},
    });
    checkApis.set(runs, api);
  }
  return api.fetch(request);
}

async function keys(_request: Request, context: WorkerRouteContext): Promise<Response> {
  const env = context.env as PortalEnv;
  return publishedKeys(env.CHECK_SIGNING_KEY, env.CHECK_PREVIOUS_KEYS);
}

/** The Durable Object of a hosted check run (wrangler.jsonc's `CHECK_RUNS`). */
export const CheckRun = checkRunObject<PortalEnv>({
  ...workerSpecs,
  sandbox: (env, siteUrl) => {
    const sandbox = workerSandbox(env, siteUrl);
    return (request) => sandbox.fetch(request);
  },
  signer: (env) => signerFor(env.CHECK_SIGNING_KEY),
});

export default {
  fetch: workerFetch({
    '/mcp': mcp,
    '/check/v1/*': hostedCheck,
    [KEYS_PATH]: keys,
  }),
};
