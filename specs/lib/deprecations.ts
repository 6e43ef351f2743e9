/**
 * What a specification deprecates (`deprecated: true` on an operation, a parameter or a property), and
 * which deprecated fields a value uses: what the reference's markdown (./referenceMarkdown.ts), the MCP
 * server's operation tools and the guides' check (website/config/guideDeprecations.ts) read. Pure.
 */
import {operations, parametersOf, resolveRef, type OpenApiDocument, type Operation, type Schema} from './openapi';
import {schemaFields} from './statedLimits';

/** What a document deprecates. */
export interface Deprecations {
  operations: Operation[];
  /** Parameters, with the operation that takes them. */
  parameters: {operation: Operation; name: string; in: string}[];
  /** Property names, each with the first path it is met at from the roots of `schemaFields` (`query.includeBaggageData`). */
  fields: {name: string; path: string}[];
}

/** Whether a schema (or the one its `$ref` names) is deprecated. */
const isDeprecated = (doc: OpenApiDocument, schema: Schema | undefined): boolean =>
  schema?.deprecated === true ||
  (schema?.$ref !== undefined && (resolveRef(doc, {$ref: schema.$ref}) as Schema).deprecated === true);

/** Everything a document deprecates. */
export function deprecations(slug: string, doc: OpenApiDocument): Deprecations {
  const all = operations(slug, doc);
  const names = new Set<string>();
  return {
    operations: all.filter((operation) => (operation as {deprecated?: boolean}).deprecated === true),
    parameters: all.flatMap((operation) =>
      parametersOf(doc, operation)
        .filter((parameter) => (parameter as {deprecated?: boolean}).deprecated === true)
        .map((parameter) => ({operation, name: parameter.name ?? '', in: parameter.in ?? ''})),
    ),
    // Each deprecated property once, by the path it is first met at (an operation's body before a named schema)
    fields: schemaFields(doc)
      .filter((field) => field.deprecated)
      .map((field) => ({name: field.path[field.path.length - 1], path: field.path.join('.')}))
      .filter((field) => !names.has(field.name) && names.add(field.name)),
  };
}

/** The deprecated fields a value uses, by their path in it (`query.includeBaggageData`). */
export function deprecatedFieldsIn(doc: OpenApiDocument, root: Schema | undefined, value: unknown): string[] {
  const found: string[] = [];
  const walk = (schema: Schema | undefined, node: unknown, path: string): void => {
    if (!schema || node === undefined || node === null) return;
    const target = schema.$ref ? (resolveRef(doc, {$ref: schema.$ref}) as Schema) : schema;
    for (const member of [...(target.allOf ?? []), ...(target.oneOf ?? []), ...(target.anyOf ?? [])])
      walk(member, node, path);
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(target.items, item, `${path}[${index}]`));
      return;
    }
    if (typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      const property = target.properties?.[key];
      const at = path ? `${path}.${key}` : key;
      if (property) {
        if (isDeprecated(doc, property) && !found.includes(at)) found.push(at);
        walk(property, child, at);
      } else if (target.additionalProperties && typeof target.additionalProperties === 'object') {
        walk(target.additionalProperties, child, at);
      }
    }
  };
  walk(root, value, '');
  return found;
}

/** The names of the deprecated properties a schema holds, at any depth (each schema walked once). */
export function deprecatedFieldNames(doc: OpenApiDocument, root: Schema | undefined): string[] {
  const found = new Set<string>();
  const seen = new Set<Schema>();
  const walk = (schema: Schema | undefined): void => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    const target = schema.$ref ? (resolveRef(doc, {$ref: schema.$ref}) as Schema) : schema;
    for (const [name, property] of Object.entries(target.properties ?? {})) {
      if (isDeprecated(doc, property)) found.add(name);
      walk(property);
    }
    const more = [
      target.items,
      typeof target.additionalProperties === 'object' ? target.additionalProperties : undefined,
    ];
    for (const child of [...more, ...(target.allOf ?? []), ...(target.oneOf ?? []), ...(target.anyOf ?? [])])
      walk(child);
  };
  walk(root);
  return [...found];
}
