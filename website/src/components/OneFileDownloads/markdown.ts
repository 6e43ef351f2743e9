/**
 * The markdown form of `OneFileDownloads` (./index.tsx): the same table, from the same files (the downloads
 * plugin's, given to the forms by src/plugins/llms) and words (./files.ts): each file linked, what it
 * holds, its size, its SHA-256 and its checksum file. Registered in ../markdown.ts.
 */
import {markdownCode, markdownText, type ComponentForms} from '@portal/content';
import type {DownloadInfo} from '../../plugins/downloads/downloads';
import {descriptions, formatSize, shownFiles} from './files';

export const oneFileDownloadsMarkdown = (downloads: readonly DownloadInfo[]): ComponentForms => ({
  OneFileDownloads: ({props}) => {
    const only = props.only as string[] | undefined;
    const files = shownFiles(downloads, only);
    if (!files.length)
      throw new Error(`<OneFileDownloads> has no file to show (only: ${String(only)}): did the downloads plugin run?`);
    return [
      '| File | What it holds | Size | SHA-256 |',
      '| - | - | - | - |',
      ...files.map(
        (file) =>
          `| [${markdownCode(file.name)}](${file.path}) | ${markdownText(descriptions[file.name] ?? '')} | ${formatSize(file.bytes)} | ${markdownCode(file.sha256)} [${markdownText(`${file.name}.sha256`)}](${file.checksumPath}) |`,
      ),
    ].join('\n');
  },
});
