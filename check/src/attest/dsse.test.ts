/**
 * The DSSE envelope (dsse.ts) is the standard one, checked two ways that do not rest on our code: the DSSE
 * protocol's own test vector (fixtures/dsse-test-vector.json: its PAE bytes, and its ECDSA P-256 envelope
 * verified by our verifier), and an independent implementation (sigstore's `preAuthEncoding`, with Node's own
 * Ed25519 verification) accepting an envelope we sign.
 */
import {createPublicKey, verify as nodeVerify} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {dsse as sigstoreDsse} from '@sigstore/core';
import {describe, expect, it} from 'vitest';
import {fromBase64, toBase64} from '../base64';
import {pae, signEnvelope, verifyEnvelope, type DsseEnvelope} from './dsse';
import {generateSigningKey, signerOf} from './keys';

const vector = JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'dsse-test-vector.json'), 'utf8')) as {
  payloadType: string;
  payloadText: string;
  pae: string;
  publicJwk: JsonWebKey;
  envelope: DsseEnvelope;
};
const ECDSA = {name: 'ECDSA', hash: 'SHA-256'};
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('the DSSE protocol test vector', () => {
  it('PAE gives the bytes the protocol prints', () => {
    expect(text(pae(vector.payloadType, new TextEncoder().encode(vector.payloadText)))).toBe(vector.pae);
  });

  it('its envelope verifies with its key, and not once one byte of the payload or the signature changes', async () => {
    const key = await crypto.subtle.importKey('jwk', vector.publicJwk, {name: 'ECDSA', namedCurve: 'P-256'}, false, [
      'verify',
    ]);
    const trusted = [{keyid: 'vector', key, algorithm: ECDSA}];
    const good = await verifyEnvelope(vector.envelope, trusted);
    expect(good).toMatchObject({ok: true, keyid: 'vector'});
    expect(good.ok && text(good.payload)).toBe('hello world');

    const payload = toBase64(new TextEncoder().encode('hello world!'));
    expect(await verifyEnvelope({...vector.envelope, payload}, trusted)).toMatchObject({ok: false});
    const sig = fromBase64(vector.envelope.signatures[0].sig)!;
    sig[10] ^= 1;
    expect(await verifyEnvelope({...vector.envelope, signatures: [{sig: toBase64(sig)}]}, trusted)).toMatchObject({
      ok: false,
    });
  });
});

describe('an envelope we sign', () => {
  it('verifies with an independent implementation: sigstore PAE and Node crypto Ed25519', async () => {
    const signer = await signerOf(JSON.stringify(await generateSigningKey()));
    const payload = new TextEncoder().encode('{"_type":"https://in-toto.io/Statement/v1","ü":"∑"}');
    const envelope = await signEnvelope('application/vnd.in-toto+json', payload, signer);
    const theirs = sigstoreDsse.preAuthEncoding(envelope.payloadType, Buffer.from(envelope.payload, 'base64'));
    expect(Buffer.from(pae(envelope.payloadType, payload)).equals(theirs)).toBe(true);
    const publicKey = createPublicKey({key: {kty: 'OKP', crv: 'Ed25519', x: signer.published.x}, format: 'jwk'});
    const sig = Buffer.from(envelope.signatures[0].sig, 'base64');
    expect(nodeVerify(null, theirs, publicKey, sig)).toBe(true);
    expect(nodeVerify(null, Buffer.concat([theirs, Buffer.from(' ')]), publicKey, sig)).toBe(false);
    expect(envelope.signatures[0].keyid).toBe(signer.keyid);
  });

  it('a URL-safe base64 signature is accepted as DSSE requires, and text that is no base64 is refused', () => {
    expect(fromBase64('-_8')).toEqual(new Uint8Array([251, 255]));
    expect(fromBase64('+/8=')).toEqual(new Uint8Array([251, 255]));
    expect(fromBase64('a b')).toBeUndefined();
    expect(fromBase64('abcde')).toBeUndefined();
  });
});
