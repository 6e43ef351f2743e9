/**
 * What a hosted run does with a key that is not a sandbox key (./run.ts): finds it wherever a call carries a
 * key (`keysInCall` of ../keyNames.ts: a header named like one, `authorization`, a cookie, the query, a JSON or
 * form body, a key named in the path), and takes it out of the call before anything is recorded, there and
 * wherever else its text appears, so no byte of it is stored.
 */
import {
  CREDENTIAL_HEADERS,
  credentialOf,
  isFormType,
  isKeyName,
  keysInBody,
  keysInCall,
  keysInCookie,
  keysInUrl,
  replaceValues,
  SANDBOX_KEY_PREFIX,
  type NamedValue,
} from '../keyNames';
import {MASK} from '../har/masker';
import type {Header} from '../model';
import type {IncomingCall} from '../record/recorder';

const isReal = (key: string): boolean => !key.startsWith(SANDBOX_KEY_PREFIX);
const real = (places: NamedValue[]): NamedValue[] => places.filter(({value}) => isReal(value));

const textOf = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const typeOf = (call: IncomingCall): string | undefined =>
  call.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];

/** Every text of a key that is not a sandbox key in the call, wherever it carries one (empty: none). */
export function realKeys(call: IncomingCall): string[] {
  const body = call.body.length ? textOf(call.body) : undefined;
  return keysInCall({url: call.url, headers: call.headers, ...(body ? {body} : {})})
    .map(({value}) => value)
    .filter((value) => value && isReal(value));
}

/** Secrets shorter than this are taken out where they are named, but not searched for elsewhere (as the HAR's masking). */
const MIN_SCRUBBED_SECRET = 6;

/**
 * A header's value with a real key in it taken out (the whole value of a header named like a key, a credential
 * after its scheme, a cookie's value), and every secret's text anywhere else in it.
 */
function headerWithout(name: string, value: string, scrub: (text: string) => string): string {
  const lower = name.toLowerCase();
  if (isKeyName(lower) && isReal(value)) return MASK;
  if (CREDENTIAL_HEADERS.has(lower)) {
    const {scheme, credential} = credentialOf(value);
    if (isReal(credential)) return scheme ? `${scheme} ${MASK}` : MASK;
  }
  if (lower === 'cookie') return scrub(replaceValues(value, real(keysInCookie(value)), () => MASK));
  return scrub(value);
}

/**
 * The call with every key that is not a sandbox key taken out: the value at each place it is named (a header, a
 * cookie, the credential of `authorization`, a query parameter, a key named in the path, a body's field), and
 * the text of each such key wherever else it appears (`secrets`: the URL, encoded or not; other headers; the
 * body).
 */
export function withoutSecrets(call: IncomingCall, secrets: string[]): IncomingCall {
  const long = secrets.filter((secret) => secret.length >= MIN_SCRUBBED_SECRET);
  const scrub = (text: string): string =>
    long.reduce(
      (out, secret) => out.split(secret).join(MASK).split(encodeURIComponent(secret)).join(encodeURIComponent(MASK)),
      text,
    );
  const encodedMask = () => encodeURIComponent(MASK);
  let body = call.body;
  if (body.length) {
    const text = textOf(body);
    const type = typeOf(call);
    // A form's values are percent-encoded, a JSON string's are not
    const mask = isFormType(type) ? encodedMask : () => MASK;
    body = new TextEncoder().encode(scrub(replaceValues(text, real(keysInBody(text, type)), mask)));
  }
  return {
    ...call,
    url: scrub(replaceValues(call.url, real(keysInUrl(call.url)), encodedMask)),
    headers: call.headers.map(([name, value]) => [name, headerWithout(name, value, scrub)] as Header),
    body,
  };
}
