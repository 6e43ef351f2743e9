/**
 * Session tokens that carry their own state, so any sandbox instance can answer any poll with no
 * shared store: `<query>.<clock>.<signature>`, all base64url. `<query>` is the JSON of the payload's
 * members that are not numbers (the kind, the query, the behaviour, the view), deflated; `<clock>` the
 * JSON of its number members (creation time, stage, when last answered) as it is; `<signature>`
 * HMAC-SHA-256 over `<query>.<clock>`. The clock changes with every answer and the query does not, so
 * the deflated query, and the inflated one of a token read, are kept (answers.ts): a call makes only
 * the clock and the signature. Web Crypto (`crypto.subtle`) and compression streams by default,
 * present in Node, browsers, service workers and edge runtimes.
 */
import {cached, keep} from './answers';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x2000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x2000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function transform(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const source = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(stream as unknown as TransformStream<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(source).arrayBuffer());
}

/** At most this many bytes of payload once inflated: a token is never a way to make the sandbox allocate much. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

/**
 * What signing needs: raw deflate, raw inflate (undefined past `maxBytes` or for bad data) and
 * HMAC-SHA-256. The default is the Web platform's (`CompressionStream`, `crypto.subtle`), in every
 * runtime; `node.ts` passes synchronous Node equivalents (`nodeTokenCodec.ts`), which give the same
 * bytes with less work per call.
 */
export interface TokenCodec {
  deflate(bytes: Uint8Array): Uint8Array | Promise<Uint8Array>;
  inflate(bytes: Uint8Array, maxBytes: number): Uint8Array | undefined | Promise<Uint8Array | undefined>;
  /** HMAC-SHA-256 of the UTF-8 of a text. */
  hmac(text: string): Uint8Array | Promise<Uint8Array>;
  /** Base64url without padding, when the runtime has a faster one than `base64url` here. */
  base64url?(bytes: Uint8Array): string;
}

/** The Web platform's codec for a secret. */
export function webTokenCodec(secret: string): TokenCodec {
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  return {
    deflate: (bytes) => transform(bytes, new CompressionStream('deflate-raw')),
    async inflate(bytes, maxBytes) {
      try {
        const inflated = await transform(bytes, new DecompressionStream('deflate-raw'));
        return inflated.length > maxBytes ? undefined : inflated;
      } catch {
        return undefined;
      }
    },
    hmac: async (text) => new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text))),
  };
}

/** Equal bytes, compared in a time that does not depend on where they differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index] ^ b[index];
  return difference === 0;
}

/** JSON texts of frozen members (a checked request's query, shared by every call that sends it). */
const frozenJson = new WeakMap<object, string>();

/** `JSON.stringify` of a value, kept for a frozen object. */
function jsonOf(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || !Object.isFrozen(value)) return JSON.stringify(value);
  let text = frozenJson.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    frozenJson.set(value, text);
  }
  return text;
}

export class TokenSigner {
  private readonly codec: TokenCodec;
  private readonly base64url: (bytes: Uint8Array) => string;

  constructor(secret: string, codec?: (secret: string) => TokenCodec) {
    this.codec = (codec ?? webTokenCodec)(secret);
    this.base64url = this.codec.base64url ?? base64url;
  }

  async sign(payload: object): Promise<string> {
    // The JSON of the members that are not numbers (the same text as JSON.stringify of them), and of the numbers
    let queryText = '';
    let clockText = '';
    for (const [name, value] of Object.entries(payload)) {
      const member = typeof value === 'number' ? JSON.stringify(value) : jsonOf(value);
      if (member === undefined) continue;
      const text = `${JSON.stringify(name)}:${member}`;
      if (typeof value === 'number') clockText += clockText ? `,${text}` : text;
      else queryText += queryText ? `,${text}` : text;
    }
    const key = `token-query {${queryText}}`;
    let deflated = cached(key) as string | undefined;
    if (deflated === undefined) {
      deflated = this.base64url(await this.codec.deflate(encoder.encode(`{${queryText}}`)));
      keep(key, deflated);
    }
    const body = `${deflated}.${this.base64url(encoder.encode(`{${clockText}}`))}`;
    return `${body}.${this.base64url(await this.codec.hmac(body))}`;
  }

  /** The payload of a token this sandbox signed, or undefined for anything else (tampered, truncated, foreign). */
  async verify<T>(token: string): Promise<T | undefined> {
    const [query, clock, signature, ...rest] = token.split('.');
    if (rest.length || !query || !clock || !signature) return undefined;
    const signatureBytes = fromBase64url(signature);
    if (!signatureBytes || signatureBytes.length !== 32) return undefined;
    if (!sameBytes(await this.codec.hmac(`${query}.${clock}`), signatureBytes)) return undefined;
    const key = `token-text ${query}`;
    let queryText = cached(key) as string | undefined;
    if (queryText === undefined) {
      const bytes = fromBase64url(query);
      const inflated = bytes && (await this.codec.inflate(bytes, MAX_PAYLOAD_BYTES));
      if (!inflated) return undefined;
      queryText = decoder.decode(inflated);
      keep(key, queryText);
    }
    const clockBytes = fromBase64url(clock);
    if (!clockBytes) return undefined;
    try {
      const members: unknown = JSON.parse(queryText);
      const times: unknown = JSON.parse(decoder.decode(clockBytes));
      if (!members || typeof members !== 'object' || !times || typeof times !== 'object') return undefined;
      return {...members, ...times} as T;
    } catch {
      return undefined;
    }
  }
}
