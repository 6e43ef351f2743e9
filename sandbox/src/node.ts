/**
 * The Node entry: `npm run sandbox` (http://127.0.0.1:4010), `npm run sandbox -- --port <p> --host <h>`.
 * Loads the bundles through @portal/specs/node, then serves the app. `--secret` (or the
 * SANDBOX_TOKEN_SECRET environment variable) sets the token secret shared by instances; `--strict`
 * also refuses body fields the specs do not declare (app.ts, `SandboxOptions.strict`); `--site-url` (or
 * SITE_URL) makes the error bodies' help links absolute. The partner's command (`npm run sandbox`,
 * `node sandbox.mjs`), which adds the integration check, is @portal/check's (check/src/command.ts).
 */
import {serve} from '@hono/node-server';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {createApp} from './app';
import {nodeTokenCodec} from './nodeTokenCodec';
import {listenProblem, OptionError, parseOptionValues, portAndSiteUrl} from './serveOptions';

export {listenProblem, nodeTokenCodec, OptionError, parseOptionValues, portAndSiteUrl};

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

/** The serving options, as `--help` gives them (`invocation`: how the reader runs the command). */
export const serveUsage = (
  invocation: string,
): string => `  ${invocation} [--port <p>] [--host <h>] [--secret <s>] [--strict] [--site-url <origin>]

Serves the sandbox: every operation of the thirteen APIs at its real path (/apiservices/...), with the
specifications' validation, create and poll, and deterministic data. Keys: any key that starts with sandbox_;
never send a real key.
  --port <p>            the port (default ${DEFAULT_PORT}; 0 for any free one)
  --host <h>            the address to listen on (default ${DEFAULT_HOST}; 0.0.0.0 for every address of the machine)
  --secret <s>          the secret session tokens are signed with (or SANDBOX_TOKEN_SECRET): sandboxes given the
                        same secret answer each other's polls
  --strict              also refuse, with a 400 naming them, body fields the specifications do not declare (without
                        it such a field, a misspelled one say, is accepted and has no effect)
  --site-url <origin>   the portal's address, for the error bodies' help links (or SITE_URL)`;

/** The options of `argv`; an `OptionError` names what is wrong. */
export function parseOptions(args: string[]): {
  port: number;
  host: string;
  secret?: string;
  strict: boolean;
  siteUrl?: string;
} {
  const values = parseOptionValues(args, {
    port: {type: 'string', short: 'p', default: String(DEFAULT_PORT)},
    host: {type: 'string', short: 'H', default: DEFAULT_HOST},
    secret: {type: 'string'},
    strict: {type: 'boolean', default: false},
    'site-url': {type: 'string'},
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
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    console.error(`sandbox: ${error.message}`);
    process.exit(2);
  }
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
  server.once('error', (error: NodeJS.ErrnoException) => {
    const problem = listenProblem(error, options.host, options.port);
    if (!problem) throw error;
    console.error(`sandbox: ${problem}`);
    process.exit(1);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// `typeof module`: in the one file (an ES module) there is no `module`, and its entry calls `main`
if (typeof module !== 'undefined' && require.main === module) serveSandbox(loadBundles(), process.argv.slice(2));
