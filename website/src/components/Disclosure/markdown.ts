/**
 * The markdown form of `Disclosure` (./index.tsx): markdown has nothing to open, so its summary as a
 * paragraph and its content after it, as a reader sees it opened. Registered in ../markdown.ts.
 */
import type {ComponentForms} from '@portal/content';

export const disclosureMarkdown: ComponentForms = {
  Disclosure: ({props, children}) => [
    {type: 'paragraph', children: [{type: 'text', value: `${String(props.summary ?? '')}:`}]},
    ...children,
  ],
};
