/**
 * The one place a request's method and path are matched to an operation of the specifications: the sandbox's
 * 404 and 405 answers and its Worker's error bodies, the integration check's proxy, its scenarios and its
 * request check all ask `operationMatcher(bundles)`. A path template's literal segments must match exactly
 * and each `{parameter}` takes one segment, decoded; where two templates match one path, the one with more
 * literal segments wins (`/flights/nearest` before `/flights/{locale}`).
 */
import {operations, type OpenApiDocument, type Operation} from './openapi';

export interface MatchedOperation {
  doc: OpenApiDocument;
  operation: Operation;
  /** The path parameters, by name, decoded. */
  params: Record<string, string>;
}

export interface OperationMatcher {
  /** The operation `method path` calls (method in any case; path without query), or undefined. */
  match(method: string, path: string): MatchedOperation | undefined;
  /** Every operation whose path template matches `path`, whatever its method (a 405's `Allow`). */
  atPath(path: string): MatchedOperation[];
}

interface Template {
  doc: OpenApiDocument;
  operation: Operation;
  pattern: RegExp;
  names: string[];
  literals: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(doc: OpenApiDocument, operation: Operation): Template {
  const names: string[] = [];
  let literals = 0;
  const source = operation.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{([^}]+)\}$/.exec(segment);
      if (!parameter) {
        if (segment) literals++;
        return escape(segment);
      }
      names.push(parameter[1]);
      return '([^/]+)';
    })
    .join('/');
  return {doc, operation, pattern: new RegExp(`^${source}$`), names, literals};
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const matchers = new WeakMap<Map<string, OpenApiDocument>, OperationMatcher>();

/** The matcher of a set of bundles, built once per set. */
export function operationMatcher(bundles: Map<string, OpenApiDocument>): OperationMatcher {
  const known = matchers.get(bundles);
  if (known) return known;
  const templates = [...bundles]
    .flatMap(([slug, doc]) => operations(slug, doc).map((operation) => templateOf(doc, operation)))
    .sort((a, b) => b.literals - a.literals);
  const matched = (template: Template, found: RegExpExecArray): MatchedOperation => ({
    doc: template.doc,
    operation: template.operation,
    params: Object.fromEntries(template.names.map((name, index) => [name, decode(found[index + 1])])),
  });
  const matcher: OperationMatcher = {
    match(method, path) {
      const upper = method.toUpperCase();
      for (const template of templates) {
        if (template.operation.method !== upper) continue;
        const found = template.pattern.exec(path);
        if (found) return matched(template, found);
      }
      return undefined;
    },
    atPath(path) {
      return templates.flatMap((template) => {
        const found = template.pattern.exec(path);
        return found ? [matched(template, found)] : [];
      });
    },
  };
  matchers.set(bundles, matcher);
  return matcher;
}
