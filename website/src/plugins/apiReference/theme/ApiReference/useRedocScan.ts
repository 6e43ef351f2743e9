/**
 * Redoc owns its DOM and renders parts of it again (a switch of tab renders a new panel, a colour-mode
 * switch remounts it all), so our additions to its markup are made by a scan: `scan(root)` runs now and
 * after each change under `root`, at most once a frame. `scan` must add only what is missing and be
 * stable (a module function or a memoised callback). Used for the code samples' focus
 * (`makeCodeSamplesFocusable`) and the sub-headings' levels (`setSubHeadingLevels`, headingLevels.ts).
 */
import {useEffect} from 'react';

export function useRedocScan(root: HTMLElement | null, scan: (root: HTMLElement) => void): void {
  useEffect(() => {
    if (!root) return undefined;
    let frame = 0;
    const run = () => {
      frame = 0;
      scan(root);
    };
    run();
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(run);
    });
    observer.observe(root, {childList: true, subtree: true});
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root, scan]);
}

/**
 * Redoc renders the code samples (`x-codeSamples`, one tab per language) in a `pre` that scrolls
 * sideways but cannot take the focus, so a keyboard user cannot scroll it (axe
 * `scrollable-region-focusable`, checked by e2e/reference.spec.ts). This makes each such `pre` a Tab
 * stop, named after its tab.
 */
export function makeCodeSamplesFocusable(root: HTMLElement): void {
  root.querySelectorAll<HTMLPreElement>('[role="tabpanel"] pre:not([tabindex])').forEach((pre) => {
    pre.tabIndex = 0;
    const panel = pre.closest('[role="tabpanel"]');
    const tab = panel?.id ? root.querySelector(`[aria-controls="${CSS.escape(panel.id)}"]`) : null;
    pre.setAttribute('aria-label', `${tab?.textContent?.trim() || 'Code'} sample`);
  });
}
