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
  it('only in the query: a path with `&key=` is left as it is', () => {
    const masker = new Masker();
    expect(masker.url('/files/a&key=not_a_query_1')).toBe('/files/a&key=not_a_query_1');
    expect(masker.scrub('not_a_query_1')).toBe('not_a_query_1');
  });

  it('in a query that starts the URL, and before a fragment, which is kept and not read as the key', () => {
    const masker = new Masker();
    expect(masker.url('?key=query_secret_1')).toBe(`?key=${ENCODED_MASK}`);
    expect(masker.url('/a?key=query_secret_2#part')).toBe(`/a?key=${ENCODED_MASK}#part`);
    expect(masker.scrub('query_secret_2')).toBe(MASK);
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
