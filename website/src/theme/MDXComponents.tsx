/**
 * Wraps the theme's MDX components (@theme-original/MDXComponents): markdown tables scroll sideways
 * on narrow screens, so each is focusable (tabIndex 0) for keyboard users to scroll it (axe rule
 * scrollable-region-focusable).
 */
import type {ComponentProps} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

export default {
  ...MDXComponents,
  table: (props: ComponentProps<'table'>) => <table tabIndex={0} {...props} />,
};
