/** Site-wide constants that more than one config file needs. */

/**
 * The provider's affiliates page is not named in the seeds. Partners join the referral programme
 * through the Impact platform, so the footer links there unless the deployment names the page.
 */
export const affiliatesUrl = process.env.AFFILIATES_URL ?? 'https://impact.com/';

/** The announcement bar; change `id` to show a new announcement to readers who dismissed the last. */
export const announcement = {
  id: 'portal-launch-2026-11',
  content:
    'New: the API Developer Documentation portal. Start with the <a href="/docs/intro">introduction</a> or read the <a href="/blog">blog</a>.',
};
