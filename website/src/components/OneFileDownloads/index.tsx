import type {ReactNode} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {DownloadInfo, DownloadsData} from '@site/src/plugins/downloads/downloads';
import {descriptions, formatSize, shownFiles} from './files';
import styles from './styles.module.css';

/** The files the site's build made (src/plugins/downloads), in the plugin's order. */
function useDownloads(): DownloadInfo[] {
  return (usePluginData('downloads') as DownloadsData).files;
}

/** A download link to a file of `/downloads/` (not a route, so a plain anchor). */
function FileLink({path, children}: {path: string; children: ReactNode}): ReactNode {
  return (
    <a href={useBaseUrl(path)} download={path.split('/').pop()}>
      {children}
    </a>
  );
}

/**
 * One row per one file: its link, what it holds, its size, its SHA-256 and its checksum file (./files.ts). Where
 * the four columns do not fit (a phone), each row stacks into a card, its cells labelled (./styles.module.css);
 * the roles are written out so the table stays a table to screen readers when its display changes.
 */
export default function OneFileDownloads({only}: {only?: string[]}): ReactNode {
  const files = shownFiles(useDownloads(), only);
  return (
    <div className={styles.wrapper}>
      <table className={styles.table} role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              File
            </th>
            <th scope="col" role="columnheader">
              What it holds
            </th>
            <th scope="col" role="columnheader">
              Size
            </th>
            <th scope="col" role="columnheader">
              SHA-256
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {files.map((file) => (
            <tr key={file.name} data-download={file.name} role="row">
              <th scope="row" role="rowheader">
                <FileLink path={file.path}>
                  <code>{file.name}</code>
                </FileLink>
              </th>
              <td role="cell">{descriptions[file.name] ?? ''}</td>
              <td role="cell" className={styles.nowrap} data-label="Size">
                {formatSize(file.bytes)}
              </td>
              <td role="cell" data-label="SHA-256">
                <code className={styles.checksum}>{file.sha256}</code>{' '}
                <FileLink path={file.checksumPath}>{`${file.name}.sha256`}</FileLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
