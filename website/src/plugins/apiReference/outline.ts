/**
 * The outline of a specification that a reference page renders on the server, before Redoc has
 * loaded: its tags and its operations, each under Redoc's own anchor, with the field names and enum
 * values each operation takes and returns. The local search indexes this outline, so typing an
 * operation, a path fragment, a field or an enum value finds the reference entry. A pure function of
 * the bundled document, walked with `@portal/specs`; `outline.test.ts` holds its golden test.
 */
import {fieldsAndValues, isOpen, offersTryIt, operations, operationSchemas, type OpenApiDocument} from '@portal/specs';

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
  /** `false` when the specification offers no Try it (`x-try-it: false`, `offersTryIt` of @portal/specs). */
  tryIt?: false;
}

export function outlineOf(slug: string, doc: OpenApiDocument): ReferenceOutline {
  const tags = (doc.tags ?? []).map((tag) => ({
    name: tag.name,
    description: tag.description ?? '',
    anchor: `tag/${tag.name}`,
    operations: [] as OperationOutline[],
  }));
  for (const operation of operations(slug, doc)) {
    const tag = tags.find((entry) => entry.name === operation.tags?.[0]);
    if (!tag) throw new Error(`${slug}: operation ${operation.operationId} has no declared tag`);
    tag.operations.push({
      operationId: operation.operationId,
      method: operation.method,
      path: operation.path,
      summary: operation.summary ?? operation.operationId,
      anchor: `tag/${tag.name}/operation/${operation.operationId}`,
      open: isOpen(operation),
      ...fieldsAndValues(doc, operationSchemas(doc, operation)),
    });
  }
  return {
    slug,
    title: doc.info.title,
    version: doc.info.version,
    summary: doc.info.summary ?? '',
    tags,
    ...(offersTryIt(doc) ? {} : {tryIt: false as const}),
  };
}
