/**
 * The hosted sandbox's abuse limits (the portal's Worker, deploy/src/app.ts), written here once for the pages
 * that show them (`@portal/sandbox/worker/limits`) and for the tests: `deploy/wrangler.jsonc` declares
 * the same `ratelimits` bindings (`config.test.ts` proves it). The platform's rate-limiting binding counts
 * requests per key in a window of `periodSeconds` (10 or 60, nothing else) in each Cloudflare location,
 * with no store of ours. Over a limit the Worker answers 429 with `Retry-After: <periodSeconds>` (the
 * binding does not say when the window ends, so that is the longest wait) and the sandbox's error body.
 * Local runs in workerd (`npm run sandbox:worker`, `npm run serve:worker`) read the same bindings from
 * wrangler.jsonc; the Node sandbox (`npm run sandbox`) has no limits at all. `overLimit` decides, for the
 * portal's Worker (deploy/src/app.ts), whether a request is over a limit.
 */

/** The periods the platform's rate-limiting binding accepts, in seconds. */
export const RATE_LIMIT_PERIODS = [10, 60] as const;
export type RateLimitPeriod = (typeof RATE_LIMIT_PERIODS)[number];

export interface RateLimit {
  /** The binding's name in wrangler.jsonc (`env.<binding>` in the Worker). */
  binding: string;
  /** The binding's `namespace_id`: any integer, unique in the Cloudflare account that deploys it. */
  namespaceId: string;
  /** What the Worker counts requests by. */
  countedBy: string;
  /** Requests allowed per period. */
  limit: number;
  periodSeconds: RateLimitPeriod;
}

/**
 * Per client address (`CF-Connecting-IP`, which Cloudflare sets) and per key (`x-api-key`; a call without
 * one counts only against its address). Preflights (`OPTIONS`) are not counted; every other request to
 * `/apiservices/` is, whatever it answers. The figures allow a live search polled every second
 * (the guides' loops) with room to spare, and stop a script hammering the sandbox.
 */
export const HOSTED_RATE_LIMITS = {
  perAddress: {
    binding: 'RATE_LIMIT_BY_ADDRESS',
    namespaceId: '4010',
    countedBy: 'the client address (CF-Connecting-IP)',
    limit: 300,
    periodSeconds: 60,
  },
  perKey: {
    binding: 'RATE_LIMIT_BY_KEY',
    namespaceId: '4011',
    countedBy: 'the key (x-api-key)',
    limit: 120,
    periodSeconds: 60,
  },
} as const satisfies Record<'perAddress' | 'perKey', RateLimit>;

/** The bindings the limits read (the portal's Worker has them: deploy/wrangler.jsonc). */
export interface LimitsEnv {
  RATE_LIMIT_BY_ADDRESS?: {limit(options: {key: string}): Promise<{success: boolean}>};
  RATE_LIMIT_BY_KEY?: {limit(options: {key: string}): Promise<{success: boolean}>};
  /** The JSON of the limits the bindings were given when they are not `HOSTED_RATE_LIMITS` (local runs: deploy/src/local.ts). */
  SANDBOX_RATE_LIMITS?: string;
}

type Limits = Record<keyof typeof HOSTED_RATE_LIMITS, {limit: number; periodSeconds: number}>;

export function limitsOf(env: LimitsEnv): Limits {
  if (!env.SANDBOX_RATE_LIMITS) return HOSTED_RATE_LIMITS;
  return {...HOSTED_RATE_LIMITS, ...(JSON.parse(env.SANDBOX_RATE_LIMITS) as Partial<Limits>)};
}

/**
 * A refusal as the Worker answers it (`sandboxRefusal` of ./index.ts makes it the sandbox's error body): its status, sentence, the
 * seconds to wait and no failing field. Plain data, so this file stays free of the sandbox's code: the site
 * reads its figures.
 */
export interface LimitRefusal {
  status: 429;
  message: string;
  retryAfterSeconds: number;
  violations: [];
}

/** A 429 when the request is over a limit: per client address first, then per key (when it sends one). */
export async function overLimit(request: Request, env: LimitsEnv): Promise<LimitRefusal | undefined> {
  if (request.method === 'OPTIONS') return undefined;
  const limits = limitsOf(env);
  const refuse = (what: string, {limit, periodSeconds}: Limits['perKey']): LimitRefusal => ({
    status: 429,
    message: `Too many requests ${what}: the hosted sandbox answers at most ${limit} per ${periodSeconds} seconds ${what}; retry after ${periodSeconds} seconds, or run the sandbox on your machine (node sandbox.mjs, from the Downloads page), which has no limits`,
    retryAfterSeconds: periodSeconds,
    violations: [],
  });
  const address = request.headers.get('cf-connecting-ip') ?? 'unknown';
  if (env.RATE_LIMIT_BY_ADDRESS && !(await env.RATE_LIMIT_BY_ADDRESS.limit({key: `address:${address}`})).success) {
    return refuse('from one client address', limits.perAddress);
  }
  const apiKey = request.headers.get('x-api-key');
  if (
    apiKey &&
    env.RATE_LIMIT_BY_KEY &&
    !(await env.RATE_LIMIT_BY_KEY.limit({key: `key:${apiKey.slice(0, 256)}`})).success
  ) {
    return refuse('with one key', limits.perKey);
  }
  return undefined;
}
