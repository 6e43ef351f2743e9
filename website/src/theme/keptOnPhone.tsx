/**
 * Desktop-only parts of a docs page that the theme renders on the server for every screen, and that a
 * phone hydrated only to remove them: the docs sidebar (src/theme/DocSidebar/Desktop) and the page's table
 * of contents (src/theme/DocItem/TOC/Desktop). The theme draws them while its `useWindowSize()` is still
 * `'ssr'` (the first render, so that hydration matches the server), and replaces them once its effect
 * has read the width: below 997 px, the sidebar by the one in the navbar's menu, the table of contents by
 * the collapsible one above the page. Until then the stylesheet hides them on a phone (Docusaurus's own
 * rule, the same 996 px as `useWindowSize`).
 *
 * On a phone `KeptOnPhone` leaves that markup as the server wrote it (an element with inner HTML, which
 * React neither fills nor checks, as src/theme/CodeBlock/Content does for code), so the phone does not
 * hydrate dozens of links and their prefetching only to unmount them a moment later. Nothing the reader
 * sees changes. On a wider screen, and for a part drawn again after the window grows, the part is the
 * theme's.
 */
import {useState, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** The width at and below which the theme shows the mobile layout (its `useWindowSize`). */
const mobileMaxWidth = 996;

export default function KeptOnPhone({className, children}: {className: string; children: ReactNode}): ReactNode {
  const [phone] = useState(() => ExecutionEnvironment.canUseDOM && window.innerWidth <= mobileMaxWidth);
  if (!phone) return children;
  return <div className={className} dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />;
}
