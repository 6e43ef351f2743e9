/**
 * The one files for partners: builds `sandbox.mjs` (the sandbox, the bundles and the integration check;
 * check/src/oneFile/build.ts) and `mcp.mjs` (the MCP server with the pages and bundles;
 * mcp/src/oneFile/build.ts) when the content loads, gives the pages each file's size and SHA-256 as
 * global data (src/components/OneFileDownloads), and writes the files with their `.sha256` into
 * `/downloads/` after the build. Lifecycle only: the checksums are ./downloads.ts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {buildSandboxFile, type OneFile} from '@portal/check/oneFile';
import {loadBundles} from '@portal/specs/node';
import {buildMcpFile} from '@portal/mcp/oneFile';
import {DOWNLOADS_DIR, downloadInfo, sha256sumLine, type DownloadsData} from './downloads';

interface Content {
  files: OneFile[];
  data: DownloadsData;
}

export default function downloadsPlugin(): Plugin<Content> {
  return {
    name: 'downloads',

    async loadContent() {
      const started = performance.now();
      const bundles = loadBundles();
      const files = [await buildSandboxFile({bundles}), await buildMcpFile({bundles})];
      const data = {files: files.map((file) => downloadInfo(file.name, file.contents))};
      console.log(
        `[downloads] ${data.files.map((file) => `${file.name} ${(file.bytes / 1e6).toFixed(1)} MB`).join(', ')}, in ${Math.round(performance.now() - started)} ms`,
      );
      return {files, data};
    },

    async contentLoaded({content, actions}) {
      actions.setGlobalData(content.data);
    },

    async postBuild({outDir, content}) {
      const folder = path.join(outDir, DOWNLOADS_DIR);
      await fs.mkdir(folder, {recursive: true});
      for (const [index, file] of content.files.entries()) {
        await fs.writeFile(path.join(folder, file.name), file.contents);
        await fs.writeFile(path.join(folder, `${file.name}.sha256`), sha256sumLine(content.data.files[index]));
      }
    },
  };
}
