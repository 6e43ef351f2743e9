/**
 * How the HARs the check writes (har.ts `toHar`) hide keys and credentials: a key where it is named (where
 * ../keyNames.ts finds one: a header, a query parameter, the path, a body's field), `authorization` and
 * `proxy-authorization` (their scheme kept), cookies (their names kept), and then the text of each secret
 * seen wherever else it appears (a body, a fault, a URL-encoded copy). Header names are read in any case.
 * Browser-safe.
 */
import {
  CREDENTIAL_HEADERS,
  credentialOf,
  isFormType,
  isKeyName,
  keysInBody,
  keysInUrl,
  replaceValues,
  SANDBOX_KEY_PREFIX,
  type NamedValue,
} from '../keyNames';

/** What stands for a masked secret. */
export const MASK = '…';
/** Secrets shorter than this are masked where they are named (header, parameter) but not searched for in bodies. */
const MIN_SCRUBBED_SECRET = 6;

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

  /** A header's value as the HAR shows it (`name` in any case). */
  header(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (isKeyName(lower)) return this.remember(value, maskKey(value));
    if (CREDENTIAL_HEADERS.has(lower)) {
      // The scheme (`Bearer`, `Basic`) stays: it is no secret and says what was sent.
      const {scheme, credential} = credentialOf(value);
      this.remember(credential, MASK);
      return scheme ? `${scheme} ${MASK}` : MASK;
    }
    if (lower === 'cookie')
      return value
        .split(';')
        .map((pair) => this.cookie(pair))
        .join('; ');
    if (lower === 'set-cookie') {
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

  /** A key found where it is named, remembered (decoded and as written) and masked (`encode`d for a URL or a form). */
  private key(text: string, found: NamedValue, encode: boolean): string {
    const mask = maskKey(found.value);
    this.remember(text.slice(found.start, found.end), encode ? encodeURIComponent(mask) : mask);
    this.remember(found.value, mask);
    return encode ? encodeURIComponent(mask) : mask;
  }

  /**
   * The URL with each key it names masked (../keyNames.ts `keysInUrl`: a query parameter named like a key,
   * whatever its name's encoding, after the first `?`; a key named in the path).
   */
  url(url: string): string {
    return replaceValues(url, keysInUrl(url), (found) => this.key(url, found, true));
  }

  /** A body with each key it names masked (a JSON string field named like a key, or a form's parameter). */
  body(text: string, type: string | undefined): string {
    return replaceValues(text, keysInBody(text, type), (found) => this.key(text, found, isFormType(type)));
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
