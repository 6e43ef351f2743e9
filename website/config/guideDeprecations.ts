/**
 * Guide examples that use what the specifications deprecate (`deprecated: true` on an operation, a
 * parameter or a field, `deprecations` of @portal/specs): a JSON body naming a deprecated operation or
 * holding a deprecated field, a code block calling a deprecated operation's path or setting a deprecated
 * field or parameter. Each fails the check, naming the page and line, unless the example is marked: its
 * fence says `deprecated` and the lines just before it tell the reader so (the word "deprecated"). A block
 * marked `deprecated` that uses nothing deprecated fails too, so marks stay true.
 * test/guideDeprecations.test.ts runs it.
 */
import {codeBlocks, type CodeBlock} from '@portal/content';
import {
  deprecatedFieldNames,
  deprecatedFieldsIn,
  deprecations,
  operations,
  requestMedia,
  responseMedia,
  type OpenApiDocument,
  type Operation,
} from '@portal/specs';
import {apiPathsIn, matchingTemplates} from '@portal/test-utils/apiPaths';
import type {GuidePage} from './guideProse';

/** The fence word that marks an example using something deprecated on purpose. */
export const DEPRECATED = 'deprecated';

/** `includeBaggageData` → `include_baggage_data` (the service reads both). */
const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const isDeprecated = (operation: Operation): boolean => (operation as {deprecated?: boolean}).deprecated === true;

/** What the check reads of each operation, made once per call. */
interface Facts {
  all: {doc: OpenApiDocument; operation: Operation}[];
  templates: {method: string; path: string; operationId: string}[];
  /** By operationId: whether it is deprecated, its deprecated parameters and request fields. */
  of: Map<string, {deprecated: boolean; parameters: {name: string; in: string}[]; fields: string[]}>;
}

function factsOf(bundles: Map<string, OpenApiDocument>): Facts {
  const all = [...bundles].flatMap(([slug, doc]) => operations(slug, doc).map((operation) => ({doc, operation})));
  const parameters = [...bundles].flatMap(([slug, doc]) => deprecations(slug, doc).parameters);
  return {
    all,
    templates: all.map(({operation}) => ({
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
    })),
    of: new Map(
      all.map(({doc, operation}) => [
        operation.operationId,
        {
          deprecated: isDeprecated(operation),
          parameters: parameters
            .filter((parameter) => parameter.operation.operationId === operation.operationId)
            .map(({name, in: where}) => ({name, in: where})),
          fields: deprecatedFieldNames(doc, requestMedia(doc, operation)?.schema),
        },
      ]),
    ),
  };
}

/** Code that sets a field or query parameter: `name:`, `"name" =`, `?name=`, snake_case too. */
const sets = (code: string, name: string): boolean =>
  new RegExp(`(?:["']?\\b(?:${name}|${snake(name)})\\b["']?\\s*[:=])|[?&](?:${name}|${snake(name)})=`).test(code);

/** What a block uses that the specs deprecate, in words. */
function usesIn(block: CodeBlock, facts: Facts): string[] {
  const uses = new Set<string>();
  if (/^jsonc?$/.test(block.lang)) {
    const id = block.meta.request ?? block.meta.response;
    const found = facts.all.find(({operation}) => operation.operationId === id);
    if (!found) return [];
    if (isDeprecated(found.operation)) uses.add(`the deprecated operation ${id}`);
    let value: unknown;
    try {
      value = JSON.parse(block.body.replace(/^\s*\/\/.*$/gm, ''));
    } catch {
      return [...uses];
    }
    const media = block.meta.request
      ? requestMedia(found.doc, found.operation)
      : responseMedia(found.doc, found.operation, block.meta.status ?? '200');
    for (const field of deprecatedFieldsIn(found.doc, media?.schema, value)) uses.add(`the deprecated field ${field}`);
    return [...uses];
  }
  // Code: the operations it calls (a whole path), and what it sends them (a path it extends: any under it)
  for (const mention of apiPathsIn(block.body)) {
    const matches = matchingTemplates(mention.text, facts.templates, mention.prefix).filter(
      (template) => !mention.method || template.method === mention.method,
    );
    for (const template of matches) {
      const own = facts.of.get(template.operationId)!;
      if (!mention.prefix && matches.length === 1 && own.deprecated)
        uses.add(`the deprecated operation ${template.operationId}`);
      for (const parameter of own.parameters) {
        if ((!mention.prefix && matches.length === 1 && parameter.in === 'path') || sets(block.body, parameter.name))
          uses.add(`the deprecated parameter ${parameter.name} of ${template.operationId}`);
      }
      for (const field of own.fields) {
        if (sets(block.body, field)) uses.add(`the deprecated field ${field} of ${template.operationId}`);
      }
    }
  }
  return [...uses];
}

/** The problems of the examples of some pages. */
export function guideDeprecationProblems(bundles: Map<string, OpenApiDocument>, pages: GuidePage[]): string[] {
  const problems: string[] = [];
  const facts = factsOf(bundles);
  for (const page of pages) {
    const lines = page.source.split('\n');
    for (const block of codeBlocks(page.file, page.source)) {
      const uses = usesIn(block, facts);
      const where = `${page.file}:${block.line}`;
      const flagged = block.flags.includes(DEPRECATED);
      const told = /deprecat/i.test(lines.slice(Math.max(0, block.line - 7), block.line - 1).join('\n'));
      if (uses.length > 0 && !(flagged && told)) {
        problems.push(
          `${where}: uses ${uses.join(', ')}: use what replaces it, or mark the example (\`${DEPRECATED}\` in its fence, and say so just before it)`,
        );
      } else if (uses.length === 0 && flagged) {
        problems.push(`${where}: is marked \`${DEPRECATED}\` but uses nothing the specifications deprecate`);
      }
    }
  }
  return problems;
}
