/**
 * What the check knows of API keys: the names that carry one, in a header or a query parameter (the one
 * list the `api-key-header` rule, judge/rules/api-key-header.ts, and the HAR's masking, har/har.ts, read, so a key
 * the rule spots in a query is always masked in `session.har`), and the prefix of the sandbox's keys. The
 * specifications name the header their security scheme sends (`securityHeaders` of @portal/specs:
 * `x-api-key`); a program may also put a key under another spelling by mistake (`apikey`, `api_key`,
 * `x_api_key`, `key`), and those carry it just as well. Browser-safe, no dependency: the site's rules list
 * loads it (keyNames.test.ts proves the prefix is the sandbox's own, sandbox/src/middleware/key.ts).
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
