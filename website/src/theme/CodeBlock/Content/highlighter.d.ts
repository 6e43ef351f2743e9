/** The highlighted block, by bundle (src/plugins/codeHighlighter): the server's, or the browser's lazy one. */
declare module '@portal/code-highlighter' {
  import type {ComponentType} from 'react';
  import type {Props} from '@theme/CodeBlock/Content';

  const Highlighter: ComponentType<Props>;
  export default Highlighter;
}
