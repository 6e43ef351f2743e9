/**
 * The portal's Worker (wrangler.jsonc's, built by ./build.ts): the sandbox's Worker handler
 * (`workerFetch` of @portal/sandbox/worker: `/apiservices/*`, the site's files, the bindings) plus the MCP
 * server at `/mcp` over Streamable HTTP (`mcpHttpHandler` of @portal/mcp/http), so an assistant connects to the portal's address with
 * nothing installed. The pages are made at build time (`portal:pages`); the bundles and the precompiled
 * validators are the Worker's; `call_sandbox` sends to the Worker's own sandbox (its secret), so a search
 * created through the MCP server polls on `/apiservices/` of any instance, and back.
 *
 * The server is made on the first `/mcp` request of an instance (its search index takes a moment to build,
 * which a Worker's start-up should not spend), then serves every request of that instance.
 */
import pages from 'portal:pages';
import {mcpHttpHandler} from '@portal/mcp/http';
import {workerFetch, type WorkerRouteContext} from '@portal/sandbox/worker';

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

// A Worker module exports its handlers only (workerd refuses any other export)
export default {fetch: workerFetch({'/mcp': mcp})};
