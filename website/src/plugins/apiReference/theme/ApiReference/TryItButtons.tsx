/**
 * A "Try it" button under each operation's heading in the Redoc reference, and the try-it console
 * (src/components/TryIt) it opens. The console is deep-linkable as `/api/<slug>/?try=<operationId>`:
 * a query parameter, so Redoc's own hash routing (`#tag/<Tag>/operation/<operationId>`) is untouched.
 * Redoc owns its DOM, so each button is a plain element this component adds after the operation's `h2`,
 * added again whenever Redoc re-renders (a colour-mode switch remounts it).
 */
import {useCallback, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {TryItDialog} from '@site/src/components/TryIt';
import {useRedocScan} from './useRedocScan';
import styles from './styles.module.css';

/** The URL parameter that opens the console on an operation. */
export const tryParameter = 'try';

/** Adds a Try it button after the heading of each operation Redoc rendered inside `root` that lacks one. */
function addButtons(root: HTMLElement, open: (operationId: string) => void): void {
  root.querySelectorAll<HTMLElement>('[data-section-id*="/operation/"]').forEach((section) => {
    const operationId = section.dataset.sectionId!.split('/operation/')[1];
    const heading = section.querySelector('h2');
    if (!operationId || !heading || heading.nextElementSibling?.hasAttribute('data-tryit')) return;
    const slot = document.createElement('div');
    slot.setAttribute('data-tryit', operationId);
    slot.className = styles.tryItSlot;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button button--primary button--sm';
    button.textContent = 'Try it';
    button.setAttribute('aria-label', `Try it: ${operationId}`);
    button.addEventListener('click', () => open(operationId));
    slot.append(button);
    heading.insertAdjacentElement('afterend', slot);
  });
}

function setTryParameter(operationId: string | undefined): void {
  const url = new URL(window.location.href);
  if (operationId) url.searchParams.set(tryParameter, operationId);
  else url.searchParams.delete(tryParameter);
  window.history.replaceState(window.history.state, '', url);
}

export default function TryItButtons({slug, root}: {slug: string; root: HTMLElement | null}): ReactNode {
  // `null`: the reader has not opened or closed the console yet, so the URL's `?try=` decides (read
  // once the page has hydrated, so the server-rendered HTML and the first client render agree).
  const [chosen, setOpen] = useState<string | undefined | null>(null);
  const isBrowser = useIsBrowser();
  const open =
    chosen === null
      ? (isBrowser && new URLSearchParams(window.location.search).get(tryParameter)) || undefined
      : chosen;
  const openConsole = useCallback((operationId: string) => {
    setTryParameter(operationId);
    setOpen(operationId);
  }, []);
  const closeConsole = useCallback(() => {
    setTryParameter(undefined);
    setOpen(undefined);
  }, []);
  const scan = useCallback((element: HTMLElement) => addButtons(element, openConsole), [openConsole]);
  useRedocScan(root, scan);

  return open ? <TryItDialog key={open} api={slug} operation={open} onClose={closeConsole} /> : null;
}
