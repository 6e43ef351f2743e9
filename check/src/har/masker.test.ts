/**
 * How the HAR hides secrets (masker.ts), at each edge: what the header, cookie and URL a partner attaches to
 * a ticket show, and which text of a secret is then masked wherever else it appears (a body, a fault).
 */
import {describe, expect, it} from 'vitest';
import {MASK, Masker} from './masker';

const SANDBOX_MASK = `sandbox_${MASK}`;
const ENCODED_MASK = encodeURIComponent(MASK);
const ENCODED_SANDBOX_MASK = encodeURIComponent(SANDBOX_MASK);

describe('a secret seen is masked elsewhere', () => {
  it('from six characters on: a five-character key is masked where named, its text left in bodies', () => {
    const masker = new Masker();
    expect(masker.header('x-api-key', 'abcde')).toBe(MASK);
    expect(masker.scrub('"abcde"')).toBe('"abcde"');
    expect(masker.header('x-api-key', 'abcdef')).toBe(MASK);
    expect(masker.scrub('"abcdef"')).toBe(`"${MASK}"`);
  });

  it('also URL-encoded, as a key with reserved characters appears in a query or a form', () => {
    const masker = new Masker();
    expect(masker.header('x-api-key', 'sandbox_a/b c')).toBe(SANDBOX_MASK);
    expect(masker.scrub('next=sandbox_a%2Fb%20c&x=1')).toBe(`next=${ENCODED_SANDBOX_MASK}&x=1`);
  });

  it('the longest first, so no tail of a longer secret is left (in whichever order they were seen)', () => {
    const shortFirst = new Masker();
    shortFirst.header('x-api-key', 'sandbox_abcdef');
    shortFirst.header('authorization', 'Bearer sandbox_abcdefghij');
    expect(shortFirst.scrub('[sandbox_abcdefghij] [sandbox_abcdef]')).toBe(`[${MASK}] [${SANDBOX_MASK}]`);
    const longFirst = new Masker();
    longFirst.header('authorization', 'Bearer sandbox_abcdefghij');
    longFirst.header('x-api-key', 'sandbox_abcdef');
    expect(longFirst.scrub('[sandbox_abcdefghij] [sandbox_abcdef]')).toBe(`[${MASK}] [${SANDBOX_MASK}]`);
  });
});

describe('authorization', () => {
  it('keeps the scheme after any run of spaces, and masks the credential', () => {
    const masker = new Masker();
    expect(masker.header('authorization', 'Bearer  tok_secret_1')).toBe(`Bearer ${MASK}`);
    expect(masker.scrub('tok_secret_1')).toBe(MASK);
  });

  it('masks a value that is no scheme and credential whole (no scheme, a mark before it, a line break)', () => {
    const masker = new Masker();
    expect(masker.header('authorization', 'tok_secret_2')).toBe(MASK);
    expect(masker.header('proxy-authorization', '=Bearer tok_secret_3')).toBe(MASK);
    expect(masker.header('authorization', 'Bearer tok_secret_4\nmore_secret')).toBe(MASK);
    expect(masker.scrub('tok_secret_2 =Bearer tok_secret_3 Bearer tok_secret_4\nmore_secret')).toBe(
      `${MASK} ${MASK} ${MASK}`,
    );
  });
});

describe('cookies', () => {
  it('set-cookie: the value masked, the name and attributes kept', () => {
    const masker = new Masker();
    expect(masker.header('set-cookie', 'session=cookie_secret_9; Path=/;  HttpOnly')).toBe(
      `session=${MASK}; Path=/; HttpOnly`,
    );
    expect(masker.scrub('cookie_secret_9')).toBe(MASK);
  });

  it('a cookie without a name is masked whole; one with an empty name keeps its `=`; values trimmed', () => {
    const masker = new Masker();
    expect(masker.header('cookie', 'theme=dark; bare_secret_1;=nameless_secret; sid=  spaced_secret ')).toBe(
      `theme=${MASK}; ${MASK}; =${MASK}; sid=${MASK}`,
    );
    expect(masker.scrub('(bare_secret_1) (nameless_secret) (spaced_secret)')).toBe(`(${MASK}) (${MASK}) (${MASK})`);
  });
});

describe('a key in the URL', () => {
  it('in the path where it is named (the segment after `apikey`, a `;key=` or `&key=` part), no other segment', () => {
    const masker = new Masker();
    expect(masker.url('/files/a&key=path_secret_1/apikey/path_secret_2/v3/b;api_key=k')).toBe(
      `/files/a&key=${ENCODED_MASK}/apikey/${ENCODED_MASK}/v3/b;api_key=${ENCODED_MASK}`,
    );
    expect(masker.scrub('path_secret_1 path_secret_2')).toBe(`${MASK} ${MASK}`);
    expect(masker.url('/apiservices/v3/keys/not_a_key_1')).toBe('/apiservices/v3/keys/not_a_key_1');
  });

  it('in a query that starts the URL, and before a fragment, which is kept and not read as the key', () => {
    const masker = new Masker();
    expect(masker.url('?key=query_secret_1')).toBe(`?key=${ENCODED_MASK}`);
    expect(masker.url('/a?key=query_secret_2#part')).toBe(`/a?key=${ENCODED_MASK}#part`);
    expect(masker.scrub('query_secret_2')).toBe(MASK);
  });

  it('after a second `?`, which is part of the value before it', () => {
    const masker = new Masker();
    expect(masker.url('/a?note=a?b&apikey=query_secret_3')).toBe(`/a?note=a?b&apikey=${ENCODED_MASK}`);
  });

  it('under a name written encoded or in capitals (`api%5Fkey`, `X-API-KEY`)', () => {
    const masker = new Masker();
    expect(masker.url('/a?api%5Fkey=query_secret_4&X-API-KEY=query_secret_5&locale=en-GB')).toBe(
      `/a?api%5Fkey=${ENCODED_MASK}&X-API-KEY=${ENCODED_MASK}&locale=en-GB`,
    );
    expect(masker.scrub('query_secret_4 query_secret_5')).toBe(`${MASK} ${MASK}`);
  });

  it('a parameter without `=` is no key, whatever its name starts with', () => {
    const masker = new Masker();
    expect(masker.url('/a?apikeys&locale=en-GB')).toBe('/a?apikeys&locale=en-GB');
  });

  it('as written (`+` for a space) and decoded: both masked wherever they appear', () => {
    const masker = new Masker();
    expect(masker.url('/a?key=sandbox_a+b+c')).toBe(`/a?key=${ENCODED_SANDBOX_MASK}`);
    expect(masker.scrub('sandbox_a+b+c | sandbox_a b c')).toBe(`${ENCODED_SANDBOX_MASK} | ${SANDBOX_MASK}`);
  });

  it('a name or value that is not valid percent-encoding is read as written', () => {
    const masker = new Masker();
    expect(masker.url('/a?%ZZ=1&key=bad%ZZsecret')).toBe(`/a?%ZZ=1&key=${ENCODED_MASK}`);
    expect(masker.scrub('bad%ZZsecret')).toBe(MASK);
  });
});

describe('a header named in any case', () => {
  it('any header named like a key, not only x-api-key', () => {
    const masker = new Masker();
    for (const name of ['X-API-KEY', 'Api_Key', 'apikey', 'KEY', 'x_api_key'])
      expect(masker.header(name, `header_secret_${name}`), name).toBe(MASK);
    expect(masker.scrub('header_secret_KEY header_secret_Api_Key')).toBe(`${MASK} ${MASK}`);
    expect(masker.header('X-Keys', 'not_a_secret')).toBe('not_a_secret');
  });

  it('Authorization, Cookie and Set-Cookie in capitals', () => {
    const masker = new Masker();
    expect(masker.header('Authorization', 'Bearer upper_secret_1')).toBe(`Bearer ${MASK}`);
    expect(masker.header('Proxy-Authorization', 'upper_secret_2')).toBe(MASK);
    expect(masker.header('COOKIE', 'a=upper_secret_3')).toBe(`a=${MASK}`);
    expect(masker.header('Set-Cookie', 'b=upper_secret_4; Secure')).toBe(`b=${MASK}; Secure`);
    expect(masker.scrub('upper_secret_1 upper_secret_2 upper_secret_3 upper_secret_4')).toBe(
      `${MASK} ${MASK} ${MASK} ${MASK}`,
    );
  });
});

describe('a key in a body', () => {
  it('a JSON string field named like a key, at any depth, however short, and its text elsewhere', () => {
    const masker = new Masker();
    expect(masker.body('{"q":{"apiKey":"body_secret_1"},"list":[{"key":"abc"}]}', 'application/json')).toBe(
      `{"q":{"apiKey":"${MASK}"},"list":[{"key":"${MASK}"}]}`,
    );
    expect(masker.scrub('body_secret_1')).toBe(MASK);
    expect(masker.body('{"key":"sandbox_body_1"}', undefined)).toBe(`{"key":"${SANDBOX_MASK}"}`);
  });

  it('written with escapes: the text as written is masked too', () => {
    const masker = new Masker();
    expect(masker.body('{"key":"body\\u005fsecret_2"}', undefined)).toBe(`{"key":"${MASK}"}`);
    expect(masker.scrub('"body\\u005fsecret_2" body_secret_2')).toBe(`"${MASK}" ${MASK}`);
  });

  it("a form's parameter, masked encoded", () => {
    const masker = new Masker();
    expect(masker.body('a=1&api%5Fkey=body%5Fsecret_3', 'application/x-www-form-urlencoded')).toBe(
      `a=1&api%5Fkey=${ENCODED_MASK}`,
    );
    expect(masker.scrub('body%5Fsecret_3 body_secret_3')).toBe(`${ENCODED_MASK} ${MASK}`);
  });

  it('nothing in a body that names no key', () => {
    const masker = new Masker();
    const text = '{"query":{"market":"UK","locale":"en-GB"},"note":"key"}';
    expect(masker.body(text, 'application/json')).toBe(text);
  });
});
