/**
 * The downloads of each specification (./artefacts.ts, which the markdown form ./markdown.ts reads too): a
 * table with a row per API of config/apis.ts, and the link to the sandbox's Postman environment.
 */
import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {apis, referencePath} from '@site/config/apis';
import Link from '@docusaurus/Link';
import {artefacts, fileName, sandboxEnvironmentUrl} from './artefacts';
import styles from './styles.module.css';

/** A download link to a static file (not a route, so a plain anchor, with the file's name). */
function FileLink({path, children, label}: {path: string; children: ReactNode; label: string}): ReactNode {
  return (
    <a href={useBaseUrl(path)} download={fileName(path)} aria-label={label}>
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
                      <code>{fileName(path)}</code>
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
