/**
 * The code blocks' highlighter, one module by bundle: `@portal/code-highlighter` is the theme's
 * highlighted block itself on the server (src/theme/CodeBlock/Content/highlighted.tsx: every page's
 * HTML holds its blocks highlighted) and a `React.lazy` of it in the browser (lazyHighlighted.ts beside
 * it), so that the browser loads prism-react-renderer and Prism only for a block it draws itself
 * (src/theme/CodeBlock/Content says which). A lazy component on the server would leave each block as a
 * pending Suspense boundary in the HTML, completed by an inline script.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const content = path.join(__dirname, '..', '..', 'theme', 'CodeBlock', 'Content');

export default function codeHighlighterPlugin(): Plugin {
  return {
    name: 'code-highlighter',
    configureWebpack(_config, isServer) {
      const module = isServer ? 'highlighted.tsx' : 'lazyHighlighted.ts';
      return {resolve: {alias: {'@portal/code-highlighter$': path.join(content, module)}}};
    },
  };
}
