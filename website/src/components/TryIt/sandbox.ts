/**
 * The in-browser sandbox: the same Hono app the Node sandbox runs (`@portal/sandbox/browser`,
 * sandbox/src/browser.ts), answering the console's requests inside the page, so Try it works on a
 * static host with no server and no key beyond a `sandbox_` one. One app per API, made on first use from
 * the bundle the page fetched (`/openapi/<slug>.json`). Loaded with the console only.
 */
import type {OpenApiDocument} from '@portal/specs';
import {sandboxFetch} from '@portal/sandbox/browser';

const apps = new Map<string, (request: Request) => Promise<Response> | undefined>();

/** Answers a request with the in-browser sandbox for the API `slug`. */
export async function askSandbox(slug: string, doc: OpenApiDocument, request: Request): Promise<Response> {
  let app = apps.get(slug);
  if (!app) {
    app = sandboxFetch(new Map([[slug, doc]]));
    apps.set(slug, app);
  }
  const answer = app(request);
  if (!answer) throw new Error(`The sandbox answers only /apiservices/ paths, not ${new URL(request.url).pathname}`);
  return answer;
}
