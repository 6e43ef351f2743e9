/**
 * Redoc renders the code samples (`x-codeSamples`, one tab per language) in a `pre` that scrolls
 * sideways but cannot take the focus, so a keyboard user cannot scroll it (axe
 * `scrollable-region-focusable`, checked by e2e/reference.spec.ts). This makes each such `pre` a Tab
 * stop, named after its tab, as Redoc renders new ones (a switch of tab renders a new panel).
 */
import {useEffect} from 'react';

function makeFocusable(root: HTMLElement): void {
  root.querySelectorAll<HTMLPreElement>('[role="tabpanel"] pre:not([tabindex])').forEach((pre) => {
    pre.tabIndex = 0;
    const panel = pre.closest('[role="tabpanel"]');
    const tab = panel?.id ? root.querySelector(`[aria-controls="${CSS.escape(panel.id)}"]`) : null;
    pre.setAttribute('aria-label', `${tab?.textContent?.trim() || 'Code'} sample`);
  });
}

export function useFocusableCodeSamples(root: HTMLElement | null): void {
  useEffect(() => {
    if (!root) return undefined;
    let frame = 0;
    const scan = () => {
      frame = 0;
      makeFocusable(root);
    };
    scan();
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(scan);
    });
    observer.observe(root, {childList: true, subtree: true});
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root]);
}
