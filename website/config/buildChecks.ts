import type {Config} from '@docusaurus/types';

/**
 * Build-time checks: broken links and broken markdown images fail the build;
 * broken anchors, duplicate routes and broken markdown links warn (a broken markdown link is left in
 * the page as written, so the broken-link check then fails on it). Shared with the fixture site in
 * buildChecks.fixtures/, so buildChecks.test.ts proves these exact settings, one case per rule.
 */
export const buildChecks = {
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdownHooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'throw'},
} as const satisfies {
  onBrokenLinks: Config['onBrokenLinks'];
  onBrokenAnchors: Config['onBrokenAnchors'];
  onDuplicateRoutes: Config['onDuplicateRoutes'];
  markdownHooks: NonNullable<NonNullable<Config['markdown']>['hooks']>;
};
