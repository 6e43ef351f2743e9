/** The outline of a specification that a reference page renders before Redoc has loaded. */
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
}

export interface ReferenceOutline {
  slug: string;
  title: string;
  version: string;
  summary: string;
  tags: {name: string; description: string; anchor: string; operations: OperationOutline[]}[];
}

interface Spec {
  info: {title: string; version: string; summary?: string};
  tags?: {name: string; description?: string}[];
  paths: Record<
    string,
    Record<string, {operationId?: string; summary?: string; tags?: string[]; security?: unknown[]}>
  >;
}

const methods = ['get', 'put', 'post', 'delete', 'patch'];

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
      });
    }
  }
  return {slug: api.slug, title: spec.info.title, version: spec.info.version, summary: spec.info.summary ?? '', tags};
}
