/**
 * The markdown form of `TryIt` (./index.tsx), the button of a guide that opens the try-it console: its
 * label, what it says it does, where it works (the guide's page) and the operation in the API reference
 * (at Redoc's anchor, `#tag/<Tag>/operation/<operationId>`), from the bundles. Registered in ../markdown.ts.
 */
import {markdownCode, type ComponentForms} from '@portal/content';
import {operations, type OpenApiDocument} from '@portal/specs';
import {apis, referencePath} from '@portal/content/apis';

/** What the button says it does when the guide says nothing (./index.tsx). */
const defaultNote = 'Send this call to the sandbox from this page, edit it, and see the answer and the code.';

export const tryItMarkdown = (bundles: Map<string, OpenApiDocument>): ComponentForms => ({
  TryIt: ({props, childrenMarkdown, page}) => {
    const api = apis.find((entry) => entry.slug === props.api);
    const doc = bundles.get(String(props.api));
    const operation = doc && operations(String(props.api), doc).find((entry) => entry.operationId === props.operation);
    if (!api || !operation)
      throw new Error(`<TryIt api="${String(props.api)}" operation="${String(props.operation)}">: no such operation`);
    const anchor = `#tag/${operation.tags?.[0] ?? ''}/operation/${operation.operationId}`;
    return [
      `**Try it: ${markdownCode(operation.operationId!)}.** ${childrenMarkdown || defaultNote}`,
      '',
      `_The button opens the try-it console on [this page](pathname://${page}); the operation is in the [${api.title} API reference](${referencePath(api)}${anchor})._`,
    ].join('\n');
  },
});
