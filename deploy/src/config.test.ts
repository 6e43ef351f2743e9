/**
 * `deploy/wrangler.jsonc`, read as wrangler reads it: the rate limits are `HOSTED_RATE_LIMITS` (what the site
 * shows), the secret is no var, no account is named, `/apiservices/*` and `/mcp` reach the Worker first and the rest is
 * the site's build; the local runs start Miniflare with the same
 * bindings and no way out (no `cf.json` fetch, every outbound request refused).
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {HOSTED_RUN_RATE_LIMITS} from '@portal/check/hosted';
import {HOSTED_RATE_LIMITS, RATE_LIMIT_PERIODS} from '@portal/sandbox/worker/limits';
import {WORKER_PATHS} from './paths';
import {SECRET_BINDING} from '@portal/sandbox/worker/secret';
import {
  DEFAULT_WORKER_HOST,
  DEFAULT_WORKER_PORT,
  LOCAL_DEVELOPMENT_SECRET,
  parseLocalOptions,
  readWranglerConfig,
  wranglerConfigPath,
  workerOptions,
} from './local';

const config = readWranglerConfig();

describe('wrangler.jsonc', () => {
  it('declares the rate limits HOSTED_RATE_LIMITS and HOSTED_RUN_RATE_LIMITS state, with periods the platform accepts', () => {
    const declared = config.ratelimits as {name: string; namespace_id: string; simple: unknown}[];
    const stated = [...Object.values(HOSTED_RATE_LIMITS), ...Object.values(HOSTED_RUN_RATE_LIMITS)];
    expect(declared.map(({name, namespace_id, simple}) => ({name, namespace_id, simple}))).toEqual(
      expect.arrayContaining(
        stated.map((limit) => ({
          name: limit.binding,
          namespace_id: limit.namespaceId,
          simple: {limit: limit.limit, period: limit.periodSeconds},
        })),
      ),
    );
    expect(declared).toHaveLength(stated.length);
    for (const limit of stated) expect(RATE_LIMIT_PERIODS).toContain(limit.periodSeconds);
  });

  it('binds one Durable Object class for hosted check runs, on the SQLite backend', () => {
    expect(config.durable_objects.bindings).toEqual([{name: 'CHECK_RUNS', class_name: 'CheckRun'}]);
    expect(config.migrations).toEqual([{tag: 'v1', new_sqlite_classes: ['CheckRun']}]);
  });

  it('names no account and holds no secret: the secrets are declared, never given; every var is empty', () => {
    const text = fs.readFileSync(wranglerConfigPath, 'utf8');
    expect(text).not.toMatch(/"account_id"/);
    expect(config.account_id).toBeUndefined();
    expect(config.vars).toEqual({SITE_URL: '', CHECK_PREVIOUS_KEYS: '', BUILD_COMMIT: '', SANDBOX_RATE_LIMITS: ''});
    expect(config.secrets).toEqual({required: [SECRET_BINDING, 'CHECK_SIGNING_KEY']});
    for (const secret of config.secrets!.required!) expect(Object.keys(config.vars)).not.toContain(secret);
  });

  it('serves the site build as static assets and runs the Worker first for the sandbox paths', () => {
    expect(config.assets).toMatchObject({binding: 'ASSETS', run_worker_first: WORKER_PATHS});
    expect(config.assets?.directory).toMatch(/website\/build$/);
    expect(config.main).toMatch(/deploy\/dist\/worker\.js$/);
    // The portal's Worker (src/worker.ts: the Hono app of src/app.ts and the run objects), built by src/build.ts
    expect(config.build.command).toBe('npx tsx src/build.ts');
  });
});

describe('the local runs (npm run sandbox:worker, npm run serve:worker)', () => {
  it('serve on 127.0.0.1:8787 unless told, and take the secret, the site and its origin', () => {
    expect(parseLocalOptions([], {})).toEqual({port: DEFAULT_WORKER_PORT, host: DEFAULT_WORKER_HOST});
    expect(DEFAULT_WORKER_PORT).toBe(8787);
    expect(
      parseLocalOptions(['--port', '9000', '--host', '0.0.0.0', '--secret', 's', '--site'], {
        SITE_URL: 'https://developers.example.com',
      }),
    ).toEqual({port: 9000, host: '0.0.0.0', secret: 's', assets: true, siteUrl: 'https://developers.example.com'});
    expect(parseLocalOptions([], {SANDBOX_TOKEN_SECRET: 'from-env'})).toMatchObject({secret: 'from-env'});
    expect(() => parseLocalOptions(['--port', 'x'], {})).toThrow('--port must be a port number');
    // A rotation tried locally, and runs kept across a restart (a folder from where the command was typed)
    const set = '{"keys":[]}';
    expect(parseLocalOptions(['--previous-keys', set, '--persist', 'runs'], {INIT_CWD: '/tmp/partner'})).toMatchObject({
      previousKeys: set,
      persist: '/tmp/partner/runs',
    });
    expect(parseLocalOptions([], {CHECK_PREVIOUS_KEYS: set})).toMatchObject({previousKeys: set});
    expect(workerOptions({previousKeys: set}, '/tmp/worker.js').options.bindings).toMatchObject({
      CHECK_PREVIOUS_KEYS: set,
    });
    expect(workerOptions({persist: '/tmp/partner/runs'}, '/tmp/worker.js').options).toMatchObject({
      durableObjectsPersist: '/tmp/partner/runs',
    });
    expect(() => parseLocalOptions(['--site-url', 'example.com/docs'], {})).toThrow('--site-url must be an origin');
  });

  it("start Miniflare with wrangler.jsonc's bindings, the local development secret unless given, and no way out", async () => {
    const {options, secret} = workerOptions({}, '/tmp/worker.js');
    const started = options as Record<string, unknown> & {bindings: Record<string, string>};
    expect(secret).toBe(LOCAL_DEVELOPMENT_SECRET);
    expect(started.bindings).toEqual({
      SITE_URL: '',
      CHECK_PREVIOUS_KEYS: '',
      BUILD_COMMIT: '',
      SANDBOX_RATE_LIMITS: '',
      [SECRET_BINDING]: LOCAL_DEVELOPMENT_SECRET,
    });
    expect(started.ratelimits).toEqual(
      Object.fromEntries(
        [...Object.values(HOSTED_RATE_LIMITS), ...Object.values(HOSTED_RUN_RATE_LIMITS)].map((limit) => [
          limit.binding,
          expect.objectContaining({simple: {limit: limit.limit, period: limit.periodSeconds}}),
        ]),
      ),
    );
    expect(started.assets).toBeUndefined();
    // No cf.json from workers.cloudflare.com, no inspector, and the Worker's fetch() reaches nothing
    expect(started.cf).toBe(false);
    expect(started.inspectorPort).toBeUndefined();
    const outbound = started.outboundService as (request: Request) => Response;
    expect(outbound(new Request('https://example.com/')).status).toBe(502);
    expect(workerOptions({secret: ''}, '/tmp/worker.js').options.bindings).not.toHaveProperty(SECRET_BINDING);
  });

  it('route /apiservices/* and /mcp to the Worker first with the site build as assets, as the deploy does', () => {
    const dir = fs.mkdtempSync('/tmp/portal-assets-');
    fs.writeFileSync(`${dir}/index.html`, '<h1>site</h1>');
    const {options} = workerOptions({assets: dir}, '/tmp/worker.js');
    expect((options as {assets?: unknown}).assets).toMatchObject({
      directory: dir,
      binding: 'ASSETS',
      routerConfig: {has_user_worker: true, static_routing: {user_worker: WORKER_PATHS}},
      assetConfig: {not_found_handling: '404-page', html_handling: 'auto-trailing-slash'},
    });
    expect(() => workerOptions({assets: '/nonexistent-build'}, '/tmp/worker.js')).toThrow('run `npm run build` first');
    fs.rmSync(dir, {recursive: true});
  });
});
