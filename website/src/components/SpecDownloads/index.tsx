import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {apis, referencePath, specUrl, type Api} from '@site/config/apis';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

/**
 * The files the bundle step writes beside each specification (specs/lib/bundle.ts), as served under
 * `/openapi/`: the OpenAPI JSON (`specUrl`) and, with the same name, its YAML, types and Postman
 * collection.
 */
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

/** A download link to a static file (not a route, so a plain anchor, with the file's name). */
function FileLink({path, children, label}: {path: string; children: ReactNode; label: string}): ReactNode {
  return (
    <a href={useBaseUrl(path)} download={path.split('/').pop()} aria-label={label}>
      {children}
    </a>
  );
}

/** One row per API of config/apis.ts: its reference page and its four downloads. */
export default function SpecDownloads(): ReactNode {
  return (
    <div className={styles.wrapper}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">API</th>
            {artefacts.map((artefact) => (
              <th scope="col" key={artefact.id}>
                {artefact.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {apis.map((api) => (
            <tr key={api.slug} data-api={api.slug}>
              <th scope="row">
                <Link to={referencePath(api)}>{api.title}</Link>
              </th>
              {artefacts.map((artefact) => {
                const path = artefact.file(api);
                return (
                  <td key={artefact.id}>
                    <FileLink path={path} label={`${api.title}: ${artefact.label}`}>
                      <code>{path.split('/').pop()}</code>
                    </FileLink>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The link to the sandbox's Postman environment. */
export function SandboxEnvironmentLink(): ReactNode {
  return (
    <FileLink path={sandboxEnvironmentUrl} label="Postman environment of the sandbox">
      <code>sandbox.postman_environment.json</code>
    </FileLink>
  );
}
