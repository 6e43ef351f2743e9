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

/** One row per one file: its link, what it holds, its size, its SHA-256 and its checksum file (./files.ts). */
export default function OneFileDownloads({only}: {only?: string[]}): ReactNode {
  const files = shownFiles(useDownloads(), only);
  return (
    <div className={styles.wrapper}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">What it holds</th>
            <th scope="col">Size</th>
            <th scope="col">SHA-256</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.name} data-download={file.name}>
              <th scope="row">
                <FileLink path={file.path}>
                  <code>{file.name}</code>
                </FileLink>
              </th>
              <td>{descriptions[file.name] ?? ''}</td>
              <td className={styles.nowrap}>{formatSize(file.bytes)}</td>
              <td>
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
