/**
 * The token codec of the Node entry (`node.ts`): `node:zlib` and `node:crypto`, synchronous, the
 * same bytes as the Web platform's codec of `token.ts` (`token.test.ts` proves it) with a fraction
 * of its work per call (no streams, no promise per step). Node only: `app.ts` never imports it.
 */
import {createHmac, createSecretKey} from 'node:crypto';
import {deflateRawSync, inflateRawSync} from 'node:zlib';
import type {TokenCodec} from './token';

const bytesOf = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);

export function nodeTokenCodec(secret: string): TokenCodec {
  // The key made once, not from the secret's text on every call
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    deflate: (bytes) => bytesOf(deflateRawSync(bytes)),
    inflate(bytes, maxBytes) {
      try {
        return bytesOf(inflateRawSync(bytes, {maxOutputLength: maxBytes}));
      } catch {
        // bad data, or more than maxBytes once inflated
        return undefined;
      }
    },
    hmac: (text) => bytesOf(createHmac('sha256', key).update(text, 'utf8').digest()),
    base64url: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url'),
  };
}
