/**
 * `<StaticMarkdown tag="...">`, which ./index.ts wraps around markdown that needs no JavaScript (registered
 * in src/theme/MDXComponents.tsx): a ./StaticRun.tsx run with the site's router and whether React is
 * hydrating.
 */
import {useHistory} from '@docusaurus/router';
import {isHydrating} from './hydration';
import {staticRun} from './StaticRun';

export default staticRun({hydrating: isHydrating, useHistory});
