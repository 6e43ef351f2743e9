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
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]{43}$/);
    expect(await node.verify(token)).toEqual(payload);
    expect(await web.verify(await node.sign(payload))).toEqual(payload);
  });

  it('refuses tokens of another secret, tampered or truncated ones, in both codecs', async () => {
    const token = await web.sign(payload);
    const other = await new TokenSigner('another secret', nodeTokenCodec).sign(payload);
    const [query, clock, signature] = token.split('.');
    const flip = (part: string) => `${part.slice(0, -2)}${part.at(-2) === 'A' ? 'B' : 'A'}${part.slice(-1)}`;
    const later = btoa(JSON.stringify({t: payload.t + 60_000, s: payload.s})).replace(/=+$/, '');
    const tampered = [`${flip(query)}.${clock}.${signature}`, `${query}.${flip(clock)}.${signature}`];
    const truncated = [`${query}.${clock}`, `${query}.${signature}`, `${query}.${clock}.${signature.slice(1)}`];
    for (const signer of [web, node]) {
      for (const bad of [
        other,
        ...tampered,
        `${query}.${later}.${signature}`,
        ...truncated,
        `${token}.x`,
        'not a token',
      ]) {
        expect(await signer.verify(bad), bad).toBeUndefined();
      }
    }
  });

  it("carries the payload's numbers (times, stages) readable beside the deflated query, and signs both", async () => {
    const token = await node.sign(payload);
    const [, clock] = token.split('.');
    expect(JSON.parse(atob(clock))).toEqual({t: payload.t, s: payload.s});
    const later = await node.sign({...payload, t: payload.t + 1000});
    expect(later.split('.')[0]).toBe(token.split('.')[0]);
    expect(await web.verify(later)).toEqual({...payload, t: payload.t + 1000});
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
