/**
 * The build-time half of the MDX `<TryIt api="..." operation="..."/>` (index.tsx): a remark plugin that
 * gives each one its operation's summary in the bundled specification (`summary="Create a live search"`),
 * so the button a guide shows names the call as the reference does, with no specification in the page's
 * JavaScript. An API or an operation the bundles do not have stops the build, naming the page.
 */
import type {OpenApiDocument} from '@portal/specs';
import {operations} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';

/** The mdast nodes this plugin reads (the subset of mdx-jsx it needs). */
interface Node {
  type: string;
  name?: string | null;
  attributes?: {type: string; name: string; value?: unknown}[];
  children?: Node[];
}

let bundled: Map<string, OpenApiDocument> | undefined;

/** The summary of `operationId` in the bundle of `api`; an error that says what is wrong otherwise. */
export function operationSummary(bundles: Map<string, OpenApiDocument>, api: string, operationId: string): string {
  const doc = bundles.get(api);
  if (!doc) throw new Error(`<TryIt api="${api}">: there is no API ${api} (website/config/apis.ts)`);
  const operation = operations(api, doc).find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`<TryIt operation="${operationId}">: ${api} has no operation ${operationId}`);
  return operation.summary ?? operationId;
}

/** The remark plugin. It reads the bundles once per build, unless a test passes its own. */
export default function remarkTryIt(options: {bundles?: Map<string, OpenApiDocument>} = {}) {
  const bundles = options.bundles ?? (bundled ??= loadBundles());
  const visit = (node: Node): void => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'TryIt') {
      const value = (name: string) =>
        node.attributes?.find((entry) => entry.type === 'mdxJsxAttribute' && entry.name === name)?.value;
      const api = value('api');
      const operation = value('operation');
      if (typeof api !== 'string' || typeof operation !== 'string') {
        throw new Error('<TryIt> needs api="<slug>" and operation="<operationId>" as plain strings');
      }
      const summary = operationSummary(bundles, api, operation);
      node.attributes = [
        ...(node.attributes ?? []).filter((entry) => entry.name !== 'summary'),
        {type: 'mdxJsxAttribute', name: 'summary', value: summary},
      ];
    }
    node.children?.forEach(visit);
  };
  return (tree: Node, file?: {path?: string}): void => {
    try {
      visit(tree);
    } catch (error) {
      throw new Error(`${file?.path ?? 'a page'}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
