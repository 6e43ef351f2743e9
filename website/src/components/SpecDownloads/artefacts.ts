/**
 * The files the bundle step writes beside each specification (specs/lib/bundle.ts), as served under
 * `/openapi/`: the OpenAPI JSON (`specUrl`) and, with the same name, its YAML, types and Postman
 * collection; and the sandbox's Postman environment beside them. Read by the table (./index.tsx) and its
 * markdown form (./markdown.ts). No React here.
 */
import {specUrl, type Api} from '@portal/content/apis';

export const artefacts = [
  {id: 'json', label: 'OpenAPI JSON', file: (api: Pick<Api, 'slug'>) => specUrl(api)},
  {id: 'yaml', label: 'OpenAPI YAML', file: (api: Pick<Api, 'slug'>) => specUrl(api).replace(/\.json$/, '.yaml')},
  {id: 'types', label: 'TypeScript types', file: (api: Pick<Api, 'slug'>) => specUrl(api).replace(/\.json$/, '.d.ts')},
  {
    id: 'postman',
    label: 'Postman collection',
    file: (api: Pick<Api, 'slug'>) => specUrl(api).replace(/\.json$/, '.postman.json'),
  },
] as const;

/** The Postman environment of the sandbox, beside the collections. */
export const sandboxEnvironmentUrl = '/openapi/sandbox.postman_environment.json';

/** A file's name, the last part of its path. */
export const fileName = (path: string): string => path.split('/').pop() ?? path;
