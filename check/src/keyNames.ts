/**
 * What the check knows of API keys: the names that carry one, the prefix of the sandbox's keys, and where a
 * call carries a key, read one way for every reader: the hosted run's refusal of a real key
 * (hosted/secrets.ts), the `api-key-header` rule (judge/rules/api-key-header.ts) and the HAR's masking
 * (har/masker.ts), so a key one of them finds, the others find too. The specifications name the header their
 * security scheme sends (`securityHeaders` of @portal/specs: `x-api-key`); a program may also put a key under
 * another spelling by mistake (`apikey`, `api_key`, `x_api_key`, `key`), and those carry it just as well.
 * Browser-safe, no dependency: the site's rules list loads it (keyNames.test.ts proves the prefix is the
 * sandbox's own, sandbox/src/middleware/key.ts).
 *
 * Where a call carries a key (`keysInCall`):
 * - a header named like one (any case), and the credential of `authorization` or `proxy-authorization` (after
 *   its scheme, or the whole value without one);
 * - a cookie named like one;
 * - a query parameter named like one (`queryParameters`: the query starts at the URL's first `?`, so a later
 *   `?` is part of a value, and names are read decoded, `api%5Fkey` as `api_key`);
 * - a body: a JSON string field named like one at any depth (`keysInJson`, read as far as the text goes, so a
 *   body cut at the sandbox's bound is read too), or a form body's parameter named like one;
 * - the path, where a key is named in it (`keysInPath`): a `name=value` part of a segment (parts separated by
 *   `;` or `&`, as matrix parameters are written) or the segment after a segment, named like a key
 *   (`/apikey/<key>`). A segment that is not named is never taken for a key: a session token or an entity id
 *   looks like any key, and no path of the APIs has a segment named like one (keyNames.test.ts proves it),
 *   so no call of the APIs is refused for its path.
 */

/** Keys the sandbox accepts start with this. */
export const SANDBOX_KEY_PREFIX = 'sandbox_';

/** `x-api-key`, `x_api_key`, `xapikey`, `api-key`, `api_key`, `apikey`, `key`, in any case. */
const KEY_SPELLINGS = /^(x[-_]?)?api[-_]?key$|^key$/i;

/** Whether `name` carries a key: a spelling above or a header a security scheme names (`schemeNames`). */
export function isKeyName(name: string, schemeNames: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  return KEY_SPELLINGS.test(lower) || schemeNames.some((scheme) => scheme.toLowerCase() === lower);
}

/** A name and its value, decoded, and where the value is written in the text read (`start` to `end`). */
export interface NamedValue {
  name: string;
  value: string;
  start: number;
  end: number;
}

/** Percent-decoding as `URLSearchParams` does it: `+` a space, text that is not valid percent-encoding kept. */
const decodeQuery = (text: string): string => new URLSearchParams(`_=${text.replace(/&/g, '%26')}`).get('_')!;
/** The same in a path, where `+` is itself. */
const decodePath = (text: string): string => decodeQuery(text.replace(/\+/g, '%2B'));

/**
 * The `name=value` parameters of `text` from `from` to `to`, split at any of the characters `separators`,
 * decoded with `decode`; a part without `=` has no value and is left out.
 */
function parameters(
  text: string,
  from: number,
  to: number,
  separators: string,
  decode: (text: string) => string,
): NamedValue[] {
  const found: NamedValue[] = [];
  const part = new RegExp(`[^${separators}]+`, 'g');
  for (const match of text.slice(from, to).matchAll(part)) {
    const equals = match[0].indexOf('=');
    if (equals < 0) continue;
    const start = from + match.index + equals + 1;
    found.push({
      name: decode(match[0].slice(0, equals)),
      value: decode(match[0].slice(equals + 1)),
      start,
      end: from + match.index + match[0].length,
    });
  }
  return found;
}

/**
 * A URL's query parameters as a server reads them: the query is everything after the URL's first `?` (a later
 * `?` belongs to a value) up to a `#` after it, split at `&`; names and values are decoded (`+` a space, `%5F`
 * `_`). A `?` in a fragment starts a query too: more is read than a server would (a HAR's URL may keep its
 * fragment), never less.
 */
export function queryParameters(url: string): NamedValue[] {
  const question = url.indexOf('?');
  if (question < 0) return [];
  const hash = url.indexOf('#', question);
  return parameters(url, question + 1, hash < 0 ? url.length : hash, '&', decodeQuery);
}

/** The query parameters of `url` named like a key. */
export function keysInQuery(url: string, schemeNames: readonly string[] = []): NamedValue[] {
  return queryParameters(url).filter(({name}) => isKeyName(name, schemeNames));
}

/**
 * The keys named in a URL's path (before its `?` or `#`): a `name=value` part of a segment (parts separated by
 * `;` or `&`) named like a key, and the segment after a segment named like a key. An unnamed segment is never
 * one (the file's header says why).
 */
export function keysInPath(url: string, schemeNames: readonly string[] = []): NamedValue[] {
  const end = url.search(/[?#]|$/);
  const found: NamedValue[] = [];
  let previous = '';
  for (const segment of url.slice(0, end).matchAll(/[^/]+/g)) {
    const start = segment.index;
    if (isKeyName(previous, schemeNames))
      found.push({name: previous, value: decodePath(segment[0]), start, end: start + segment[0].length});
    found.push(
      ...parameters(url, start, start + segment[0].length, ';&', decodePath).filter(({name}) =>
        isKeyName(name, schemeNames),
      ),
    );
    previous = decodePath(segment[0]);
  }
  return found;
}

/** The keys a URL names, in its path and its query. */
export function keysInUrl(url: string, schemeNames: readonly string[] = []): NamedValue[] {
  return [...keysInPath(url, schemeNames), ...keysInQuery(url, schemeNames)];
}

/** The index of the `"` that closes the JSON string whose text starts at `from`, or -1 when the text ends first. */
function closingQuote(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '"') return at;
  }
  return -1;
}

/** A JSON string's text decoded (its escapes), or as written when it is no valid string. */
function jsonString(written: string): string {
  if (!written.includes('\\')) return written;
  try {
    return JSON.parse(`"${written}"`) as string;
  } catch {
    return written;
  }
}

/**
 * The string fields of a JSON text named like a key, at any depth (`start` to `end` is the string's text,
 * inside its quotes). Read string by string in one pass, so a text cut short (a body at the sandbox's bound),
 * or that is not JSON, is read as far as it goes, in a time that grows with its length only. A key is text:
 * a field named like a key whose value is not a string carries none.
 */
export function keysInJson(text: string, schemeNames: readonly string[] = []): NamedValue[] {
  const found: NamedValue[] = [];
  let name: {text: string; end: number} | undefined;
  for (let open = text.indexOf('"'); open >= 0;) {
    const close = closingQuote(text, open + 1);
    if (close < 0) break;
    const value = jsonString(text.slice(open + 1, close));
    // A string right after a name and its colon is that name's value
    if (name && isKeyName(name.text, schemeNames) && /^\s*:\s*$/.test(text.slice(name.end + 1, open)))
      found.push({name: name.text, value, start: open + 1, end: close});
    name = {text: value, end: close};
    open = text.indexOf('"', close + 1);
  }
  return found;
}

/** A header as a call carries it: its name and value. */
export type HeaderPair = readonly [name: string, value: string];

/** The headers that carry a credential: their value is a scheme and the credential, or the credential alone. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization']);

/** A credential header's value split into its scheme (`Bearer`, `Basic`) and credential; no scheme: the whole value. */
export function credentialOf(value: string): {scheme?: string; credential: string} {
  const split = /^([A-Za-z][\w-]*)\s+(\S.*)$/.exec(value);
  return split ? {scheme: split[1], credential: split[2]} : {credential: value};
}

/** The cookies of a `cookie` header named like a key (their values trimmed; `start` to `end` includes the spaces). */
export function keysInCookie(value: string, schemeNames: readonly string[] = []): NamedValue[] {
  return parameters(value, 0, value.length, ';', (text) => text.trim()).filter(({name}) =>
    isKeyName(name, schemeNames),
  );
}

/** Whether a content type is a form's (`application/x-www-form-urlencoded`), whose body reads as a query. */
export const isFormType = (type: string | undefined): boolean =>
  /^application\/x-www-form-urlencoded\b/i.test(type ?? '');

/** The keys a body names: a form's parameters (by its content type, `type`), else a JSON text's string fields. */
export function keysInBody(body: string, type: string | undefined, schemeNames: readonly string[] = []): NamedValue[] {
  return isFormType(type)
    ? parameters(body, 0, body.length, '&', decodeQuery).filter(({name}) => isKeyName(name, schemeNames))
    : keysInJson(body, schemeNames);
}

/** Where a call carries a key, and the key as it is sent there (decoded). */
export interface KeyPlace {
  /** The part of the call. */
  part: 'header' | 'query' | 'path' | 'body';
  /** Where, in a few words: `x-api-key`, `authorization`, `the cookie apikey`, `the query string (apikey)`... */
  where: string;
  value: string;
}

/** The parts of a call the keys are looked for in. */
export interface CallText {
  url: string;
  headers: readonly HeaderPair[];
  body?: string;
}

/** Every place a call carries a key (the file's header lists them), sandbox keys and other keys alike. */
export function keysInCall(call: CallText, schemeNames: readonly string[] = []): KeyPlace[] {
  const places: KeyPlace[] = [];
  let type: string | undefined;
  for (const [name, value] of call.headers) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') type = value;
    if (isKeyName(lower, schemeNames)) places.push({part: 'header', where: lower, value});
    else if (CREDENTIAL_HEADERS.has(lower))
      places.push({part: 'header', where: lower, value: credentialOf(value).credential});
    else if (lower === 'cookie')
      for (const cookie of keysInCookie(value, schemeNames))
        places.push({part: 'header', where: `the cookie ${cookie.name}`, value: cookie.value});
  }
  for (const {name, value} of keysInQuery(call.url, schemeNames))
    places.push({part: 'query', where: `the query string (${name})`, value});
  for (const {name, value} of keysInPath(call.url, schemeNames))
    places.push({part: 'path', where: `the path (${name})`, value});
  if (call.body)
    for (const {name, value} of keysInBody(call.body, type, schemeNames))
      places.push({part: 'body', where: `the body (${name})`, value});
  return places;
}

/**
 * `text` with the value at each place (`start` to `end`) replaced by what `mask` answers for it; a place that
 * overlaps one before it is left to that one.
 */
export function replaceValues(text: string, places: NamedValue[], mask: (place: NamedValue) => string): string {
  let out = '';
  let at = 0;
  for (const place of [...places].sort((a, b) => a.start - b.start)) {
    if (place.start < at) continue;
    out += text.slice(at, place.start) + mask(place);
    at = place.end;
  }
  return out + text.slice(at);
}
