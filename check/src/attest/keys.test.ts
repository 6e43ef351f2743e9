/**
 * The keys of the attestation (keys.ts) tested as attacks: a signing secret of each wrong shape refused on its
 * own, a published set whose entries of other kinds are left out one by one while a usable Ed25519 entry is
 * kept exactly as published, and a key trusted until the very millisecond its `exp` names.
 */
import {describe, expect, it} from 'vitest';
import {generateSigningKey, readKeySet, signerOf, thumbprint, trustedKeys, type PublishedKey} from './keys';

const NOT_JWK =
  'the signing key is not an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","x":...,"d":...})';

describe('signerOf: the Worker secret that signs', () => {
  it('gives a signer named by its thumbprint, publishing only the public half, its private key not exportable', async () => {
    const secret = await generateSigningKey();
    const signer = await signerOf(JSON.stringify(secret));
    const kid = await thumbprint(secret);
    expect(signer.keyid).toBe(kid);
    expect(signer.published).toStrictEqual({kty: 'OKP', crv: 'Ed25519', x: secret.x, kid, alg: 'EdDSA', use: 'sig'});
    expect(signer.key.extractable).toBe(false);
    expect(signer.key.usages).toEqual(['sign']);
  });

  it('refuses text that is not JSON, saying what it should be', async () => {
    await expect(signerOf('kty=OKP')).rejects.toThrow(
      'the signing key is not JSON: it is an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","x":...,"d":...})',
    );
  });

  it.each([
    ['an array', (key: Record<string, unknown>) => [key]],
    ['another kty', (key: Record<string, unknown>) => ({...key, kty: 'EC'})],
    ['another curve', (key: Record<string, unknown>) => ({...key, crv: 'X25519'})],
    ['an x that is a number', (key: Record<string, unknown>) => ({...key, x: 7})],
    ['no d (a public key)', (key: Record<string, unknown>) => ({...key, d: undefined})],
  ])('refuses %s, the rest of the key being right', async (_name, change) => {
    const secret = {...(await generateSigningKey())} as Record<string, unknown>;
    await expect(signerOf(JSON.stringify(change(secret)))).rejects.toThrow(NOT_JWK);
  });
});

describe('readKeySet: the published key set', () => {
  const published = async (exp?: number): Promise<PublishedKey> => {
    const signer = await signerOf(JSON.stringify(await generateSigningKey()));
    return {...signer.published, ...(exp === undefined ? {} : {exp})};
  };

  it('refuses text that is not JSON and JSON that is no set', async () => {
    expect(await readKeySet('{"keys":')).toBe('it is not JSON');
    expect(await readKeySet('[]')).toBe('it is not a JWK set: it has no keys list');
    expect(await readKeySet('{"keys":{}}')).toBe('it is not a JWK set: it has no keys list');
  });

  it('keeps an Ed25519 entry exactly as published, with its exp only when it has one', async () => {
    const [lasting, expiring] = [await published(), await published(1_900_000_000)];
    expect(await readKeySet(JSON.stringify({keys: [lasting, expiring]}))).toStrictEqual({keys: [lasting, expiring]});
    // An entry without a kid is named by its thumbprint; other members of it are not carried over
    const unnamed = {...lasting, kid: undefined, note: 'x'};
    expect(await readKeySet(JSON.stringify({keys: [unnamed]}))).toStrictEqual({keys: [lasting]});
  });

  it.each([
    ['null', () => null],
    ['text', () => 'a key'],
    ['another kty', (key: PublishedKey) => ({...key, kty: 'EC'})],
    ['another curve', (key: PublishedKey) => ({...key, crv: 'X25519'})],
    ['an x that is a number', (key: PublishedKey) => ({...key, x: 12345})],
  ])('leaves out an entry of another kind (%s) and keeps the usable one beside it', async (_name, other) => {
    const good = await published();
    const entry = other(await published());
    expect(await readKeySet(JSON.stringify({keys: [entry, good]}))).toStrictEqual({keys: [good]});
    expect(await readKeySet(JSON.stringify({keys: [entry]}))).toBe('it holds no Ed25519 key');
  });
});

describe('trustedKeys: which keys hold at a time', () => {
  it('trusts a key until its exp, not at the second it names; a key with no exp always', async () => {
    const exp = 1_900_000_000;
    const [lasting, expiring] = await Promise.all(
      [undefined, exp].map(async (when) => {
        const signer = await signerOf(JSON.stringify(await generateSigningKey()));
        return {...signer.published, ...(when === undefined ? {} : {exp: when})};
      }),
    );
    const before = await trustedKeys({keys: [lasting, expiring]}, exp * 1000 - 1);
    expect(before.trusted.map((key) => key.keyid)).toEqual([lasting.kid, expiring.kid]);
    expect(before.expired).toEqual([]);
    expect(before.trusted[0]).toMatchObject({algorithm: {name: 'Ed25519'}});
    expect(before.trusted[0].key.extractable).toBe(false);
    expect(before.trusted[0].key.usages).toEqual(['verify']);

    const at = await trustedKeys({keys: [lasting, expiring]}, exp * 1000);
    expect(at.trusted.map((key) => key.keyid)).toEqual([lasting.kid]);
    expect(at.expired).toEqual([{kid: expiring.kid, exp}]);
  });
});
