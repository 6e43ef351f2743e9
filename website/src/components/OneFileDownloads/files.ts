/**
 * What the pages say of the one files (src/plugins/downloads builds them and gives their path, size and
 * SHA-256): what each holds and how a size reads. Read by the table (./index.tsx) and its markdown form
 * (./markdown.ts). No React here.
 */
import type {DownloadInfo} from '../../plugins/downloads/downloads';

/** What each one file holds, as the table says it. */
export const descriptions: Record<string, string> = {
  'sandbox.mjs': 'The sandbox and the integration check, with the thirteen specifications',
  'mcp.mjs': 'The MCP server, with the guides, the API reference and the sandbox',
};

/** A size as the pages give it: `4.5 MB`, `820 kB`. */
export const formatSize = (bytes: number): string =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;

/** The files a table shows: all of them, or those `only` names. */
export const shownFiles = (files: readonly DownloadInfo[], only?: readonly string[]): DownloadInfo[] =>
  files.filter((file) => !only || only.includes(file.name));
