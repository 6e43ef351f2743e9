/**
 * DSSE, the envelope a hosted check's attestation is signed in (./statement.ts): the payload, its type and
 * each signature over `PAE(type, payload)`, as the DSSE protocol defines them (its test vector is
 * ./fixtures/dsse-test-vector.json, checked in dsse.test.ts). Signing and verifying go through Web Crypto, so
 * the same code runs in Node, in workerd and in the page; the algorithm is the key's (Ed25519 here; ECDSA
 * P-256 for the protocol's own vector). Browser-safe.
 */
import {fromBase64, toBase64} from '../base64';
import {isObject} from '../json';

/** A DSSE envelope in its JSON form. */
export interface DsseEnvelope {
  payloadType: string;
  /** The payload, base64 (standard; a verifier accepts URL-safe too). */
  payload: string;
  signatures: {keyid?: string; sig: string}[];
}

/** The algorithm parameters of a signature, as Web Crypto takes them (the page's, Node's and the Worker's alike). */
export type SignatureAlgorithm = Parameters<SubtleCrypto['sign']>[0];

/** A key a verifier trusts: Web Crypto's, with the algorithm parameters its signatures need. */
export interface TrustedKey {
  keyid: string;
  key: CryptoKey;
  algorithm: SignatureAlgorithm;
}

const encoder = new TextEncoder();

/** DSSE's pre-authentication encoding: `DSSEv1 <len(type)> <type> <len(body)> <body>`, lengths in bytes. */
export function pae(payloadType: string, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const type = encoder.encode(payloadType);
  const head = encoder.encode(`DSSEv1 ${type.length} `);
  const middle = encoder.encode(` ${payload.length} `);
  const out = new Uint8Array(head.length + type.length + middle.length + payload.length);
  out.set(head, 0);
  out.set(type, head.length);
  out.set(middle, head.length + type.length);
  out.set(payload, head.length + type.length + middle.length);
  return out;
}

/** Signs `payload` as `payloadType` with one key: the envelope with one signature naming `keyid`. */
export async function signEnvelope(
  payloadType: string,
  payload: Uint8Array,
  signer: {keyid: string; key: CryptoKey; algorithm: SignatureAlgorithm},
): Promise<DsseEnvelope> {
  const signature = new Uint8Array(await crypto.subtle.sign(signer.algorithm, signer.key, pae(payloadType, payload)));
  return {payloadType, payload: toBase64(payload), signatures: [{keyid: signer.keyid, sig: toBase64(signature)}]};
}

/** What verifying an envelope gives: its payload and the key that signed it, or why it is refused (one sentence). */
export type EnvelopeCheck = {ok: true; payload: Uint8Array<ArrayBuffer>; keyid: string} | {ok: false; reason: string};

/** The envelope's shape, or what is wrong with it. */
export function readEnvelope(value: unknown): DsseEnvelope | string {
  if (!isObject(value)) return 'it is not a JSON object';
  if (typeof value.payloadType !== 'string') return 'it has no payloadType';
  if (typeof value.payload !== 'string') return 'it has no payload';
  if (!Array.isArray(value.signatures) || !value.signatures.length) return 'it has no signatures';
  for (const signature of value.signatures as unknown[]) {
    if (!isObject(signature) || typeof signature.sig !== 'string') return 'a signature has no sig';
    if (signature.keyid !== undefined && typeof signature.keyid !== 'string') return "a signature's keyid is not text";
  }
  return value as unknown as DsseEnvelope;
}

/**
 * Verifies an envelope: it holds when one of its signatures verifies over `PAE(payloadType, payload)` with one
 * of the trusted keys. A signature's `keyid` only narrows which keys are tried (DSSE: never a security
 * decision); the payload type is the caller's to check.
 */
export async function verifyEnvelope(envelope: DsseEnvelope, trusted: TrustedKey[]): Promise<EnvelopeCheck> {
  const payload = fromBase64(envelope.payload);
  if (!payload) return {ok: false, reason: 'its payload is not base64'};
  const message = pae(envelope.payloadType, payload);
  const named = new Set(envelope.signatures.map((signature) => signature.keyid).filter(Boolean));
  for (const signature of envelope.signatures) {
    const bytes = fromBase64(signature.sig);
    if (!bytes) continue;
    const candidates = trusted.filter((key) => signature.keyid === undefined || key.keyid === signature.keyid);
    for (const candidate of candidates) {
      if (await crypto.subtle.verify(candidate.algorithm, candidate.key, bytes, message)) {
        return {ok: true, payload, keyid: candidate.keyid};
      }
    }
  }
  const unknown = [...named].filter((keyid) => !trusted.some((key) => key.keyid === keyid));
  if (unknown.length === named.size && named.size) {
    return {
      ok: false,
      reason: `it is signed by key ${[...named].join(', ')}, which is not among the trusted keys (${trusted.map((key) => key.keyid).join(', ') || 'none'})`,
    };
  }
  return {ok: false, reason: 'no signature verifies with a trusted key: the payload or the signature was changed'};
}
