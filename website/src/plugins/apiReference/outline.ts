/**
 * The outline of a specification that a reference page renders on the server, before Redoc has
 * loaded: its tags and its operations, each under Redoc's own anchor, with the field names and enum
 * values each operation takes and returns. The local search indexes this outline, so typing an
 * operation, a path fragment, a field or an enum value finds the reference entry.
 */
import type {Api} from '../../../config/apis';

export interface OperationOutline {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** Redoc's anchor of the operation: `tag/<Tag>/operation/<operationId>`. */
  anchor: string;
  /** Whether the operation needs no API key. */
  open: boolean;
  /** Names of the fields of its parameters, request body and success response. */
  fields: string[];
  /** Enum values of those fields. */
  values: string[];
}

export interface ReferenceOutline {
  slug: string;
  title: string;
  version: string;
  summary: string;
  tags: {name: string; description: string; anchor: string; operations: OperationOutline[]}[];
}

type Schema = {
  $ref?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: ({$ref?: string; name?: string; schema?: Schema} | undefined)[];
  requestBody?: {content?: Record<string, {schema?: Schema}>};
  responses?: Record<string, {$ref?: string; content?: Record<string, {schema?: Schema}>}>;
}

interface Spec {
  info: {title: string; version: string; summary?: string};
  tags?: {name: string; description?: string}[];
  paths: Record<string, Record<string, Operation>>;
  components?: {schemas?: Record<string, Schema>; parameters?: Record<string, {name?: string; schema?: Schema}>};
}

const methods = ['get', 'put', 'post', 'delete', 'patch'];

/** The field names and enum values reachable from some schemas, following local `$ref`s. */
function collect(spec: Spec, roots: (Schema | undefined)[]): {fields: string[]; values: string[]} {
  const fields = new Set<string>();
  const values = new Set<string>();
  const seen = new Set<Schema>();
  const visit = (schema: Schema | boolean | undefined): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (schema.$ref) visit(spec.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      fields.add(name);
      visit(property);
    }
    for (const value of schema.enum ?? []) if (typeof value === 'string') values.add(value);
    [
      schema.items,
      schema.additionalProperties,
      ...(schema.oneOf ?? []),
      ...(schema.anyOf ?? []),
      ...(schema.allOf ?? []),
    ].forEach(visit);
  };
  roots.forEach(visit);
  return {fields: [...fields], values: [...values]};
}

function operationSchemas(spec: Spec, operation: Operation): (Schema | undefined)[] {
  const parameters = (operation.parameters ?? []).map((parameter) =>
    parameter?.$ref ? spec.components?.parameters?.[parameter.$ref.split('/').pop()!] : parameter,
  );
  const success = operation.responses?.['200'];
  return [
    ...parameters.map((parameter) => ({properties: parameter?.name ? {[parameter.name]: parameter.schema ?? {}} : {}})),
    operation.requestBody?.content?.['application/json']?.schema,
    success?.content?.['application/json']?.schema,
  ];
}

export function outlineOf(api: Api, spec: Spec): ReferenceOutline {
  const tags = (spec.tags ?? []).map((tag) => ({
    name: tag.name,
    description: tag.description ?? '',
    anchor: `tag/${tag.name}`,
    operations: [] as OperationOutline[],
  }));
  for (const [apiPath, item] of Object.entries(spec.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const tag = tags.find((entry) => entry.name === operation.tags?.[0]);
      if (!tag) throw new Error(`${api.slug}: operation ${operation.operationId} has no declared tag`);
      tag.operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path: apiPath,
        summary: operation.summary ?? operation.operationId,
        anchor: `tag/${tag.name}/operation/${operation.operationId}`,
        open: Array.isArray(operation.security) && operation.security.length === 0,
        ...collect(spec, operationSchemas(spec, operation)),
      });
    }
  }
  return {
    slug: api.slug,
    title: spec.info.title,
    version: spec.info.version,
    summary: spec.info.summary ?? '',
    tags,
  };
}
