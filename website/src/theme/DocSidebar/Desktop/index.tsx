/**
 * Wraps the theme's desktop docs sidebar (@theme-original/DocSidebar/Desktop): on a phone, its server
 * markup is kept without hydrating it until the theme replaces it by the navbar's menu (src/theme/keptOnPhone.tsx).
 * The classes are those of the theme's root element with `navbar.hideOnScroll` on, as config/navbar.ts sets it.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/DocSidebar/Desktop';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import styles from '@docusaurus/theme-classic/lib/theme/DocSidebar/Desktop/styles.module.css';
import KeptOnPhone from '../../keptOnPhone';

export default function DocSidebarDesktopOnPhone(props: Props): ReactNode {
  return (
    <KeptOnPhone className={clsx(styles.sidebar, styles.sidebarWithHideableNavbar)}>
      <DocSidebarDesktop {...props} />
    </KeptOnPhone>
  );
}
