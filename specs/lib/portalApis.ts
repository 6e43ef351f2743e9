/**
 * The portal's own API, the hosted integration check's (`specs/check-api/`, served by check/src/hosted/api.ts):
 * listed in `redocly.yaml`, linted and bundled like the partner APIs, and kept apart from them everywhere else.
 * It is not one of the thirteen (`listedSlugs` and `loadBundles` of ./bundles.ts leave it out), it is always
 * bundled from this repository (never fetched with `SPECS_FROM`), and it gets no generated code samples or
 * Postman collection (the sandbox does not serve it). Browser-safe: the Worker names its bundle by this slug.
 */
export const CHECK_API_SLUG = 'check-api';

/**
 * Whether an API's reference page offers Try it on its operations: every partner API does; a specification
 * that says `x-try-it: false` at its root (the check API's, which the sandbox does not serve) does not.
 */
export const offersTryIt = (doc: object): boolean => (doc as {'x-try-it'?: unknown})['x-try-it'] !== false;
