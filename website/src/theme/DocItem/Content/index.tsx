/**
 * Wraps the theme's DocItem/Content (@theme-original/DocItem/Content) to put the "Copy page as
 * Markdown" control (src/components/CopyPageMarkdown) above every guide, as the reference pages have it
 * (src/plugins/apiReference/theme/ApiReference/CopyMarkdown.tsx); the theme has no slot for it. The
 * guide itself is unchanged.
 */
import type {ComponentProps, ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import {useLocation} from '@docusaurus/router';
import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';
import {markdownPath} from '@portal/content/markdownPath';

export default function ContentWrapper(props: ComponentProps<typeof Content>): ReactNode {
  const {pathname} = useLocation();
  return (
    <>
      <CopyPageMarkdown markdownUrl={markdownPath(pathname)} />
      <Content {...props} />
    </>
  );
}
