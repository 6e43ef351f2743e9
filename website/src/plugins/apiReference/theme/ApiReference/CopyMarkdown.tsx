/**
 * The reference page's "Copy page as Markdown" control: the shared control
 * (src/components/CopyPageMarkdown) on this page's markdown version, `/api/<slug>.md`, which
 * src/plugins/llms writes from the bundled specification with `referenceMarkdown` of `@portal/specs`.
 */
import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import {markdownPath} from '@portal/content/markdownPath';
import styles from './CopyMarkdown.module.css';

export default function CopyMarkdown(): ReactNode {
  const {pathname} = useLocation();
  return <CopyPageMarkdown markdownUrl={markdownPath(pathname)} className={styles.bar} />;
}
