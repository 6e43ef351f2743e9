import {describe, expect, it} from 'vitest';
import {nodeTokenCodec} from './nodeTokenCodec';
import {MAX_PAYLOAD_BYTES, TokenSigner, webTokenCodec} from './token';

const payload = {k: 'flights-live', q: {market: 'UK', legs: [{from: 'LHR', to: 'EDI'}]}, t: 1_790_000_000_000, s: 1};

describe('session tokens', () => {
  const web = new TokenSigner('a secret', webTokenCodec);
  const node = new TokenSigner('a secret', nodeTokenCodec);

  it('the Node codec signs the same token as the Web platform codec, and each reads the other', async () => {
    const token = await web.sign(payload);
    expect(await node.sign(payload)).toBe(token);
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(await node.verify(token)).toEqual(payload);
    expect(await web.verify(await node.sign(payload))).toEqual(payload);
  });

  it('refuses tokens of another secret, tampered or truncated ones, in both codecs', async () => {
    const token = await web.sign(payload);
    const other = await new TokenSigner('another secret', nodeTokenCodec).sign(payload);
    const [body, signature] = token.split('.');
    const tampered = `${body.slice(0, -2)}${body.endsWith('A') ? 'B' : 'A'}${body.slice(-1)}.${signature}`;
    for (const signer of [web, node]) {
      for (const bad of [other, tampered, body, `${token}.x`, `${body}.${signature.slice(1)}`, 'not a token']) {
        expect(await signer.verify(bad), bad).toBeUndefined();
      }
    }
  });

  it('refuses a signed payload larger than MAX_PAYLOAD_BYTES once inflated, in both codecs', async () => {
    const big = {padding: 'x'.repeat(MAX_PAYLOAD_BYTES)};
    for (const signer of [web, node]) {
      const token = await signer.sign(big);
      expect(token.length).toBeLessThan(2000);
      expect(await signer.verify(token)).toBeUndefined();
      expect(await signer.verify(await signer.sign({padding: 'x'.repeat(1000)}))).toEqual({padding: 'x'.repeat(1000)});
    }
  });
});
