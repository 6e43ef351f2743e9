/**
 * The route-loading indicator: Docusaurus starts and stops its progress bar (nprogress) on route
 * changes but turns the spinner off and leaves the timings implicit. This client module sets the
 * timings explicitly (below) and turns the spinner on; the spinner's styles
 * are in src/css/custom.css. e2e/behaviour.spec.ts checks what a reader sees on a slow route load: the
 * thin bar from 8% of the width, the spinner, and both gone once the page has loaded.
 *
 * nprogress's own markup gives the bar `role="bar"` and the spinner `role="spinner"`, roles ARIA does not
 * have (axe: aria-roles, serious), shown to assistive technology for as long as a slow route loads. The
 * template here is the same markup without them (the bar and spinner are drawn, empty elements with nothing
 * to announce), found by their classes instead.
 */
import nprogress from 'nprogress';

const progressBarSettings = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: true,
  template: '<div class="bar"><div class="peg"></div></div><div class="spinner"><div class="spinner-icon"></div></div>',
  barSelector: '.bar',
  spinnerSelector: '.spinner',
} as const;

nprogress.configure(progressBarSettings);
