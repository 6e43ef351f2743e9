/**
 * The sandbox Worker in workerd on this machine, with no account, no network and no telemetry:
 * `npm run sandbox:worker` (the Worker alone, http://127.0.0.1:8787) and `npm run serve:worker` (the
 * production build of `website/build` as static assets plus `/apiservices/*` from the Worker, one origin, as
 * the deploy serves them); `-- --port <p> --host <h> --secret <s> --site-url <origin>`. Tests start it
 * through `startWorkerd` of ./workerd.ts.
 *
 * The Worker is built by the build command of wrangler.jsonc, as `wrangler deploy` builds it (the portal's
 * Worker: the sandbox and the MCP server at `/mcp`), into a temporary file (once per process) and run by Miniflare
 * (workerd) with the Worker options wrangler derives from `deploy/wrangler.jsonc`
 * (`unstable_getMiniflareWorkerOptions`: vars, the `ratelimits` bindings, `assets` and their routing), so
 * the configuration is written once; only the secret, `SITE_URL` and, on request, the assets folder and the
 * limits are set here. Miniflare is started with `cf: false` (it would otherwise fetch `cf.json` from
 * workers.cloudflare.com) and an outbound service that refuses every request: the Worker cannot reach
 * anything but its own bindings. Without a secret it uses `LOCAL_DEVELOPMENT_SECRET` and says so.
 */
import {exec} from 'node:child_process';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {generateSigningKey} from '@portal/check/signingKeys';
import {portAndSiteUrl} from '@portal/sandbox/node';
import {HOSTED_RATE_LIMITS, type RateLimitPeriod} from '@portal/sandbox/worker/limits';
import {SECRET_BINDING} from '@portal/sandbox/worker/secret';

type Wrangler = typeof import('wrangler');
type MiniflareModule = typeof import('miniflare');
type MiniflareOptions = ConstructorParameters<MiniflareModule['Miniflare']>[0];

/** `deploy/`: where wrangler.jsonc is. */
export const deployDir = path.resolve(__dirname, '..');
export const wranglerConfigPath = path.join(deployDir, 'wrangler.jsonc');

export const DEFAULT_WORKER_PORT = 8787;
export const DEFAULT_WORKER_HOST = '127.0.0.1';

/**
 * The token secret of a local run given none. It is in this source, so tokens signed with it can be forged:
 * for a machine's own runs only. A deployed Worker has no default (`src/worker.ts` answers 500 without its secret).
 */
export const LOCAL_DEVELOPMENT_SECRET = 'local-development-secret-not-for-deployed-workers';

export type LocalLimits = Partial<
  Record<keyof typeof HOSTED_RATE_LIMITS, {limit: number; periodSeconds: RateLimitPeriod}>
>;

const limitNames = Object.keys(HOSTED_RATE_LIMITS) as (keyof typeof HOSTED_RATE_LIMITS)[];

export interface LocalWorkerOptions {
  /** 0 (the default here) for a free port. */
  port?: number;
  host?: string;
  /** The token secret; undefined: `LOCAL_DEVELOPMENT_SECRET`; `''`: none (every sandbox request answers 500). */
  secret?: string;
  /** Serve a site build as static assets: `true` the folder wrangler.jsonc names (`website/build`), or a folder. */
  assets?: boolean | string;
  /** Other limits than wrangler.jsonc's (the platform accepts periods of 10 or 60 s only). */
  limits?: LocalLimits;
  /** The `SITE_URL` var (wrangler.jsonc leaves it empty). */
  siteUrl?: string;
  /**
   * The key that signs the hosted check's attestations (`CHECK_SIGNING_KEY`, an Ed25519 private JWK). A local
   * run given none makes one for that run (`startLocalWorker`) and says so.
   */
  signingKey?: string;
  /** A folder where the Durable Objects keep their storage (in memory unless given): tests read its bytes. */
  persist?: string;
  /** The retired keys still published (`CHECK_PREVIOUS_KEYS`, a JWK set as JSON): a rotation tried locally. */
  previousKeys?: string;
}

export interface LocalWorker {
  url: string;
  /** The secret the Worker signs with ('' for none) and whether it is the local development one. */
  secret: string;
  assetsDirectory?: string;
  /** Milliseconds from `new Miniflare()` to workerd answering (the bundle and wrangler's config reading apart). */
  startupMs: number;
  /** Whether the attestations' signing key was made for this run (none was given). */
  signingKeyMade: boolean;
  close(): Promise<void>;
}

const requireHere = createRequire(__filename);
// Loaded on first use: wrangler's and Miniflare's modules are large (seconds to load on a busy machine)
let wrangler: Wrangler | undefined;
let miniflare: MiniflareModule | undefined;

function loadWrangler(): Wrangler {
  // Nothing here runs a wrangler command, but no metrics either way
  process.env.WRANGLER_SEND_METRICS = 'false';
  return (wrangler ??= requireHere('wrangler') as Wrangler);
}

let bundled: Promise<string> | undefined;

/**
 * The Worker built by wrangler.jsonc's `build.command` (given the output file as its argument) into a
 * temporary file, once per process (removed when it exits).
 */
export function bundleWorker(): Promise<string> {
  bundled ??= (async () => {
    const command = readWranglerConfig().build.command;
    if (!command) throw new Error(`${wranglerConfigPath} names no build command`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sandbox-worker-'));
    process.once('exit', () => fs.rmSync(dir, {recursive: true, force: true}));
    const outfile = path.join(dir, 'worker.js');
    // The command is wrangler.jsonc's, run as wrangler runs it (by a shell, in the config's folder)
    await new Promise<void>((resolve, reject) =>
      exec(`${command} ${JSON.stringify(outfile)}`, {cwd: deployDir}, (error, stdout, stderr) =>
        error ? reject(new Error(`The Worker's build (${command}) failed: ${(stderr || stdout).trim()}`)) : resolve(),
      ),
    );
    return outfile;
  })();
  return bundled;
}

/** wrangler.jsonc as wrangler reads it (its warnings hidden). */
export function readWranglerConfig(): ReturnType<Wrangler['unstable_readConfig']> {
  return loadWrangler().unstable_readConfig({config: wranglerConfigPath}, {hideWarnings: true});
}

/** The Miniflare options of the Worker as wrangler derives them from wrangler.jsonc, with the local settings. */
export function workerOptions(
  options: LocalWorkerOptions,
  scriptPath: string,
): {options: MiniflareOptions; secret: string; assetsDirectory?: string} {
  const config = readWranglerConfig();
  let assetsDirectory: string | undefined;
  if (options.assets) {
    // wrangler.jsonc's folder is relative to it
    assetsDirectory =
      typeof options.assets === 'string'
        ? path.resolve(options.assets)
        : path.resolve(deployDir, config.assets!.directory!);
    if (!fs.existsSync(path.join(assetsDirectory, 'index.html'))) {
      throw new Error(`${assetsDirectory} holds no site build (no index.html): run \`npm run build\` first`);
    }
    config.assets = {...config.assets!, directory: assetsDirectory};
  } else {
    config.assets = undefined;
  }
  // The limits each binding counts with: wrangler.jsonc's, or those given
  const counted: Record<string, {limit: number; periodSeconds: number}> = {};
  for (const binding of config.ratelimits) {
    const name = limitNames.find((which) => HOSTED_RATE_LIMITS[which].binding === binding.name);
    const given = name && options.limits?.[name];
    if (given) binding.simple = {limit: given.limit, period: given.periodSeconds};
    if (name) counted[name] = {limit: binding.simple.limit, periodSeconds: binding.simple.period};
  }
  const derived = loadWrangler().unstable_getMiniflareWorkerOptions(config).workerOptions;
  const secret = options.secret ?? LOCAL_DEVELOPMENT_SECRET;
  const bindings: Record<string, string> = {...(derived.bindings as Record<string, string>)};
  if (options.siteUrl !== undefined) bindings.SITE_URL = options.siteUrl;
  if (secret) bindings[SECRET_BINDING] = secret;
  if (options.signingKey) bindings.CHECK_SIGNING_KEY = options.signingKey;
  if (options.previousKeys) bindings.CHECK_PREVIOUS_KEYS = options.previousKeys;
  // The 429's message and Retry-After follow the bindings' figures (the Worker cannot read them from a binding)
  if (options.limits) bindings.SANDBOX_RATE_LIMITS = JSON.stringify(counted);
  return {
    options: {
      ...derived,
      name: config.name,
      modules: true,
      scriptPath,
      modulesRoot: path.dirname(scriptPath),
      bindings,
      ...(options.persist ? {durableObjectsPersist: options.persist} : {}),
      // No request to workers.cloudflare.com for the `cf` object, and no way out for the Worker's fetch()
      cf: false,
      outboundService: (request: {url: string}) =>
        new Response(`The local sandbox Worker makes no outbound requests (${request.url})`, {status: 502}),
    } as MiniflareOptions,
    secret,
    ...(assetsDirectory ? {assetsDirectory} : {}),
  };
}

/** Starts the Worker in workerd on `host:port` (127.0.0.1, a free port unless told). */
export async function startLocalWorker(options: LocalWorkerOptions = {}): Promise<LocalWorker> {
  const scriptPath = await bundleWorker();
  const signingKeyMade = !options.signingKey;
  const signingKey = options.signingKey ?? JSON.stringify(await generateSigningKey());
  const {options: derived, secret, assetsDirectory} = workerOptions({...options, signingKey}, scriptPath);
  miniflare ??= requireHere('miniflare') as MiniflareModule;
  const started = Date.now();
  const instance = new miniflare.Miniflare({
    ...derived,
    host: options.host ?? DEFAULT_WORKER_HOST,
    port: options.port ?? 0,
  } as MiniflareOptions);
  let url: URL;
  try {
    url = await instance.ready;
  } catch (error) {
    await instance.dispose().catch(() => undefined);
    throw error;
  }
  return {
    url: url.origin,
    secret,
    ...(assetsDirectory ? {assetsDirectory} : {}),
    startupMs: Date.now() - started,
    signingKeyMade,
    close: () => instance.dispose(),
  };
}

export interface LocalCommandOptions extends LocalWorkerOptions {
  port: number;
  host: string;
}

/** The options of `npm run sandbox:worker` / `npm run serve:worker` (`--site`). */
export function parseLocalOptions(args: string[], env: NodeJS.ProcessEnv = process.env): LocalCommandOptions {
  const {values} = parseArgs({
    args,
    options: {
      port: {type: 'string', short: 'p', default: String(DEFAULT_WORKER_PORT)},
      host: {type: 'string', short: 'H', default: DEFAULT_WORKER_HOST},
      secret: {type: 'string'},
      site: {type: 'boolean', default: false},
      assets: {type: 'string'},
      'site-url': {type: 'string'},
      'signing-key': {type: 'string'},
      'previous-keys': {type: 'string'},
      persist: {type: 'string'},
    },
    strict: true,
    allowPositionals: false,
  });
  const {port, siteUrl} = portAndSiteUrl(values, env);
  const secret = values.secret ?? env.SANDBOX_TOKEN_SECRET;
  const signingKey = values['signing-key'] ?? env.CHECK_SIGNING_KEY;
  const previousKeys = values['previous-keys'] ?? env.CHECK_PREVIOUS_KEYS;
  const persist = values.persist && path.resolve(env.INIT_CWD ?? process.cwd(), values.persist);
  // npm runs the script in the repository's root; a folder given is read from where the command was typed
  const assets = values.assets ? path.resolve(env.INIT_CWD ?? process.cwd(), values.assets) : values.site;
  return {
    port,
    host: values.host!,
    ...(secret ? {secret} : {}),
    ...(signingKey ? {signingKey} : {}),
    ...(previousKeys ? {previousKeys} : {}),
    ...(persist ? {persist} : {}),
    ...(assets ? {assets} : {}),
    ...(siteUrl ? {siteUrl} : {}),
  };
}

async function main(): Promise<void> {
  const options = parseLocalOptions(process.argv.slice(2));
  const worker = await startLocalWorker(options);
  const what = worker.assetsDirectory
    ? `the site (${path.relative(process.cwd(), worker.assetsDirectory) || '.'}), the sandbox at /apiservices/, the MCP server at /mcp and the hosted check at /check/v1`
    : 'the sandbox at /apiservices/, the MCP server at /mcp and the hosted check at /check/v1';
  const lines = [`workerd: ${what} on ${worker.url} (started in ${worker.startupMs} ms; keys start with sandbox_)`];
  if (worker.secret === LOCAL_DEVELOPMENT_SECRET) {
    lines.push(
      'No --secret (or SANDBOX_TOKEN_SECRET): tokens are signed with the local development secret, which is in the source. A deployed Worker has no default: wrangler secret put SANDBOX_TOKEN_SECRET',
    );
  }
  if (worker.signingKeyMade) {
    lines.push(
      `No --signing-key (or CHECK_SIGNING_KEY): the hosted check's attestations are signed with a key made for this run, published at ${worker.url}/.well-known/integration-check-keys.json until it stops.`,
    );
  }
  // One write: a reader that sees the address sees what it signs with too
  console.log(lines.join('\n'));
  const stop = () => {
    worker.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`workerd: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
