/**
 * Session tokens that carry their own state, so any sandbox instance can answer any poll with no
 * shared store: the payload (the query, the creation time, what the holder was last sent) is JSON,
 * deflated, base64url-encoded and signed with HMAC-SHA-256 through Web Crypto (`crypto.subtle`,
 * present in Node, browsers, service workers and edge runtimes). `<payload>.<signature>`.
 */

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
  const source = new Blob([bytes as BlobPart])
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
  hmac(data: Uint8Array): Uint8Array | Promise<Uint8Array>;
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
    hmac: async (data) => new Uint8Array(await crypto.subtle.sign('HMAC', await key, data as BufferSource)),
  };
}

/** Equal bytes, compared in a time that does not depend on where they differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index] ^ b[index];
  return difference === 0;
}

export class TokenSigner {
  private readonly codec: TokenCodec;

  constructor(secret: string, codec?: (secret: string) => TokenCodec) {
    this.codec = (codec ?? webTokenCodec)(secret);
  }

  async sign(payload: object): Promise<string> {
    const body = base64url(await this.codec.deflate(encoder.encode(JSON.stringify(payload))));
    return `${body}.${base64url(await this.codec.hmac(encoder.encode(body)))}`;
  }

  /** The payload of a token this sandbox signed, or undefined for anything else (tampered, truncated, foreign). */
  async verify<T>(token: string): Promise<T | undefined> {
    const [body, signature, ...rest] = token.split('.');
    if (rest.length || !body || !signature) return undefined;
    const signatureBytes = fromBase64url(signature);
    if (!signatureBytes || signatureBytes.length !== 32) return undefined;
    if (!sameBytes(await this.codec.hmac(encoder.encode(body)), signatureBytes)) return undefined;
    const bytes = fromBase64url(body);
    const inflated = bytes && (await this.codec.inflate(bytes, MAX_PAYLOAD_BYTES));
    if (!inflated) return undefined;
    try {
      return JSON.parse(decoder.decode(inflated)) as T;
    } catch {
      return undefined;
    }
  }
}
