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
import {pae, readEnvelope, signEnvelope, verifyEnvelope, type DsseEnvelope} from './dsse';
import {generateSigningKey, signerOf, trustedKeys, type Signer} from './keys';

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

describe('an envelope read from outside JSON (readEnvelope): each defect refused on its own', () => {
  const good = {payloadType: 'application/vnd.in-toto+json', payload: 'e30=', signatures: [{keyid: 'k', sig: 'AA=='}]};

  it('takes a whole envelope as it is, a signature with or without a keyid', () => {
    expect(readEnvelope(good)).toBe(good);
    const anonymous = {...good, signatures: [{sig: 'AA=='}]};
    expect(readEnvelope(anonymous)).toBe(anonymous);
  });

  it.each([
    ['an array', [good], 'it is not a JSON object'],
    ['null', null, 'it is not a JSON object'],
    ['no payloadType', {...good, payloadType: undefined}, 'it has no payloadType'],
    ['a payloadType that is a number', {...good, payloadType: 1}, 'it has no payloadType'],
    ['no payload', {...good, payload: undefined}, 'it has no payload'],
    ['a payload that is an object', {...good, payload: {}}, 'it has no payload'],
    ['signatures that are an object', {...good, signatures: {sig: 'AA=='}}, 'it has no signatures'],
    ['no signature', {...good, signatures: []}, 'it has no signatures'],
    ['a signature that is text', {...good, signatures: ['AA==']}, 'a signature has no sig'],
    ['a second signature with no sig', {...good, signatures: [{sig: 'AA=='}, {keyid: 'k'}]}, 'a signature has no sig'],
    ['a keyid that is a number', {...good, signatures: [{keyid: 7, sig: 'AA=='}]}, "a signature's keyid is not text"],
  ])('refuses %s', (_name, value, reason) => {
    expect(readEnvelope(value)).toBe(reason);
  });
});

describe('verifying an envelope: what a forger would try', () => {
  const payload = new TextEncoder().encode('{"_type":"https://in-toto.io/Statement/v1"}');
  const type = 'application/vnd.in-toto+json';
  const keys = async (): Promise<Signer> => signerOf(JSON.stringify(await generateSigningKey()));
  const trust = async (...signers: Signer[]) =>
    (await trustedKeys({keys: signers.map((signer) => signer.published)}, 0)).trusted;

  it('refuses a payload that is not base64', async () => {
    const signer = await keys();
    const envelope = await signEnvelope(type, payload, signer);
    expect(await verifyEnvelope({...envelope, payload: 'not base64!'}, await trust(signer))).toEqual({
      ok: false,
      reason: 'its payload is not base64',
    });
  });

  it('skips a signature that is not base64 and verifies the next', async () => {
    const signer = await keys();
    const envelope = await signEnvelope(type, payload, signer);
    const signatures = [{keyid: signer.keyid, sig: 'not base64!'}, ...envelope.signatures];
    expect(await verifyEnvelope({...envelope, signatures}, await trust(signer))).toMatchObject({
      ok: true,
      keyid: signer.keyid,
    });
  });

  it('tries only the key a signature names: a good signature under another trusted key id is refused', async () => {
    const [signer, other] = [await keys(), await keys()];
    const envelope = await signEnvelope(type, payload, signer);
    const misnamed = {...envelope, signatures: [{...envelope.signatures[0], keyid: other.keyid}]};
    expect(await verifyEnvelope(misnamed, await trust(signer, other))).toEqual({
      ok: false,
      reason: 'no signature verifies with a trusted key: the payload or the signature was changed',
    });
    const unnamed = {...envelope, signatures: [{sig: envelope.signatures[0].sig}]};
    expect(await verifyEnvelope(unnamed, await trust(other, signer))).toMatchObject({ok: true, keyid: signer.keyid});
  });

  it('names the signer and the trusted keys when no signature names a trusted key', async () => {
    const [signer, first, second] = [await keys(), await keys(), await keys()];
    const envelope = await signEnvelope(type, payload, signer);
    expect(await verifyEnvelope(envelope, await trust(first, second))).toEqual({
      ok: false,
      reason: `it is signed by key ${signer.keyid}, which is not among the trusted keys (${first.keyid}, ${second.keyid})`,
    });
    expect(await verifyEnvelope(envelope, [])).toEqual({
      ok: false,
      reason: `it is signed by key ${signer.keyid}, which is not among the trusted keys (none)`,
    });
    // Two signatures by keys not trusted: both named
    const twice = {...envelope, signatures: [...envelope.signatures, {keyid: second.keyid, sig: 'AAAA'}]};
    expect(await verifyEnvelope(twice, await trust(first))).toEqual({
      ok: false,
      reason: `it is signed by key ${signer.keyid}, ${second.keyid}, which is not among the trusted keys (${first.keyid})`,
    });
    // A signature of no keyid beside it, which fails, is no key of its own: the reason names the one key
    const beside = {...envelope, signatures: [{sig: 'AAAA'}, ...envelope.signatures]};
    expect(await verifyEnvelope(beside, await trust(first))).toEqual({
      ok: false,
      reason: `it is signed by key ${signer.keyid}, which is not among the trusted keys (${first.keyid})`,
    });
  });

  it('says the signature or payload was changed when a trusted key is named or none is', async () => {
    const [signer, other] = [await keys(), await keys()];
    const envelope = await signEnvelope(type, payload, signer);
    const changed = {...envelope, payload: toBase64(new TextEncoder().encode('{}'))};
    const reason = 'no signature verifies with a trusted key: the payload or the signature was changed';
    // The trusted key named, the other trusted key listed first
    expect(await verifyEnvelope(changed, await trust(other, signer))).toEqual({ok: false, reason});
    // No keyid at all
    const unnamed = {...changed, signatures: [{sig: changed.signatures[0].sig}]};
    expect(await verifyEnvelope(unnamed, await trust(signer))).toEqual({ok: false, reason});
    // One signature names an unknown key, the other the trusted one
    const mixed = {...changed, signatures: [{keyid: other.keyid, sig: 'AAAA'}, ...changed.signatures]};
    expect(await verifyEnvelope(mixed, await trust(signer))).toEqual({ok: false, reason});
  });
});
