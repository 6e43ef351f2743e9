import type {Config} from '@docusaurus/types';

/**
 * Build-time checks (seed 000 section 8): broken links and broken markdown images fail the build;
 * broken anchors, duplicate routes and broken markdown links warn. Shared with the test fixture in
 * test/fixtures/site so the test proves these exact settings.
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
