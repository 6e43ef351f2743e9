/**
 * `@portal/sandbox/browser`: the sandbox as a fetch handler inside a page or a service worker (the
 * try-it console answers its calls with it on a static host). The bundles are passed in (fetched from
 * `/openapi/<slug>.json`, or bundled by the build), and so are the request validators where a page's
 * Content-Security-Policy allows no `new Function` (the site's, website/src/plugins/precompiledValidators): the
 * schemas they cover are then not compiled. Everything it imports is browser-safe: no `node:`
 * module, no `process` or `Buffer`; tokens are signed with Web Crypto and `CompressionStream`
 * (`browser.test.ts` bundles it for the browser with esbuild and runs it with Web globals only).
 */
import type {OpenApiDocument} from '@portal/specs';
import {createApp, type SandboxOptions} from './app';

/** A fetch handler for a service worker: answers requests to `/apiservices/`, leaves the others. */
export function sandboxFetch(
  bundles: Map<string, OpenApiDocument>,
  {
    // In a page the site is the page's origin: the error bodies' help links point to its catalogue
    siteUrl = (globalThis as {location?: {origin?: string}}).location?.origin ?? '',
    precompiledValidators,
  }: Pick<SandboxOptions, 'siteUrl' | 'precompiledValidators'> = {},
): (request: Request) => Promise<Response> | undefined {
  const app = createApp({bundles, siteUrl, precompiledValidators});
  return (request) =>
    new URL(request.url).pathname.startsWith('/apiservices/') ? Promise.resolve(app.fetch(request)) : undefined;
}
