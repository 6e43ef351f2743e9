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
  for (const byte of bytes) binary += String.fromCharCode(byte);
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
const maxPayloadBytes = 256 * 1024;

export class TokenSigner {
  private readonly key: Promise<CryptoKey>;

  constructor(secret: string) {
    this.key = crypto.subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(payload: object): Promise<string> {
    const body = base64url(
      await transform(encoder.encode(JSON.stringify(payload)), new CompressionStream('deflate-raw')),
    );
    const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await this.key, encoder.encode(body)));
    return `${body}.${base64url(signature)}`;
  }

  /** The payload of a token this sandbox signed, or undefined for anything else (tampered, truncated, foreign). */
  async verify<T>(token: string): Promise<T | undefined> {
    const [body, signature, ...rest] = token.split('.');
    if (rest.length || !body || !signature) return undefined;
    const signatureBytes = fromBase64url(signature);
    if (!signatureBytes || signatureBytes.length !== 32) return undefined;
    const valid = await crypto.subtle.verify(
      'HMAC',
      await this.key,
      signatureBytes as BufferSource,
      encoder.encode(body),
    );
    if (!valid) return undefined;
    try {
      const inflated = await transform(fromBase64url(body)!, new DecompressionStream('deflate-raw'));
      if (inflated.length > maxPayloadBytes) return undefined;
      return JSON.parse(decoder.decode(inflated)) as T;
    } catch {
      return undefined;
    }
  }
}
