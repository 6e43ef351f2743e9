/**
 * The in-browser sandbox: the same Hono app the Node sandbox runs (`@portal/sandbox/browser`,
 * sandbox/src/browser.ts), answering the console's requests inside the page, so Try it works on a
 * static host with no server and no key beyond a `sandbox_` one. One app per API, made on first use from
 * the bundle the page fetched (`/openapi/<slug>.json`) and the API's request validators compiled when the site
 * was built (the page's policy allows no `new Function`: src/plugins/precompiledValidators). Loaded with the
 * console only; each API's validators with its first call.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import {sandboxFetch} from '@portal/sandbox/browser';
import {loadPrecompiledValidators} from '@generated/precompiled-validators';

const apps = new Map<string, Promise<(request: Request) => Promise<Response> | undefined>>();

/** The request validators of the API `slug`, for whatever checks its requests in the page (the check's timeline). */
export const validatorsOf = (slug: string): Promise<PrecompiledValidators> => loadPrecompiledValidators([slug]);

/** Answers a request with the in-browser sandbox for the API `slug`. */
export async function askSandbox(slug: string, doc: OpenApiDocument, request: Request): Promise<Response> {
  let app = apps.get(slug);
  if (!app) {
    app = validatorsOf(slug).then((precompiledValidators) =>
      sandboxFetch(new Map([[slug, doc]]), {precompiledValidators}),
    );
    app.catch(() => apps.delete(slug));
    apps.set(slug, app);
  }
  const answer = (await app)(request);
  if (!answer) throw new Error(`The sandbox answers only /apiservices/ paths, not ${new URL(request.url).pathname}`);
  return answer;
}
