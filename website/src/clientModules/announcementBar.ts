/**
 * The announcement bar (config/site.ts) returns when its id changes. Docusaurus's inline script
 * hides a dismissed bar before the page renders without comparing ids, so after an id change the new
 * announcement stayed hidden until the next page load. This client module, which runs before React
 * hydrates, un-hides the bar when the stored id is not the current one; Docusaurus then resets the
 * dismissal itself.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';

const current = (siteConfig.themeConfig.announcementBar as {id?: string} | undefined)?.id;

if (ExecutionEnvironment.canUseDOM && current) {
  try {
    const seen = window.localStorage.getItem('docusaurus.announcement.id');
    if (seen !== null && seen !== current) {
      document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
    }
  } catch {
    // Storage blocked: Docusaurus shows the bar in that case anyway.
  }
}
