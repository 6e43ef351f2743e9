/**
 * What the commands that serve the sandbox check of their options alike: `--port` a port number and
 * `--site-url` (or SITE_URL) an origin. Used by the Node entry (node.ts) and the local Worker runs
 * (worker/local.ts), each with its own other options.
 */

/** The port and site origin of parsed options, or an error naming the option and what it was given. */
export function portAndSiteUrl(
  values: {port?: string; 'site-url'?: string},
  env: NodeJS.ProcessEnv,
): {port: number; siteUrl: string | undefined} {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number, not ${values.port}`);
  const siteUrl = values['site-url'] ?? env.SITE_URL;
  if (siteUrl !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(siteUrl))
    throw new Error(`--site-url must be an origin such as https://developers.example.com, not ${siteUrl}`);
  return {port, siteUrl};
}
