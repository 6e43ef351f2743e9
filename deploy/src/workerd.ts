/**
 * The portal's Worker (./worker.ts) in workerd, for tests and benchmarks (`@portal/deploy/workerd`):
 * `startWorkerd()` bundles the Worker (once per process), starts it with Miniflare and the bindings of
 * wrangler.jsonc on 127.0.0.1 (a free port unless told), with no network and no account (./local.ts). Options: the
 * token secret (the local development secret unless given; `''` starts it with none, so every sandbox
 * request answers 500), a site build to serve as static assets (`true` for `website/build`), rate limits
 * (none that a suite reaches unless given; `'hosted'` for wrangler.jsonc's), the `SITE_URL` var. Used by the Worker's tests
 * here (worker.test.ts, mcp.test.ts, http.test.ts) and bench/sandbox.ts.
 */
import {startLocalWorker, type LocalLimits} from './local';

/** Limits no test reaches: a suite sends far more than the hosted 120 calls a minute with one key. */
const UNLIMITED: LocalLimits = {
  perAddress: {limit: 1_000_000_000, periodSeconds: 60},
  perKey: {limit: 1_000_000_000, periodSeconds: 60},
};

export interface WorkerdOptions {
  port?: number;
  secret?: string;
  /** A site build folder served as static assets on the same origin (`true`: wrangler.jsonc's `website/build`). */
  assets?: string | boolean;
  /** The rate limits: none reached unless given (`'hosted'`: wrangler.jsonc's, as deployed; periods 10 or 60 s). */
  limits?: LocalLimits | 'hosted';
  siteUrl?: string;
  host?: string;
  /** The hosted check's signing key (one made for the run unless given). */
  signingKey?: string;
  /** A folder for the Durable Objects' storage (in memory unless given). */
  persist?: string;
  /** `CHECK_PREVIOUS_KEYS`: the retired keys the Worker publishes beside its own. */
  previousKeys?: string;
}

export interface RunningWorkerd {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
  /** Milliseconds workerd took to start and answer. */
  startupMs: number;
}

export async function startWorkerd(options: WorkerdOptions = {}): Promise<RunningWorkerd> {
  const {limits = UNLIMITED, ...rest} = options;
  const worker = await startLocalWorker({host: '127.0.0.1', ...rest, ...(limits === 'hosted' ? {} : {limits})});
  return {url: worker.url, close: () => worker.close(), startupMs: worker.startupMs};
}
