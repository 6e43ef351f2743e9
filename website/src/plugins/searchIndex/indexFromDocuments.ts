/**
 * Rebuilds, in the search worker, the lunr index of one document type that the local search plugin
 * builds at build time (node_modules/@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js
 * with this site's options: English only, the default stop-word filter and stemmer). The built
 * site ships the documents alone (see ./index.ts); this gives the worker the same index, positions
 * included, so ranking and highlighting are unchanged. The dependency patch on the worker
 * (src/plugins/dependencyPatches/index.ts) calls it; indexFromDocuments.test.ts proves the results
 * equal the build-time index's.
 */

/** A stored search document: id, text, and the rest the suggestions show (url, heading, ...). */
export interface SearchDocument {
  i: number;
  t: string;
  [key: string]: unknown;
}

/** The part of lunr's builder API this uses (the worker passes its own lunr). */
interface LunrBuilder {
  ref(name: string): void;
  field(name: string): void;
  metadataWhitelist: string[];
  add(document: Record<string, unknown>): void;
}

export function indexFromDocuments<Index>(
  lunr: (config: (this: LunrBuilder, builder: LunrBuilder) => void) => Index,
  documents: SearchDocument[],
): Index {
  return lunr(function build() {
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const document of documents) this.add({...document, i: document.i.toString()});
  });
}
