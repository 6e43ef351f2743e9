/**
 * How the HARs the check writes (har.ts `toHar`) hide keys and credentials: a key where it is named (a
 * header or a query parameter ../keyNames.ts names), `authorization` and `proxy-authorization` (their scheme
 * kept), cookies (their names kept), and then the text of each secret seen wherever else it appears (a
 * body, a fault, a URL-encoded copy). Browser-safe.
 */
import {isKeyName, SANDBOX_KEY_PREFIX} from '../keyNames';

/** What stands for a masked secret. */
export const MASK = '…';
/** Secrets shorter than this are masked where they are named (header, parameter) but not searched for in bodies. */
const MIN_SCRUBBED_SECRET = 6;

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);

/**
 * A key as the HAR shows it: a sandbox key keeps its `sandbox_` prefix (`sandbox_…`), so a reader sees a
 * sandbox key was sent; any other key is masked whole (`…`), neither its length nor any character kept.
 */
export function maskKey(key: string): string {
  return key.startsWith(SANDBOX_KEY_PREFIX) ? SANDBOX_KEY_PREFIX + MASK : MASK;
}

/** Masks keys and credentials: where they are named, and wherever else their text appears afterwards. */
export class Masker {
  /** Each secret seen, with what replaces it. */
  private readonly secrets = new Map<string, string>();

  private remember(secret: string, mask: string): string {
    if (secret.length >= MIN_SCRUBBED_SECRET && secret !== mask) {
      this.secrets.set(secret, mask);
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) this.secrets.set(encoded, encodeURIComponent(mask));
    }
    return mask;
  }

  header(name: string, value: string): string {
    if (isKeyName(name)) return this.remember(value, maskKey(value));
    if (CREDENTIAL_HEADERS.has(name)) {
      // The scheme (`Bearer`, `Basic`) stays: it is no secret and says what was sent.
      const scheme = /^([A-Za-z][\w-]*)\s+(\S.*)$/.exec(value);
      if (!scheme) return this.remember(value, MASK);
      this.remember(scheme[2], MASK);
      return `${scheme[1]} ${MASK}`;
    }
    if (name === 'cookie')
      return value
        .split(';')
        .map((pair) => this.cookie(pair))
        .join('; ');
    if (name === 'set-cookie') {
      const [pair, ...attributes] = value.split(';');
      return [this.cookie(pair), ...attributes.map((attribute) => attribute.trim())].join('; ');
    }
    return value;
  }

  /** `name=value` with its value masked; the name stays. */
  private cookie(pair: string): string {
    const equals = pair.indexOf('=');
    if (equals < 0) return this.remember(pair.trim(), MASK);
    this.remember(pair.slice(equals + 1).trim(), MASK);
    return `${pair.slice(0, equals).trim()}=${MASK}`;
  }

  /** The URL with the value of any key parameter (../keyNames.ts: `key`, `apikey`, `x-api-key`...) masked. */
  url(url: string): string {
    const question = url.indexOf('?');
    if (question < 0) return url;
    const hash = url.indexOf('#', question);
    const query = url.slice(question + 1, hash < 0 ? undefined : hash);
    const masked = query
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        if (equals < 0 || !isKeyName(decode(pair.slice(0, equals)))) return pair;
        const value = decode(pair.slice(equals + 1));
        this.remember(pair.slice(equals + 1), encodeURIComponent(maskKey(value)));
        return `${pair.slice(0, equals)}=${encodeURIComponent(this.remember(value, maskKey(value)))}`;
      })
      .join('&');
    return url.slice(0, question + 1) + masked + (hash < 0 ? '' : url.slice(hash));
  }

  /** Any text with every secret seen replaced (longest first, so no part of one is left). */
  scrub(text: string): string {
    let scrubbed = text;
    for (const [secret, mask] of [...this.secrets].sort(([a], [b]) => b.length - a.length)) {
      scrubbed = scrubbed.split(secret).join(mask);
    }
    return scrubbed;
  }
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};
