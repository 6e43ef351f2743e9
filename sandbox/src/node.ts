/**
 * The Node entry: `npm run sandbox` (http://127.0.0.1:4010), `npm run sandbox -- --port <p> --host <h>`.
 * Loads the bundles through @portal/specs/node, then serves the app. `--secret` (or the
 * SANDBOX_TOKEN_SECRET environment variable) sets the token secret shared by instances; `--strict`
 * also refuses body fields the specs do not declare (app.ts, `SandboxOptions.strict`); `--site-url` (or
 * SITE_URL) makes the error bodies' help links absolute. The partner's command (`npm run sandbox`,
 * `node sandbox.mjs`), which adds the integration check, is @portal/check's (check/src/command.ts).
 */
import {parseArgs} from 'node:util';
import {serve} from '@hono/node-server';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {createApp} from './app';
import {nodeTokenCodec} from './nodeTokenCodec';
import {portAndSiteUrl} from './serveOptions';

export {nodeTokenCodec, portAndSiteUrl};

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export function parseOptions(args: string[]): {
  port: number;
  host: string;
  secret?: string;
  strict: boolean;
  siteUrl?: string;
} {
  const {values} = parseArgs({
    args,
    options: {
      port: {type: 'string', short: 'p', default: String(DEFAULT_PORT)},
      host: {type: 'string', short: 'H', default: DEFAULT_HOST},
      secret: {type: 'string'},
      strict: {type: 'boolean', default: false},
      'site-url': {type: 'string'},
    },
    strict: true,
    allowPositionals: false,
  });
  const {port, siteUrl} = portAndSiteUrl(values, process.env);
  return {
    port,
    host: values.host!,
    secret: values.secret ?? process.env.SANDBOX_TOKEN_SECRET,
    strict: values.strict === true,
    ...(siteUrl === undefined ? {} : {siteUrl}),
  };
}

/**
 * Serves the sandbox on `bundles` with the options of `argv` until SIGINT or SIGTERM. `npm run sandbox` passes
 * the bundles on disk; the one file for partners (@portal/check's `sandbox.mjs`) the ones built into it.
 */
export function serveSandbox(bundles: Map<string, OpenApiDocument>, argv: string[]): void {
  const options = parseOptions(argv);
  const app = createApp({
    bundles,
    secret: options.secret,
    tokenCodec: nodeTokenCodec,
    strict: options.strict,
    siteUrl: options.siteUrl,
  });
  const server = serve({fetch: app.fetch, port: options.port, hostname: options.host}, (info) => {
    const mode = options.strict ? '; strict: undeclared body fields refused' : '';
    console.log(`Sandbox listening on http://${options.host}:${info.port} (keys start with sandbox_${mode})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// `typeof module`: in the one file (an ES module) there is no `module`, and its entry calls `main`
if (typeof module !== 'undefined' && require.main === module) serveSandbox(loadBundles(), process.argv.slice(2));
