/**
 * The key set the portal publishes (`publishedKeys` of index.ts, at `/.well-known/integration-check-keys.json`):
 * the signing key's public half first, then the retired keys of `CHECK_PREVIOUS_KEYS` with their `exp` (the
 * current one not twice); without a signing key 503 saying which secret to set; a retired set that cannot be
 * read 500 saying why. An attestation signed by the retired key verifies against the published set until its
 * exp (../attest/verify.test.ts holds the boundary).
 */
import {describe, expect, it} from 'vitest';
import {generateSigningKey, signerOf, type KeySet} from '../attest/keys';
import {MISSING_SIGNING_KEY, publishedKeys} from './index';

describe('the published key set', () => {
  it('holds the signing key, then the retired ones, each once', async () => {
    const secret = JSON.stringify(await generateSigningKey());
    const current = await signerOf(secret);
    const retired = await signerOf(JSON.stringify(await generateSigningKey()));
    const previous = JSON.stringify({keys: [{...retired.published, exp: 1_900_000_000}, current.published]});
    const answer = await publishedKeys(secret, previous);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/jwk-set+json');
    const set = (await answer.json()) as KeySet;
    expect(set.keys.map((key) => key.kid)).toEqual([current.keyid, retired.keyid]);
    expect(set.keys[1].exp).toBe(1_900_000_000);
    expect(set.keys[0]).not.toHaveProperty('d');
    expect(((await (await publishedKeys(secret, undefined)).json()) as KeySet).keys).toHaveLength(1);
  });

  it('answers 503 without a signing key and 500 for a retired set it cannot read', async () => {
    const missing = await publishedKeys(undefined, undefined);
    expect(missing.status).toBe(503);
    expect(((await missing.json()) as {message: string}).message).toBe(MISSING_SIGNING_KEY);
    const secret = JSON.stringify(await generateSigningKey());
    const broken = await publishedKeys(secret, '{"keys": "none"}');
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as {message: string}).message).toBe(
      'CHECK_PREVIOUS_KEYS cannot be read: it is not a JWK set: it has no keys list.',
    );
    const notKey = await publishedKeys('{"kty":"RSA"}', undefined);
    expect(notKey.status).toBe(503);
    expect(((await notKey.json()) as {message: string}).message).toMatch(/not an Ed25519 private key as a JWK/);
  });
});
