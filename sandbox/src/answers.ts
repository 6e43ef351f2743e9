/**
 * Answers computed once: every answer is a function of the request (`src/random.ts`), so the JSON
 * text of an answer, or of the part of it that does not depend on the clock, is kept in a bounded
 * cache (`lru-cache`, at most `CACHE_BYTES` of text) and reused for the same canonical request.
 * - `app.ts` keeps the whole answer of a handler that read neither the clock nor the token signer, as
 *   UTF-8 bytes (written to the socket as they are, with no encoding per request).
 * - The live searches keep their results (`content`) as `RawJson`, and send them beside a session
 *   token that is signed anew for each call (`answerText`).
 * The cache is per process (per app in a browser); instances share nothing, as before.
 */
import {LRUCache} from 'lru-cache';

/** At most this many UTF-16 code units of JSON text are kept (a code unit counted as 2 bytes: 64 MiB). */
export const CACHE_BYTES = 64 * 1024 * 1024;
/** A text longer than this (16 MiB) is not kept (the full place list of geo is about 4 MiB). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

/** JSON text already serialized, inlined as it is by `answerText`. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The JSON text of an answer: `JSON.stringify`, with `RawJson` values of its top level inlined. */
export function answerText(answer: unknown): string {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return JSON.stringify(answer);
  const entries = Object.entries(answer);
  if (!entries.some(([, value]) => value instanceof RawJson)) return JSON.stringify(answer);
  const members: string[] = [];
  for (const [name, value] of entries) {
    const text = value instanceof RawJson ? value.text : JSON.stringify(value);
    // JSON.stringify leaves out members whose value is undefined, a function or a symbol
    if (text !== undefined) members.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

type Cached = string | object;

const cache = new LRUCache<string, Cached>({
  maxSize: CACHE_BYTES,
  maxEntrySize: MAX_ENTRY_BYTES,
  // A kept value's size, measured once when it is kept: bytes, or its JSON text's length at two bytes a code unit
  sizeCalculation: (value) =>
    value instanceof Uint8Array
      ? value.byteLength || 1
      : 2 * (typeof value === 'string' ? value.length : JSON.stringify(value).length) || 1,
});

/** The kept value of a key, else `compute()`, kept under it. Keys start with their kind (`answer `, `flights-live `). */
export function memoised<T extends Cached>(key: string, compute: () => T): T {
  const found = cache.get(key);
  if (found !== undefined) return found as T;
  const value = compute();
  cache.set(key, value);
  return value;
}

/** A kept value, or undefined. */
export const cached = (key: string): Cached | undefined => cache.get(key);
/** Keeps a value (not kept when it is larger than an entry may be). */
export const keep = (key: string, value: Cached): void => {
  cache.set(key, value);
};
/** For tests: how many entries are kept. */
export const cacheEntries = (): number => cache.size;
/** For tests: forget everything. */
export const clearCache = (): void => cache.clear();
