/**
 * `npm run signing-key` (signingKey.ts): the secret it prints is a key the Worker signs with, and the public
 * entry it prints is that key's, named by its thumbprint, without the private part.
 */
import {describe, expect, it} from 'vitest';
import {signerOf, thumbprint} from '@portal/check/signingKeys';
import {newSigningKey} from './signingKey';

describe('npm run signing-key', () => {
  it('prints a private key the Worker signs with and its public entry', async () => {
    const {secret, published} = await newSigningKey();
    const signer = await signerOf(secret);
    const entry = JSON.parse(published) as {kid: string; x: string; d?: string};
    expect(entry.kid).toBe(signer.keyid);
    expect(entry.kid).toBe(await thumbprint({kty: 'OKP', crv: 'Ed25519', x: entry.x}));
    expect(entry).not.toHaveProperty('d');
    expect((await newSigningKey()).secret).not.toBe(secret);
  });
});
