/**
 * The markdown form of `CheckLimit` (./index.tsx): the same number, inside the sentence. Registered in
 * ../markdown.ts; the MCP server writes it the same way (mcp/src/pages.ts).
 */
import type {ComponentForms} from '@portal/content';
import {checkLimitText} from '@portal/check/model';

export const checkLimitMarkdown: ComponentForms = {
  CheckLimit: ({props}) => checkLimitText(props.of),
};
