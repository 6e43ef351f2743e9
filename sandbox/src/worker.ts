/**
 * The sandbox's Worker entry: `/apiservices/*` and, with static assets, the site (`worker/handler.ts`).
 * The portal's Worker, which wrangler.jsonc deploys, is this plus the MCP server at `/mcp`
 * (mcp/src/worker/entry.ts); `worker/build.ts` bundles either.
 */
import {workerFetch} from './worker/handler';

export type {WorkerEnv, RateLimiter} from './worker/handler';

// A Worker module exports its handlers only (workerd refuses any other export)
export default {fetch: workerFetch()};
