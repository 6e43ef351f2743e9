/**
 * The Node entry: `npm run sandbox` (http://127.0.0.1:4010), `npm run sandbox -- --port <p> --host <h>`.
 * Loads the bundles through @portal/specs/node, then serves the app. `--secret` (or the
 * SANDBOX_TOKEN_SECRET environment variable) sets the token secret shared by instances; `--strict`
 * also refuses body fields the specs do not declare (app.ts, `SandboxOptions.strict`); `--site-url` (or
 * SITE_URL) makes the error bodies' help links absolute. `npm run sandbox -- check ...` is the integration
 * check (check/cli.ts).
 */
import {parseArgs} from 'node:util';
import {serve} from '@hono/node-server';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {createApp} from './app';
import {runCheck, stopAllPrograms} from './check/cli';
import {nodeTokenCodec} from './nodeTokenCodec';
import {portAndSiteUrl} from './serveOptions';

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
 * Serves the sandbox on `bundles`, or runs the check (`argv[0] === 'check'`) in `cwd`. `npm run sandbox`
 * passes the bundles on disk; the one file for partners (oneFile/entry.ts) the ones built into it.
 */
export function main(
  bundles: Map<string, OpenApiDocument>,
  argv: string[],
  // The program and the report: in the repository's folder for `npm run sandbox` (npm runs this in
  // sandbox/ and sets INIT_CWD to the folder of the root package.json), where it is run for the one file
  cwd = process.env.INIT_CWD ?? process.cwd(),
  // How the reader ran it, for the check's usage
  invocation?: string,
): void {
  if (argv[0] === 'check') {
    process.once('SIGINT', () => {
      stopAllPrograms();
      process.exit(130);
    });
    runCheck(argv.slice(1), {
      cwd,
      env: process.env,
      bundles,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      invocation,
    }).then(
      (code) => process.exit(code),
      (error: unknown) => {
        stopAllPrograms();
        console.error('check: failed', error);
        process.exit(2);
      },
    );
    return;
  }
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
if (typeof module !== 'undefined' && require.main === module) main(loadBundles(), process.argv.slice(2));
