/**
 * `<StaticMarkdown tag="...">`, which ./index.ts wraps around markdown that needs no JavaScript (registered
 * in src/theme/MDXComponents.tsx): ./StaticRun.tsx with the site's router and whether React is hydrating.
 */
import type {ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import {isHydrating} from './hydration';
import StaticRun from './StaticRun';

export default function StaticMarkdown({tag, children}: {tag: string; children: ReactNode}): ReactNode {
  const history = useHistory();
  return (
    <StaticRun tag={tag} hydrating={isHydrating} history={history}>
      {children}
    </StaticRun>
  );
}
