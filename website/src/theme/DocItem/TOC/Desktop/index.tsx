/**
 * Wraps the theme's desktop table of contents (@theme-original/DocItem/TOC/Desktop): on a phone, its
 * server markup is kept without hydrating it (its links and its scroll-following highlight) until the
 * theme replaces it by the collapsible one (src/theme/keptOnPhone.tsx).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import DocItemTOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import styles from '@docusaurus/theme-classic/lib/theme/TOC/styles.module.css';
import KeptOnPhone from '../../../keptOnPhone';

export default function DocItemTOCDesktopOnPhone(): ReactNode {
  return (
    <KeptOnPhone className={clsx(styles.tableOfContents, 'thin-scrollbar', ThemeClassNames.docs.docTocDesktop)}>
      <DocItemTOCDesktop />
    </KeptOnPhone>
  );
}
