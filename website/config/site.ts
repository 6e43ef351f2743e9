/** Site-wide constants that more than one config file needs. */

/** The origin a build without `SITE_URL` is made for: the local server of `npm run serve`. */
export const localSiteUrl = 'http://localhost:3000';

/** What a production build without `SITE_URL` prints, once. */
export const missingSiteUrlWarning = [
  '',
  '!!! SITE_URL is not set: this production build is made for the local address ' + localSiteUrl + '.',
  '!!! The sitemap, the canonical links and the social card (og:image) of every page will point there.',
  '!!! Build with the public origin to deploy, e.g. SITE_URL=https://developers.example.com npm run build',
  '',
].join('\n');

/**
 * The public origin of the site (Docusaurus `url`), from `SITE_URL`. Without it, builds still work (the
 * tests build without it) for `localSiteUrl`, and a production build warns loudly: once per process,
 * although Docusaurus loads the config more than once per build.
 */
export function siteUrl(
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = warnOncePerProcess,
): string {
  const url = env.SITE_URL?.trim();
  if (url) return url.replace(/\/+$/, '');
  if (env.NODE_ENV === 'production') warn(missingSiteUrlWarning);
  return localSiteUrl;
}

/**
 * Where this build's hosted sandbox answers (`HOSTED_SANDBOX_URL`, an origin): the Worker of
 * deploy/wrangler.jsonc when the provider deploys one, on the site's own origin when the portal and its
 * sandbox are one deploy (`npm run deploy:worker`). Null when the build names none: the Sandbox page then
 * says the portal offers no hosted sandbox for a partner's own calls, and the try-it console offers none.
 * Anything but an origin is refused.
 */
export function hostedSandboxUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env.HOSTED_SANDBOX_URL?.trim();
  if (!url) return null;
  if (!/^https?:\/\/[^/\s?#]+\/?$/.test(url))
    throw new Error(`HOSTED_SANDBOX_URL must be an origin such as https://developers.example.com, not ${url}`);
  return url.replace(/\/+$/, '');
}

const warned = Symbol.for('api-developer-docs.siteUrlWarningShown');

/** `console.warn`, at most once per process for a given message (a flag on `globalThis`, which outlives module reloads). */
export function warnOncePerProcess(message: string, state: Record<symbol, unknown> = globalThis): void {
  const shown = (state[warned] ??= new Set<string>()) as Set<string>;
  if (shown.has(message)) return;
  shown.add(message);
  console.warn(message);
}

/**
 * The provider's affiliates page is not named in the seeds. Partners join the referral programme
 * through the Impact platform, so the footer links there unless the deployment names the page.
 */
export const affiliatesUrl = process.env.AFFILIATES_URL ?? 'https://impact.com/';

/** The announcement bar; change `id` to show a new announcement to readers who dismissed the last. */
export const announcement = {
  id: 'portal-launch-2026-11',
  content:
    'New: the API Developer Documentation portal. Start with the <a href="/docs/intro">introduction</a> or read the <a href="/blog">blog</a>.',
};
