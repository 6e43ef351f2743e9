/**
 * The one guard the check's readers of outside JSON share (a HAR, a DSSE envelope, a key set, an attestation's
 * statement): a JSON object, not an array or `null`, whose members may then be read. Browser-safe.
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
