/**
 * Field names that a schema does not declare. The specifications leave `additionalProperties` out
 * (the service ignores unknown fields), so JSON Schema validation accepts a misspelled optional field
 * (`includedCarrierIds` for `includedCarriersIds`) that the service would silently drop. This finds
 * them: in an object whose schema lists `properties` and allows no `additionalProperties`, every key
 * must be one of them. The branches of `allOf`/`oneOf`/`anyOf` are taken together (a key of any
 * branch is declared); an object schema without `properties` (a free-form object) or with
 * `additionalProperties` (a map) accepts any key.
 */
import {resolveRef, type OpenApiDocument, type Schema} from './openapi';

/** The schema and everything it is made of through `$ref` and the composition keywords. */
function flatten(doc: OpenApiDocument, schema: Schema | boolean | undefined, into: Schema[] = []): Schema[] {
  if (!schema || typeof schema !== 'object') return into;
  const resolved = resolveRef(doc, schema);
  if (into.includes(resolved)) return into;
  into.push(resolved);
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) {
    flatten(doc, part, into);
  }
  return into;
}

/** JSON pointers of the keys of `value` that `schema` does not declare. */
export function undeclaredFields(doc: OpenApiDocument, schema: Schema | undefined, value: unknown): string[] {
  return undeclaredIn(doc, schema ? [schema] : [], value, '');
}

/** The same for a value that any of several schemas describes (their keys taken together). */
function undeclaredIn(doc: OpenApiDocument, roots: Schema[], value: unknown, at: string): string[] {
  const schemas = roots.flatMap((root) => flatten(doc, root));
  if (Array.isArray(value)) {
    const items = schemas.map((s) => s.items).filter((s): s is Schema => s !== undefined);
    return value.flatMap((item, i) => undeclaredIn(doc, items, item, `${at}/${i}`));
  }
  if (!value || typeof value !== 'object') return [];
  const declared = new Map<string, Schema[]>();
  for (const s of schemas) {
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      declared.set(name, [...(declared.get(name) ?? []), property]);
    }
  }
  const maps = schemas
    .map((s) => s.additionalProperties)
    .filter((s): s is Schema | true => s !== undefined && s !== false);
  const closed = declared.size > 0 && maps.length === 0;
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const own = declared.get(key);
    if (own) return undeclaredIn(doc, own, item, pointer);
    if (closed) return [pointer];
    return undeclaredIn(
      doc,
      maps.filter((s): s is Schema => typeof s === 'object'),
      item,
      pointer,
    );
  });
}
