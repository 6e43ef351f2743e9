/**
 * Each place `toHar` (har.ts) writes a text, tested as an attack: a recording whose secret only that place's
 * masking can hide, so a HAR written without it shows the secret. Stryker changes operators and values but
 * never removes a wrapping call such as `masker.header(...)`: each test is named for the call it proves, and
 * each was seen to fail with that call removed by hand.
 */
import {describe, expect, it} from 'vitest';
import {MASK, toHar} from './har';
import type {Exchange, Header, Recording} from '../model';

const SECRET = 'live_secret_9f8e7d6c';

const exchange = (
  request: Partial<Exchange['request']> = {},
  response: Partial<Exchange['response']> = {},
  fault?: Exchange['fault'],
): Exchange => ({
  index: 0,
  startedMs: 0,
  endedMs: 5,
  request: {method: 'POST', url: '/apiservices/v3/culture/currencies', headers: [], ...request},
  response: {status: 200, headers: [], ...response},
  ...(fault ? {fault} : {}),
});

const recording = (exchanges: Exchange[], label?: string): Recording => ({
  scenario: null,
  startedAt: '2026-11-23T10:00:00.000Z',
  exchanges: exchanges.map((one, index) => ({...one, index})),
  ...(label ? {label} : {}),
});

/** The HAR's text of one recording. */
const harOf = (exchanges: Exchange[], label?: string) => JSON.stringify(toHar([recording(exchanges, label)]));
const sent: Header[] = [['x-api-key', SECRET]];

describe('toHar masks each place it writes', () => {
  it('masker.url: a key in the query only, after a second `?`, under an encoded name', () => {
    const text = harOf([exchange({url: `/apiservices/v3/culture/currencies?note=a?b&api%5Fkey=${SECRET}`})]);
    expect(text).not.toContain(SECRET);
    expect(text).toContain(`api%5Fkey=${encodeURIComponent(MASK)}`);
  });

  it('masker.url: a key named in the path only', () => {
    const text = harOf([exchange({url: `/apiservices/v3/apikey/${SECRET}/currencies`})]);
    expect(text).not.toContain(SECRET);
  });

  it('masker.header on a request header: a key in a header named like one, in capitals, only', () => {
    const text = harOf([exchange({headers: [['X-Api-Key', SECRET]]})]);
    expect(text).not.toContain(SECRET);
    expect(text).toContain(`{"name":"X-Api-Key","value":"${MASK}"}`);
  });

  it('masker.header on a response header: a set-cookie the request never sent', () => {
    const text = harOf([exchange({}, {headers: [['set-cookie', `session=${SECRET}; HttpOnly`]]})]);
    expect(text).not.toContain(SECRET);
    expect(text).toContain(`session=${MASK}; HttpOnly`);
  });

  it('masker.body on a request body: a JSON field named like a key, deep in the body, only', () => {
    const text = harOf([exchange({body: `{"query":{"auth":{"apiKey":"${SECRET}"}}}`})]);
    expect(text).not.toContain(SECRET);
  });

  it('masker.body on a response body: a JSON field named like a key in the answer only', () => {
    const text = harOf([exchange({}, {body: `{"echo":{"key":"${SECRET}"}}`})]);
    expect(text).not.toContain(SECRET);
  });

  it('masker.scrub on headers: a key sent in x-api-key and echoed in another header', () => {
    const text = harOf([exchange({headers: sent}, {headers: [['x-echo', `you sent ${SECRET}`]]})]);
    expect(text).not.toContain(SECRET);
    expect(text).toContain(`you sent ${MASK}`);
  });

  it('masker.scrub on a request body: a key sent in x-api-key and written in the body under another name', () => {
    const text = harOf([exchange({headers: sent, body: `{"note":"my key is ${SECRET}"}`})]);
    expect(text).not.toContain(SECRET);
    expect(text).toContain(`my key is ${MASK}`);
  });

  it('masker.scrub on a response body: a key sent in x-api-key and echoed in the answer', () => {
    const text = harOf([exchange({headers: sent}, {body: `{"message":"${SECRET} is no sandbox key"}`})]);
    expect(text).not.toContain(SECRET);
  });

  it('masker.scrub on the URL: a key sent in x-api-key and in an unnamed path segment', () => {
    const text = harOf([exchange({headers: sent, url: `/apiservices/v3/${SECRET}/currencies`})]);
    expect(text).not.toContain(SECRET);
    expect(text).toContain(`/apiservices/v3/${MASK}/currencies`);
  });

  it('masker.scrub on a fault: a key sent in x-api-key and named in the fault injected', () => {
    const text = harOf([exchange({headers: sent}, {}, {kind: 'status', description: `refused ${SECRET}`})]);
    expect(text).not.toContain(SECRET);
  });

  it('masker.scrub on a label: the page id and title, each entry pageref and _scenario', () => {
    const har = toHar([recording([exchange({headers: sent})], `program with ${SECRET}`)]);
    expect(JSON.stringify(har)).not.toContain(SECRET);
    const label = `program with ${MASK}`;
    expect(har.log.pages[0]).toMatchObject({id: `run-1-${label}`, title: label});
    expect(har.log.entries[0]).toMatchObject({pageref: `run-1-${label}`, _scenario: label});
  });

  it('every secret before any text: a key first sent by a later call is masked in an earlier body', () => {
    const text = harOf([
      exchange({body: `{"note":"${SECRET}"}`}),
      exchange({url: `/apiservices/v3/culture/currencies?key=${SECRET}`}),
    ]);
    expect(text).not.toContain(SECRET);
  });
});
