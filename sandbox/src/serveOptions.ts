/**
 * What the commands that serve the sandbox check of their options alike: `--port` a port number and
 * `--site-url` (or SITE_URL) an origin, `node:util` `parseArgs` with its errors as one sentence each
 * (`OptionError`), and the one sentence for an address already in use. Used by the Node entry (node.ts)
 * and the local Worker runs (deploy/src/local.ts), each with its own other options.
 */
import {parseArgs, type ParseArgsConfig} from 'node:util';

/** A usage error of a command's options: one sentence, for a one-line message and exit code 2. */
export class OptionError extends Error {}

/**
 * `parseArgs` (strict, no positionals) with its errors as `OptionError`s naming the option: `unknown option
 * --prot`, `--port needs a value`, `unexpected argument chek`.
 */
export function parseOptionValues<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({args, options, strict: true, allowPositionals: false}).values;
  } catch (error) {
    const {code, message} = error as {code?: string; message: string};
    // Node's messages quote what they are about: `Unknown option '--prot'`, `Option '-p, --port <value>' ...`
    const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new OptionError(`unknown option ${quoted}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new OptionError(`${/--[\w-]+/.exec(quoted)?.[0] ?? quoted} needs a value`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new OptionError(`unexpected argument ${quoted}`);
    throw error;
  }
}

/** The sentence for a server that cannot listen (`EADDRINUSE`, `EACCES`), or undefined for another error. */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string | undefined {
  if (error.code === 'EADDRINUSE')
    return `${host}:${port} is already in use: stop what listens there, or pass --port <another port> (0 for any free one)`;
  if (error.code === 'EACCES') return `${host}:${port} needs privileges this user lacks: pass --port above 1023`;
  if (error.code === 'EADDRNOTAVAIL') return `${host} is no address of this machine: pass --host 127.0.0.1`;
  return undefined;
}

/** The port and site origin of parsed options, or an error naming the option and what it was given. */
export function portAndSiteUrl(
  values: {port?: string; 'site-url'?: string},
  env: NodeJS.ProcessEnv,
): {port: number; siteUrl: string | undefined} {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new OptionError(`--port must be a port number from 0 to 65535, not ${values.port}`);
  const siteUrl = values['site-url'] ?? env.SITE_URL;
  if (siteUrl !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(siteUrl))
    throw new OptionError(`--site-url must be an origin such as https://developers.example.com, not ${siteUrl}`);
  return {port, siteUrl};
}
