/**
 * Wraps the theme's phone menu (@theme-original/Navbar/MobileSidebar/Layout) so that its two lists, the
 * navbar's links and, on a docs page, the whole docs sidebar, are drawn when the reader first opens the
 * menu, not on load. The theme draws the menu, closed and off screen, as soon as it knows the window is a
 * phone's: on a guide that was some 800 React components and 600 elements made in the tasks that follow
 * hydration, for a menu most readers never open. The menu's frame, its header (logo, colour mode, close
 * button) and its slide-in are the theme's and are there from the start; the lists follow the first
 * opening (./openedOnce.ts) and stay, so closing and opening again shows them at once.
 */
import type {ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/Navbar/MobileSidebar/Layout';
import Layout from '@theme-original/Navbar/MobileSidebar/Layout';
import {useOpenedOnce} from './openedOnce';

export default function NavbarMobileSidebarLayoutOpenedOnce({header, primaryMenu, secondaryMenu}: Props): ReactNode {
  const opened = useOpenedOnce(useNavbarMobileSidebar().shown);
  return (
    <Layout header={header} primaryMenu={opened ? primaryMenu : null} secondaryMenu={opened ? secondaryMenu : null} />
  );
}
