/**
 * The browser's `@portal/code-highlighter` (src/plugins/codeHighlighter): the highlighted block of
 * highlighted.tsx, loaded when a block is first drawn in the browser.
 */
import {lazy} from 'react';

export default lazy(() => import('./highlighted'));
