/**
 * The Node entry: `npm run sandbox` (http://127.0.0.1:4010), `npm run sandbox -- --port <p> --host <h>`.
 * Loads the bundles through @portal/specs/node, then serves the app. `--secret` (or the
 * SANDBOX_TOKEN_SECRET environment variable) sets the token secret shared by instances; `--strict`
 * also refuses body fields the specs do not declare (app.ts, `SandboxOptions.strict`).
 */
import {parseArgs} from 'node:util';
import {serve} from '@hono/node-server';
import {loadBundles} from '@portal/specs/node';
import {createApp} from './app';
import {nodeTokenCodec} from './nodeTokenCodec';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export function parseOptions(args: string[]): {port: number; host: string; secret?: string; strict: boolean} {
  const {values} = parseArgs({
    args,
    options: {
      port: {type: 'string', short: 'p', default: String(DEFAULT_PORT)},
      host: {type: 'string', short: 'H', default: DEFAULT_HOST},
      secret: {type: 'string'},
      strict: {type: 'boolean', default: false},
    },
    strict: true,
    allowPositionals: false,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number, not ${values.port}`);
  return {
    port,
    host: values.host!,
    secret: values.secret ?? process.env.SANDBOX_TOKEN_SECRET,
    strict: values.strict === true,
  };
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const app = createApp({
    bundles: loadBundles(),
    secret: options.secret,
    tokenCodec: nodeTokenCodec,
    strict: options.strict,
  });
  const server = serve({fetch: app.fetch, port: options.port, hostname: options.host}, (info) => {
    const mode = options.strict ? '; strict: undeclared body fields refused' : '';
    console.log(`Sandbox listening on http://${options.host}:${info.port} (keys start with sandbox_${mode})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) main();
