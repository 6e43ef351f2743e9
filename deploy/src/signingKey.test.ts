/**
 * `npm run signing-key` (signingKey.ts): the secret it prints is a key the Worker signs with, and the public
 * entry it prints is that key's, named by its thumbprint, without the private part; run as deploy/README.md
 * says (`npm run -s`), stdout holds the key alone.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
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

  it("prints the key alone on stdout with README's command (npm -s), so the secret holds nothing else", async () => {
    const run = spawnSync('npm', ['run', '-s', 'signing-key', '-w', '@portal/deploy'], {
      cwd: path.resolve(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect((await signerOf(run.stdout)).keyid).toMatch(/^[\w-]{43}$/);
    expect(run.stderr).toContain('Its public entry');
  });
});
