/**
 * Wraps the theme's MDX components (@theme-original/MDXComponents):
 * - `Tabs` and `TabItem` are available in every page without an import (the guides' language tabs).
 *   Tabs are `lazy`: only the chosen language's panel is rendered (on the server, the first tab's), the
 *   others when chosen. A reader without JavaScript cannot switch tabs, so the hidden panels only cost:
 *   on the flights live quick start they were 3,400 of its 7,400 elements, all hydrated on load;
 * - `Assumption` (src/components/Assumption) too: the one form of a statement the guides assume;
 * - `TryIt` (src/components/TryIt): `<TryIt api="<slug>" operation="<operationId>"/>` opens the try-it
 *   console on a guide page (the console's code loads only when it opens);
 * - `Disclosure` (src/components/Disclosure): a native `<details>`, which the change log's releases use
 *   (src/plugins/changelog/specReleases.ts writes it);
 * - `StaticMarkdown` (src/plugins/staticMarkdown): the wrapper the build puts around markdown that needs no
 *   JavaScript, so that hydration keeps its server HTML;
 * - markdown tables scroll sideways on narrow screens, so each is focusable (tabIndex 0) for keyboard
 *   users to scroll it (axe rule scrollable-region-focusable).
 */
import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Assumption from '@site/src/components/Assumption';
import Disclosure from '@site/src/components/Disclosure';
import TryIt from '@site/src/components/TryIt';
import StaticMarkdown from '@site/src/plugins/staticMarkdown/StaticMarkdown';

export default {
  ...MDXComponents,
  Tabs: (props: ComponentProps<typeof Tabs>): ReactNode => <Tabs lazy {...props} />,
  TabItem,
  Assumption,
  Disclosure,
  TryIt,
  StaticMarkdown,
  table: (props: ComponentProps<'table'>) => <table tabIndex={0} {...props} />,
};
