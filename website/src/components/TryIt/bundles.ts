/**
 * The bundled specifications the console reads, fetched from where the site serves them
 * (`/openapi/<slug>.json`, `specUrl` in config/apis.ts) once per page and kept.
 */
import type {OpenApiDocument} from '@portal/specs';

const fetched = new Map<string, Promise<OpenApiDocument>>();

export function fetchBundle(href: string): Promise<OpenApiDocument> {
  let bundle = fetched.get(href);
  if (!bundle) {
    bundle = fetch(href).then(async (response) => {
      if (!response.ok) throw new Error(`${href} answered ${response.status}`);
      return (await response.json()) as OpenApiDocument;
    });
    bundle.catch(() => fetched.delete(href));
    fetched.set(href, bundle);
  }
  return bundle;
}
