/**
 * What a hosted run does with a key that is not a sandbox key (./run.ts): finds it where a call names a key
 * (a header or query parameter keyNames.ts names), and takes it out of the call before anything is recorded,
 * there and wherever else its text appears, so no byte of it is stored.
 */
import {isKeyName, SANDBOX_KEY_PREFIX} from '../keyNames';
import {MASK} from '../har/masker';
import type {Header} from '../model';
import type {IncomingCall} from '../record/recorder';

/** Every text of a key that is not a sandbox key in the call (headers and query parameters named like a key). */
export function realKeys(call: IncomingCall): string[] {
  const found: string[] = [];
  for (const [name, value] of call.headers)
    if (isKeyName(name) && !value.startsWith(SANDBOX_KEY_PREFIX)) found.push(value);
  const query = call.url.split('?')[1];
  if (query)
    new URLSearchParams(query).forEach((value, name) => {
      if (isKeyName(name) && !value.startsWith(SANDBOX_KEY_PREFIX)) found.push(value);
    });
  return found.filter(Boolean);
}

/** Secrets shorter than this are taken out where they are named, but not searched for elsewhere (as the HAR's masking). */
const MIN_SCRUBBED_SECRET = 6;

/**
 * The call with every key that is not a sandbox key taken out: the value of each header and query parameter
 * named like a key, and the text of each such key wherever else it appears (the URL, encoded or not; other
 * headers; the body).
 */
export function withoutSecrets(call: IncomingCall, secrets: string[]): IncomingCall {
  const long = secrets.filter((secret) => secret.length >= MIN_SCRUBBED_SECRET);
  const scrub = (text: string): string =>
    long.reduce(
      (out, secret) => out.split(secret).join(MASK).split(encodeURIComponent(secret)).join(encodeURIComponent(MASK)),
      text,
    );
  const [path, query] = call.url.split(/\?(.*)/s, 2);
  const params = query === undefined ? undefined : new URLSearchParams(query);
  params?.forEach((value, name) => {
    if (isKeyName(name) && !value.startsWith(SANDBOX_KEY_PREFIX)) params.set(name, MASK);
  });
  const body = call.body.length ? new TextEncoder().encode(scrub(new TextDecoder().decode(call.body))) : call.body;
  return {
    ...call,
    url: scrub(params ? `${path}?${params.toString()}` : path),
    headers: call.headers.map(
      ([name, value]) =>
        [name, isKeyName(name) && !value.startsWith(SANDBOX_KEY_PREFIX) ? MASK : scrub(value)] as Header,
    ),
    body,
  };
}
