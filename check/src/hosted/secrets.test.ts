/**
 * What a hosted run takes out of a call with a real key (secrets.ts), as an attack: a key in each place a call
 * can carry one is found, and taken out where it is named (however short) and wherever else its text appears
 * (from six characters on); a sandbox key is neither. Each place has its own test, so one that stopped
 * being read or masked fails alone; each test of withoutSecrets is named for the call it proves (Stryker never
 * removes a call such as `scrub(...)`), and was seen to fail with it removed by hand. The run around it, in
 * Node and workerd: hosted.test.ts, deploy/src/hostedCheck.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {MASK} from '../har/masker';
import type {Header} from '../model';
import type {IncomingCall} from '../record/recorder';
import {realKeys, withoutSecrets} from './secrets';

const ENCODED_MASK = encodeURIComponent(MASK);
const SANDBOX = 'sandbox_own_key';
const LONG = 'live_0f1e2d3c4b5a';

const callOf = (url: string, headers: Header[] = [], body = ''): IncomingCall => ({
  method: 'POST',
  url,
  headers: [['x-api-key', SANDBOX], ...headers],
  body: new TextEncoder().encode(body),
  startedMs: 0,
});
const bodyOf = (call: IncomingCall) => new TextDecoder().decode(call.body);
/** The call as a run stores it: every real key taken out. */
const stored = (call: IncomingCall) => withoutSecrets(call, realKeys(call));

describe('realKeys: a key that is not a sandbox key, wherever the call carries it', () => {
  it('a header named like a key, in any case and of any length', () => {
    for (const [name, key] of [
      ['x-api-key', 'k'],
      ['API_KEY', 'live_1'],
      ['Key', 'l'.repeat(5000)],
    ])
      expect(realKeys({...callOf('/a'), headers: [[name, key]]}), name).toEqual([key]);
  });

  it('authorization with a scheme or bare, proxy-authorization, and a cookie named like a key', () => {
    expect(realKeys(callOf('/a', [['authorization', 'Bearer live_2']]))).toEqual(['live_2']);
    expect(realKeys(callOf('/a', [['authorization', 'live_3']]))).toEqual(['live_3']);
    expect(realKeys(callOf('/a', [['proxy-authorization', 'Basic bGl2ZV80']]))).toEqual(['bGl2ZV80']);
    expect(realKeys(callOf('/a', [['cookie', 'theme=dark; apikey=live_5']]))).toEqual(['live_5']);
  });

  it('the query, after a second `?` and under an encoded name', () => {
    expect(realKeys(callOf('/a?note=a?b&api%5Fkey=live_6'))).toEqual(['live_6']);
  });

  it('the path, where a key is named', () => {
    expect(realKeys(callOf('/apiservices/apikey/live_7/x'))).toEqual(['live_7']);
    expect(realKeys(callOf('/apiservices/x;key=live_8'))).toEqual(['live_8']);
  });

  it('a JSON body at any depth, and a form body', () => {
    expect(realKeys(callOf('/a', [], '{"query":{"auth":[{"apiKey":"live_9"}]}}'))).toEqual(['live_9']);
    const form = callOf('/a', [['content-type', 'application/x-www-form-urlencoded']], 'a=1&key=live%5F10');
    expect(realKeys(form)).toEqual(['live_10']);
  });

  it('nothing for sandbox keys in those places, empty values, or a call that names no key', () => {
    const call = callOf(
      `/apiservices/apikey/${SANDBOX}/x?key=${SANDBOX}&apikey=`,
      [
        ['authorization', `Bearer ${SANDBOX}`],
        ['cookie', `key=${SANDBOX}`],
        ['x-note', 'live_11'],
      ],
      `{"key":"${SANDBOX}","note":"live_12"}`,
    );
    expect(realKeys(call)).toEqual([]);
    expect(realKeys({...call, body: new Uint8Array()})).toEqual([]);
  });
});

describe('withoutSecrets: each place the key is taken out of', () => {
  it('headerWithout on a header named like a key: its whole value, however short', () => {
    const call = {...callOf('/a'), headers: [['X-Api-Key', 'k1']] as Header[]};
    expect(stored(call).headers).toEqual([['X-Api-Key', MASK]]);
  });

  it('headerWithout on authorization: the credential, its scheme kept; bare, the whole value', () => {
    expect(stored(callOf('/a', [['Authorization', 'Bearer k2']])).headers[1]).toEqual([
      'Authorization',
      `Bearer ${MASK}`,
    ]);
    expect(stored(callOf('/a', [['authorization', 'k3']])).headers[1]).toEqual(['authorization', MASK]);
  });

  it("replaceValues on a cookie named like a key: its value, the others' kept", () => {
    expect(stored(callOf('/a', [['Cookie', 'theme=dark; apikey=k4']])).headers[1]).toEqual([
      'Cookie',
      `theme=dark; apikey=${MASK}`,
    ]);
  });

  it('replaceValues on the URL: the value in the query and the path where it is named, encoded', () => {
    expect(stored(callOf('/apiservices/apikey/k5/x?n=a?b&api%5Fkey=k6')).url).toBe(
      `/apiservices/apikey/${ENCODED_MASK}/x?n=a?b&api%5Fkey=${ENCODED_MASK}`,
    );
  });

  it('replaceValues on a JSON body: the field where it is named, as written with escapes too', () => {
    const call = callOf('/a', [], '{"q":{"key":"k7"},"apikey":"live\\u005f13"}');
    expect(bodyOf(stored(call))).toBe(`{"q":{"key":"${MASK}"},"apikey":"${MASK}"}`);
  });

  it("replaceValues on a form body: the parameter's value, encoded", () => {
    const call = callOf('/a', [['content-type', 'application/x-www-form-urlencoded']], 'a=1&key=k8');
    expect(bodyOf(stored(call))).toBe(`a=1&key=${ENCODED_MASK}`);
  });

  it('only a cookie header is read as cookies: `key=` in another header is no key, and stays', () => {
    expect(
      stored(
        callOf('/a', [
          ['api-key', 'k10'],
          ['x-note', 'key=k11'],
        ]),
      ).headers.slice(1),
    ).toEqual([
      ['api-key', MASK],
      ['x-note', 'key=k11'],
    ]);
  });

  it('a sandbox key where it is named stays: it is no secret, and the api-key-header rule judges it', () => {
    const call = callOf(`/a?key=${SANDBOX}`, [['authorization', `Bearer ${SANDBOX}`]], `{"key":"${SANDBOX}"}`);
    expect(stored(call)).toEqual(call);
  });
});

describe("withoutSecrets: a key's text wherever else it appears", () => {
  const sent: Header[] = [['api-key', LONG]];

  it('scrub on another header', () => {
    expect(stored(callOf('/a', [...sent, ['x-note', `mine: ${LONG}`]])).headers[2]).toEqual([
      'x-note',
      `mine: ${MASK}`,
    ]);
  });

  it('scrub on a cookie not named like a key', () => {
    expect(stored(callOf('/a', [...sent, ['cookie', `k=1; s=${LONG}`]])).headers[2]).toEqual([
      'cookie',
      `k=1; s=${MASK}`,
    ]);
  });

  it('scrub on the URL, as written and encoded', () => {
    const spaced = 'live 0f1e2d3c';
    const call = callOf(`/apiservices/${LONG}/x?n=${encodeURIComponent(spaced)}&m=${spaced}`, [
      ...sent,
      ['key', spaced],
    ]);
    expect(stored(call).url).toBe(`/apiservices/${MASK}/x?n=${ENCODED_MASK}&m=${MASK}`);
  });

  it('scrub on the body, under another name', () => {
    expect(bodyOf(stored(callOf('/a', sent, `{"note":"${LONG}"}`)))).toBe(`{"note":"${MASK}"}`);
  });

  it('from six characters on: a shorter key is taken out where named only', () => {
    const five = stored(
      callOf('/a', [
        ['key', 'k9876'],
        ['x-note', 'k9876'],
      ]),
    );
    expect(five.headers.slice(1)).toEqual([
      ['key', MASK],
      ['x-note', 'k9876'],
    ]);
    const six = stored(
      callOf('/a', [
        ['key', 'k98765'],
        ['x-note', 'k98765'],
      ]),
    );
    expect(six.headers.slice(1)).toEqual([
      ['key', MASK],
      ['x-note', MASK],
    ]);
  });
});
