/**
 * Wraps the theme's MDX components (@theme-original/MDXComponents):
 * - `Tabs` and `TabItem` are available in every page without an import (the guides' language tabs);
 * - `Assumption` (src/components/Assumption) too: the one form of a statement the guides assume;
 * - markdown tables scroll sideways on narrow screens, so each is focusable (tabIndex 0) for keyboard
 *   users to scroll it (axe rule scrollable-region-focusable).
 */
import type {ComponentProps} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Assumption from '@site/src/components/Assumption';

export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  Assumption,
  table: (props: ComponentProps<'table'>) => <table tabIndex={0} {...props} />,
};
