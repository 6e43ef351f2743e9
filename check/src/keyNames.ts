/**
 * The names that carry an API key, in a header or a query parameter: the one list the `api-key-header` rule
 * (rules.ts) and the HAR's masking (har.ts) read, so a key the rule spots in a query is always masked in
 * `session.har`. The specifications name the header their security scheme sends (`securityHeaders` of
 * @portal/specs: `x-api-key`); a program may also put a key under another spelling by mistake (`apikey`,
 * `api_key`, `x_api_key`, `key`), and those carry it just as well. Browser-safe, no dependency.
 */

/** `x-api-key`, `x_api_key`, `xapikey`, `api-key`, `api_key`, `apikey`, `key`, in any case. */
const KEY_SPELLINGS = /^(x[-_]?)?api[-_]?key$|^key$/i;

/** Whether `name` carries a key: a spelling above or a header a security scheme names (`schemeNames`). */
export function isKeyName(name: string, schemeNames: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  return KEY_SPELLINGS.test(lower) || schemeNames.some((scheme) => scheme.toLowerCase() === lower);
}
