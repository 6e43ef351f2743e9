/**
 * Answers computed once: every answer is a function of the request (`src/random.ts`), so the JSON
 * text of an answer, or of the part of it that does not depend on the clock, is kept in a bounded
 * cache (`lru-cache`, at most `CACHE_BYTES` of text) and reused for the same canonical request.
 * - `app.ts` keeps the whole answer of a handler that read neither the clock nor the token signer, as
 *   UTF-8 bytes (written to the socket as they are, with no encoding per request).
 * - The live searches keep their results (`content`) as `RawJson` bytes, and send them beside a
 *   session token that is signed anew for each call (`answerBytes`).
 * The cache is per process (per app in a browser); instances share nothing, as before.
 */
import {LRUCache} from 'lru-cache';

/** At most this many UTF-16 code units of JSON text are kept (a code unit counted as 2 bytes: 64 MiB). */
export const CACHE_BYTES = 64 * 1024 * 1024;
/** An entry larger than this (16 MiB) is not kept (the full place list of geo is about 4 MiB). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

const utf8 = new TextEncoder();

/**
 * JSON already serialized, as UTF-8 bytes, inlined as they are by `answerBytes`. `T` is the type of
 * the value the bytes hold (services/types.ts `Answer` takes it in place of a field of that type); the
 * code that serializes it says it with `new RawJson<T>(...)`.
 */
export class RawJson<T = unknown> {
  /** Never set: the type of the value the bytes hold, for the type checker only. */
  declare readonly value?: T;
  constructor(readonly bytes: Uint8Array) {}
}

/**
 * The UTF-8 JSON of an answer: `JSON.stringify`, with the bytes of `RawJson` members of its top level
 * copied in as they are (a live search's results, kept, are not encoded again for each call).
 */
export function answerBytes(answer: unknown): Uint8Array {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer) || !Object.values(answer).some(isRaw)) {
    return utf8.encode(JSON.stringify(answer) ?? 'null');
  }
  const parts: Uint8Array[] = [];
  let text = '{';
  for (const [name, value] of Object.entries(answer)) {
    const member = isRaw(value) ? '' : JSON.stringify(value);
    // JSON.stringify leaves out members whose value is undefined, a function or a symbol
    if (member === undefined) continue;
    text += `${text === '{' && !parts.length ? '' : ','}${JSON.stringify(name)}:${member}`;
    if (isRaw(value)) {
      parts.push(utf8.encode(text), value.bytes);
      text = '';
    }
  }
  parts.push(utf8.encode(`${text}}`));
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const isRaw = (value: unknown): value is RawJson => value instanceof RawJson;

type Cached = string | object;

const cache = new LRUCache<string, Cached>({
  maxSize: CACHE_BYTES,
  maxEntrySize: MAX_ENTRY_BYTES,
  // An entry's size, measured once when it is kept: its key (a request can make a long one) at two bytes a
  // code unit, and its value's bytes, or its JSON text's length at two bytes a code unit
  sizeCalculation: (value, key) =>
    2 * key.length +
    (value instanceof Uint8Array
      ? value.byteLength
      : 2 * (typeof value === 'string' ? value.length : JSON.stringify(value).length)),
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
/** For tests: the size of what is kept, keys and values, as `sizeCalculation` counts it. */
export const cacheSize = (): number => cache.calculatedSize;
/** For tests: how many entries are kept. */
export const cacheEntries = (): number => cache.size;
/** For tests: forget everything. */
export const clearCache = (): void => cache.clear();
