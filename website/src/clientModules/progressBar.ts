/**
 * The route-loading indicator of seed 000 (sections 2 and 9): Docusaurus starts and stops its
 * progress bar (nprogress) on route changes but turns the spinner off and leaves the timings implicit.
 * This client module sets the seed's values explicitly and turns the spinner on; the spinner's styles
 * are in src/css/custom.css.
 */
import nprogress from 'nprogress';

export const progressBarSettings = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: true,
} as const;

nprogress.configure(progressBarSettings);
