/**
 * The names that carry a key and where a call carries one (keyNames.ts), both ways, at each edge, and the
 * sandbox's key prefix. Each place is read as an attack would write it: after a second `?`, under an encoded
 * name, in any case, deep in a body, in a body cut short, named in the path.
 */
import {describe, expect, it} from 'vitest';
import {SANDBOX_KEY_PREFIX as sandboxsOwn} from '@portal/sandbox';
import {exampleBody, exampleUrl, operationsOf} from '@portal/sandbox/testing';
import {
  credentialOf,
  isFormType,
  isKeyName,
  keysInBody,
  keysInCall,
  keysInCookie,
  keysInJson,
  keysInPath,
  keysInQuery,
  keysInUrl,
  queryParameters,
  replaceValues,
  SANDBOX_KEY_PREFIX,
  type NamedValue,
} from './keyNames';

/** Each value found with its text as written where it was found. */
const read = (text: string, found: NamedValue[]) =>
  found.map(({name, value, start, end}) => ({name, value, written: text.slice(start, end)}));

describe('isKeyName', () => {
  it('knows the header the specs name and the spellings a client may use, in any case', () => {
    for (const name of [
      'x-api-key',
      'X-API-Key',
      'x_api_key',
      'xapikey',
      'api-key',
      'api_key',
      'apikey',
      'APIKEY',
      'key',
    ])
      expect(isKeyName(name), name).toBe(true);
  });

  it('knows a header a security scheme names, and nothing that only contains a key spelling', () => {
    expect(isKeyName('partner-token')).toBe(false);
    expect(isKeyName('Partner-Token', ['partner-token'])).toBe(true);
    // A scheme names one header: any other name is still no key
    expect(isKeyName('locale', ['partner-token'])).toBe(false);
    for (const name of ['keys', 'monkey', 'key-id', 'api', 'apikeys', 'x-api-keys', 'locale', 'x-key', ''])
      expect(isKeyName(name), name).toBe(false);
  });
});

describe('queryParameters: the query as a server reads it', () => {
  it('starts at the first `?`: a later `?` is part of a value', () => {
    const url = '/apiservices/a?note=a?b&apikey=live_1';
    expect(read(url, queryParameters(url))).toEqual([
      {name: 'note', value: 'a?b', written: 'a?b'},
      {name: 'apikey', value: 'live_1', written: 'live_1'},
    ]);
  });

  it('decodes names and values as URLSearchParams does, and keeps each value where it is written', () => {
    const url = '/a?api%5Fkey=live%5F2&q=a+b&bad%ZZ=x%ZZ&e=%E2%80%A6';
    expect(read(url, queryParameters(url))).toEqual([
      {name: 'api_key', value: 'live_2', written: 'live%5F2'},
      {name: 'q', value: 'a b', written: 'a+b'},
      {name: 'bad%ZZ', value: 'x%ZZ', written: 'x%ZZ'},
      {name: 'e', value: '…', written: '%E2%80%A6'},
    ]);
  });

  it('ends at a `#`, and leaves out empty parts and parts with no `=` (they hold no value)', () => {
    const url = '/a?&&apikey&locale=en-GB&=nameless&key=x=y#key=in_fragment';
    expect(read(url, queryParameters(url))).toEqual([
      {name: 'locale', value: 'en-GB', written: 'en-GB'},
      {name: '', value: 'nameless', written: 'nameless'},
      {name: 'key', value: 'x=y', written: 'x=y'},
    ]);
    // A `?` after a `#` is read too: more is read than a server would, never less
    expect(queryParameters('/a#?key=after_hash').map(({value}) => value)).toEqual(['after_hash']);
    expect(queryParameters('/apiservices/a')).toEqual([]);
    expect(read('?key=first', queryParameters('?key=first'))).toEqual([
      {name: 'key', value: 'first', written: 'first'},
    ]);
  });

  it('keysInQuery: the parameters named like a key, in any case and any encoding, or as a scheme names them', () => {
    const url = '/a?locale=en&APIKEY=k1&x%2Dapi%2Dkey=k2&token=k3';
    expect(keysInQuery(url).map(({value}) => value)).toEqual(['k1', 'k2']);
    expect(keysInQuery(url, ['token']).map(({value}) => value)).toEqual(['k1', 'k2', 'k3']);
  });
});

describe('keysInPath: a key named in the path', () => {
  it('the segment after a segment named like a key, in any case and encoding, `+` kept', () => {
    const url = '/apiservices/API%5FKEY/live+3/currencies?apikey=not_the_path';
    expect(read(url, keysInPath(url))).toEqual([{name: 'API_KEY', value: 'live+3', written: 'live+3'}]);
    const encoded = '/apiservices/apikey/live%2F4&x=1';
    expect(read(encoded, keysInPath(encoded))).toEqual([
      {name: 'apikey', value: 'live/4&x=1', written: 'live%2F4&x=1'},
    ]);
  });

  it('a `name=value` part of a segment, the parts separated by `;` or `&`', () => {
    const url = '/apiservices/currencies;apikey=live_5;v=1/files/a&key=live_6/key=live_7';
    expect(read(url, keysInPath(url)).map(({written}) => written)).toEqual(['live_5', 'live_6', 'live_7']);
  });

  it('nothing unnamed, nothing in the query or fragment, and no segment after the last', () => {
    for (const url of [
      '/apiservices/v3/culture/currencies',
      '/apiservices/keys/live_8/monkey/live_9',
      '/apiservices/a?x=/apikey/live_10',
      '/apiservices/a#/apikey/live_11',
      '/apiservices/apikey',
      '/apiservices/apikey/',
      '/apiservices/a;token=live_12',
    ])
      expect(keysInPath(url), url).toEqual([]);
    expect(read('/a/token/t1', keysInPath('/a/token/t1', ['token']))).toEqual([
      {name: 'token', value: 't1', written: 't1'},
    ]);
  });

  it("refuses no path and no body of the APIs' example calls, and finds a key put in each", () => {
    const operations = operationsOf();
    // Every operation of the thirteen APIs
    expect(operations.length).toBeGreaterThan(13);
    for (const operation of operations) {
      const url = new URL(exampleUrl(operation));
      const path = url.pathname + url.search;
      expect(keysInUrl(path), path).toEqual([]);
      const body = exampleBody(operation);
      if (body !== undefined) expect(keysInJson(JSON.stringify(body)), operation.operationId).toEqual([]);
      const named = url.pathname.replace('/apiservices/', '/apiservices/apikey/live_13/');
      expect(keysInUrl(named).map(({value}) => value)).toEqual(['live_13']);
    }
  });
});

describe('keysInJson: a string field named like a key, at any depth', () => {
  it('in objects and arrays at any depth, with spaces around the colon', () => {
    const text = '{"a":{"b":[{"apiKey" :\n "live_14"}],"key":"live_15"},"n":{"x-api-key":"live_16"}}';
    expect(read(text, keysInJson(text)).map(({name, written}) => [name, written])).toEqual([
      ['apiKey', 'live_14'],
      ['key', 'live_15'],
      ['x-api-key', 'live_16'],
    ]);
  });

  it('a name or value written with escapes, decoded; the place is its text as written', () => {
    const text = '{"api\\u005fkey":"live\\u005f17","key":"a\\"b"}';
    expect(read(text, keysInJson(text))).toEqual([
      {name: 'api_key', value: 'live_17', written: 'live\\u005f17'},
      {name: 'key', value: 'a"b', written: 'a\\"b'},
    ]);
  });

  it('nothing that is no name and string value: an array item, a number, a key named inside a string', () => {
    for (const text of [
      '["apikey", "live_18"]',
      '{"apikey": 1234567890}',
      '{"note": "apikey", "x": "live_19"}',
      '{"note": "say \\"apikey\\": \\"live_20\\"", "k": 1}',
      '{"api\\qkey": "live_21"}',
      '{"apikey"\n,"live_22"}',
      '{"apikey": x "live_23"}',
      '{"apikey" x: "live_23b"}',
    ])
      expect(keysInJson(text), text).toEqual([]);
  });

  it('a text cut short or not JSON at all, as far as it goes', () => {
    const cut = '{"a":"b","apikey":"live_24","c":"and then the bod';
    expect(keysInJson(cut).map(({value}) => value)).toEqual(['live_24']);
    expect(keysInJson('{"apikey":"live_25\\')).toEqual([]);
    expect(keysInJson('note: "key":"live_26" and more').map(({value}) => value)).toEqual(['live_26']);
  });

  it('a long text of escaped quotes in one pass, as a body at the bound may be', () => {
    const text = `{"a":"${'\\"'.repeat(400_000)}`;
    expect(keysInJson(text)).toEqual([]);
    expect(keysInJson(`${text}","key":"live_27"}`).map(({value}) => value)).toEqual(['live_27']);
  });
});

describe('cookies, forms and credentials', () => {
  it('keysInCookie: the cookies named like a key, trimmed', () => {
    const value = 'theme=dark; apikey=live_28;  KEY =  live_29 ;session';
    expect(keysInCookie(value).map(({name, value: key}) => [name, key])).toEqual([
      ['apikey', 'live_28'],
      ['KEY', 'live_29'],
    ]);
  });

  it('keysInBody: a form by its content type (any case, with parameters), else JSON', () => {
    const form = 'note=%7B%22key%22%3A%22x%22%7D&api%5Fkey=live%5F30';
    for (const type of ['application/x-www-form-urlencoded', 'Application/X-WWW-Form-Urlencoded; charset=utf-8'])
      expect(read(form, keysInBody(form, type))).toEqual([{name: 'api_key', value: 'live_30', written: 'live%5F30'}]);
    expect(keysInBody(form, 'application/json')).toEqual([]);
    expect(keysInBody(form, undefined)).toEqual([]);
    expect(keysInBody('{"key":"live_31"}', 'text/plain').map(({value}) => value)).toEqual(['live_31']);
    expect(keysInBody('{"key":"live_31"}', 'application/x-www-form-urlencoded')).toEqual([]);
    expect(isFormType('text/x-www-form-urlencoded')).toBe(false);
    expect(isFormType('application/x-www-form-urlencodedx')).toBe(false);
    expect(isFormType('x-application/x-www-form-urlencoded')).toBe(false);
  });

  it('credentialOf: the credential after its scheme, or the whole value', () => {
    expect(credentialOf('Bearer  live_32')).toEqual({scheme: 'Bearer', credential: 'live_32'});
    expect(credentialOf('live_33')).toEqual({credential: 'live_33'});
    expect(credentialOf('=Bearer live_34')).toEqual({credential: '=Bearer live_34'});
    expect(credentialOf('Bearer live_35\nmore')).toEqual({credential: 'Bearer live_35\nmore'});
    expect(credentialOf('Bearer ')).toEqual({credential: 'Bearer '});
  });
});

describe('keysInCall: every place a call carries a key', () => {
  it('names each place, sandbox keys and others alike', () => {
    const places = keysInCall(
      {
        url: '/apiservices/apikey/p1/x?note=a?b&api%5Fkey=q1',
        headers: [
          ['X-Api-Key', 'sandbox_h1'],
          ['api_key', 'h2'],
          ['Authorization', 'Bearer a1'],
          ['proxy-authorization', 'a2'],
          ['Cookie', 'theme=dark; key=c1'],
          ['Content-Type', 'application/json'],
          ['locale', 'en-GB'],
        ],
        body: '{"query":{"apikey":"b1"}}',
      },
      [],
    );
    expect(places).toEqual([
      {part: 'header', where: 'x-api-key', value: 'sandbox_h1'},
      {part: 'header', where: 'api_key', value: 'h2'},
      {part: 'header', where: 'authorization', value: 'a1'},
      {part: 'header', where: 'proxy-authorization', value: 'a2'},
      {part: 'header', where: 'the cookie key', value: 'c1'},
      {part: 'query', where: 'the query string (api_key)', value: 'q1'},
      {part: 'path', where: 'the path (apikey)', value: 'p1'},
      {part: 'body', where: 'the body (apikey)', value: 'b1'},
    ]);
  });

  it("reads a form body by the call's content type, and a header a scheme names", () => {
    const places = keysInCall(
      {
        url: '/a',
        headers: [
          ['content-type', 'application/x-www-form-urlencoded'],
          ['partner-token', 't1'],
        ],
        body: 'key=f1',
      },
      ['partner-token'],
    );
    expect(places).toEqual([
      {part: 'header', where: 'partner-token', value: 't1'},
      {part: 'body', where: 'the body (key)', value: 'f1'},
    ]);
    expect(keysInCall({url: '/a', headers: [['partner-token', 't1']], body: ''})).toEqual([]);
  });
});

describe('replaceValues', () => {
  it('replaces each place in the order of the text, and leaves a place inside another to it', () => {
    const text = '/apikey/apikey=inner/x?key=q';
    const found = keysInUrl(text);
    expect(read(text, found).map(({written}) => written)).toEqual(['apikey=inner', 'inner', 'q']);
    expect(replaceValues(text, [...found].reverse(), ({value}) => `<${value.length}>`)).toBe('/apikey/<12>/x?key=<1>');
    expect(replaceValues(text, [], () => 'x')).toBe(text);
  });
});

describe('SANDBOX_KEY_PREFIX', () => {
  it("is the prefix the sandbox's key step accepts", () => {
    expect(SANDBOX_KEY_PREFIX).toBe(sandboxsOwn);
  });
});
