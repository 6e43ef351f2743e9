/**
 * The service-worker entry: the same app, answering the fetches of pages under the worker's scope
 * for the API paths, with the bundles passed in (fetched from `/openapi/<slug>.json` by the page or
 * bundled by the build that packages the worker). Not built yet: the try-it console will register it.
 */
import type {OpenApiDocument} from '@portal/specs';
import {createApp} from './app';

/** A fetch handler for a service worker: answers requests to `/apiservices/`, leaves the others. */
export function sandboxFetch(
  bundles: Map<string, OpenApiDocument>,
): (request: Request) => Promise<Response> | undefined {
  const app = createApp({bundles});
  return (request) =>
    new URL(request.url).pathname.startsWith('/apiservices/') ? Promise.resolve(app.fetch(request)) : undefined;
}
