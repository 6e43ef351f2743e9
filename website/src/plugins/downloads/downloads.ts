/**
 * The pure core of the downloads plugin (./index.ts): what the pages say of each one file (its path,
 * size and SHA-256) and the checksum file beside it, in the format `sha256sum --check` reads.
 */
import {createHash} from 'node:crypto';

/** The folder of the build the files are written to: `/downloads/sandbox.mjs`. */
export const DOWNLOADS_DIR = 'downloads';

/** What the pages show of one file (the plugin's global data, read by src/components/OneFileDownloads). */
export interface DownloadInfo {
  /** `sandbox.mjs`. */
  name: string;
  /** Its path on the site: `/downloads/sandbox.mjs`. */
  path: string;
  /** Its checksum file's path: `/downloads/sandbox.mjs.sha256`. */
  checksumPath: string;
  bytes: number;
  /** The SHA-256 of its bytes, in lower-case hex. */
  sha256: string;
}

/** The plugin's global data. */
export interface DownloadsData {
  files: DownloadInfo[];
}

export function downloadInfo(name: string, contents: Uint8Array): DownloadInfo {
  const path = `/${DOWNLOADS_DIR}/${name}`;
  return {
    name,
    path,
    checksumPath: `${path}.sha256`,
    bytes: contents.byteLength,
    sha256: createHash('sha256').update(contents).digest('hex'),
  };
}

/** The checksum file: `<hex>  <name>`, one line, as `sha256sum` writes it and `sha256sum -c` reads it. */
export const sha256sumLine = (info: Pick<DownloadInfo, 'name' | 'sha256'>): string => `${info.sha256}  ${info.name}\n`;
