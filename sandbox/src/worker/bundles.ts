/**
 * The bundles built into the Worker: the module `portal:bundles`, which the Worker's build (deploy/src/build.ts)
 * makes from the bundled specifications (`loadBundles()`, in `specs/redocly.yaml`'s order), so the Worker reads
 * no file and no list of the APIs is written here.
 */
import bundles from 'portal:bundles';
import type {OpenApiDocument} from '@portal/specs';

/** The bundled specifications by slug, as `loadBundles()` gives them in Node. */
export const workerBundles = (): Map<string, OpenApiDocument> => new Map(Object.entries(bundles));
