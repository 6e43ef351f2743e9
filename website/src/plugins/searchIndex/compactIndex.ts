/**
 * What the built site ships of the local search's index files: each document type's documents
 * without the serialized lunr index (its inverted index with every term's positions and its field
 * vectors were three quarters of the bytes). The search worker rebuilds the index from the documents
 * (indexFromDocuments.ts), so the file a visitor downloads on first focus holds each text once.
 */
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

/** One entry per document type (title, heading, description, keywords, content), as the plugin writes it. */
export interface IndexPart {
  documents: unknown[];
  index?: unknown;
}

export function compactIndex(parts: IndexPart[]): IndexPart[] {
  return parts.map(({documents}) => ({documents}));
}

/** Rewrites every `search-index*.json` in a build's output folder; returns the files it rewrote. */
export async function compactIndexFiles(outDir: string): Promise<string[]> {
  const files = (await readdir(outDir)).filter((file) => /^search-index.*\.json$/.test(file));
  for (const file of files) {
    const full = path.join(outDir, file);
    const parts = JSON.parse(await readFile(full, 'utf8')) as IndexPart[];
    await writeFile(full, JSON.stringify(compactIndex(parts)));
  }
  return files;
}
