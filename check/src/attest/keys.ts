/**
 * The keys a hosted check signs its attestations with (Ed25519 through Web Crypto) and the set a verifier
 * trusts: JSON Web Keys (RFC 7517, `OKP`/`Ed25519` of RFC 8037), each named by its RFC 7638 thumbprint
 * (`kid`, the envelope's `keyid`). The portal publishes its set at `/.well-known/integration-check-keys.json`
 * (deploy/README.md says how a key is made, set and rotated). An entry may carry `exp` (seconds since 1970,
 * as in a JWT): after it, the key is no longer trusted, so a key retired in a rotation stops verifying
 * when its entry says. Browser-safe.
 */
import {toBase64Url} from '../base64';
import type {TrustedKey} from './dsse';
import {isObject} from '../json';

/** Where a portal publishes its key set (deploy/src/worker.ts serves it there). */
export const KEYS_PATH = '/.well-known/integration-check-keys.json';

export const SIGNING_ALGORITHM = {name: 'Ed25519'} as const;

/** A public key as the portal publishes it. */
export interface PublishedKey {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
  /** When the key stops being trusted, seconds since 1970 (absent: until it leaves the set). */
  exp?: number;
}

export interface KeySet {
  keys: PublishedKey[];
}

/** A private key as the Worker's secret holds it: the JWK Web Crypto exports (`d` and `x`). */
export interface PrivateSigningKey {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d: string;
}

/** The key that signs, with its published half. */
export interface Signer {
  keyid: string;
  key: CryptoKey;
  algorithm: typeof SIGNING_ALGORITHM;
  published: PublishedKey;
}

/** RFC 7638's thumbprint of an Ed25519 key: SHA-256 of `{"crv","kty","x"}` in that order, base64url. */
export async function thumbprint(key: {crv: string; kty: string; x: string}): Promise<string> {
  const canonical = JSON.stringify({crv: key.crv, kty: key.kty, x: key.x});
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))));
}

/** A new signing key (`npm run signing-key -w @portal/deploy` prints one; a local Worker without one makes one). */
export async function generateSigningKey(): Promise<PrivateSigningKey> {
  const pair = (await crypto.subtle.generateKey(SIGNING_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  return {kty: 'OKP', crv: 'Ed25519', x: jwk.x!, d: jwk.d!};
}

/** The signer of a private key given as JSON (the Worker's secret); throws a sentence when it is not one. */
export async function signerOf(secret: string): Promise<Signer> {
  let jwk: unknown;
  try {
    jwk = JSON.parse(secret);
  } catch {
    throw new Error(
      'the signing key is not JSON: it is an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","x":...,"d":...})',
    );
  }
  if (
    !isObject(jwk) ||
    jwk.kty !== 'OKP' ||
    jwk.crv !== 'Ed25519' ||
    typeof jwk.x !== 'string' ||
    typeof jwk.d !== 'string'
  )
    throw new Error(
      'the signing key is not an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","x":...,"d":...})',
    );
  const key = await crypto.subtle.importKey(
    'jwk',
    {kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d},
    SIGNING_ALGORITHM,
    false,
    ['sign'],
  );
  const kid = await thumbprint({kty: 'OKP', crv: 'Ed25519', x: jwk.x});
  return {
    keyid: kid,
    key,
    algorithm: SIGNING_ALGORITHM,
    published: {kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig'},
  };
}

/**
 * An Ed25519 public key's `x`: 32 bytes in unpadded base64url (RFC 8037). Web Crypto throws on any other length
 * (and takes a padded one), so this is the check that keeps it from throwing mid-verification.
 */
const ED25519_X = /^[A-Za-z0-9_-]{43}$/;

/**
 * A key set read from JSON, or what is wrong with it (a sentence). Entries of other kinds are left out; an
 * Ed25519 entry that cannot be used (an `exp` that is not a number, a `kid` that is not its thumbprint, a key
 * that is not 32 bytes) makes the whole set unusable, so a mistake in it is seen at once and never trusted.
 */
export async function readKeySet(text: string): Promise<KeySet | string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  if (!isObject(value) || !Array.isArray(value.keys)) return 'it is not a JWK set: it has no keys list';
  const keys: PublishedKey[] = [];
  for (const entry of value.keys as unknown[]) {
    if (!isObject(entry) || entry.kty !== 'OKP' || entry.crv !== 'Ed25519' || typeof entry.x !== 'string') continue;
    if (entry.exp !== undefined && typeof entry.exp !== 'number')
      return `key ${String(entry.kid)} has an exp that is not a number`;
    // A key Web Crypto cannot take would throw later, in the middle of verifying: refused here, in one sentence
    if (!ED25519_X.test(entry.x))
      return `key ${String(entry.kid ?? entry.x)} is not an Ed25519 public key: its x is not 32 bytes in base64url`;
    // The id is the key's own thumbprint, whatever the entry says: a set cannot name one key with another's id
    const kid = await thumbprint({kty: 'OKP', crv: 'Ed25519', x: entry.x});
    if (entry.kid !== undefined && entry.kid !== kid)
      return `key ${String(entry.kid)} is named with an id that is not its thumbprint (${kid})`;
    keys.push({
      kty: 'OKP',
      crv: 'Ed25519',
      x: entry.x,
      kid,
      alg: 'EdDSA',
      use: 'sig',
      ...(entry.exp !== undefined ? {exp: entry.exp as number} : {}),
    });
  }
  if (!keys.length) return 'it holds no Ed25519 key';
  return {keys};
}

/** The keys of a set trusted at `now` (ms), and those left out because their `exp` has passed. */
export async function trustedKeys(
  set: KeySet,
  now: number,
): Promise<{trusted: TrustedKey[]; expired: {kid: string; exp: number}[]}> {
  const trusted: TrustedKey[] = [];
  const expired: {kid: string; exp: number}[] = [];
  for (const entry of set.keys) {
    if (entry.exp !== undefined && entry.exp * 1000 <= now) {
      expired.push({kid: entry.kid, exp: entry.exp});
      continue;
    }
    const key = await crypto.subtle.importKey(
      'jwk',
      {kty: 'OKP', crv: 'Ed25519', x: entry.x},
      SIGNING_ALGORITHM,
      false,
      ['verify'],
    );
    trusted.push({keyid: entry.kid, key, algorithm: SIGNING_ALGORITHM});
  }
  return {trusted, expired};
}
