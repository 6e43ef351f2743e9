/**
 * The try-it console (src/components/TryIt) of the reference, opened by each operation's Try it button.
 * The buttons are part of Redoc's markup (redocRoot.ts puts one at the top of each operation's
 * description), so they are in the build's HTML from the first paint and stay the same elements when
 * Redoc hydrates; this component answers their clicks, so the first click (or Enter, or Space) opens
 * the console whether Redoc has hydrated yet, is hydrating, or has not started. The console is
 * deep-linkable as `/api/<slug>/?try=<operationId>`: a query parameter, so Redoc's own hash routing
 * (`#tag/<Tag>/operation/<operationId>`) is untouched.
 */
import {useCallback, useEffect, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {TryItDialog} from '@site/src/components/TryIt';
import {tryItAttribute} from './redocRoot';

/** The URL parameter that opens the console on an operation. */
export const tryParameter = 'try';

function setTryParameter(operationId: string | undefined): void {
  const url = new URL(window.location.href);
  if (operationId) url.searchParams.set(tryParameter, operationId);
  else url.searchParams.delete(tryParameter);
  window.history.replaceState(window.history.state, '', url);
}

/** `root`: the element holding Redoc's markup, prerendered or rendered. */
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
  // On the document, in the capture phase: while Redoc hydrates, React stops a click inside the
  // reference that it cannot answer yet where it listens, on `root` itself, so a listener there would
  // miss the click.
  useEffect(() => {
    if (!root) return undefined;
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest(`[${tryItAttribute}] > button`) : null;
      const operationId = button && root.contains(button) ? button.parentElement?.getAttribute(tryItAttribute) : null;
      if (operationId) openConsole(operationId);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [root, openConsole]);

  return open ? <TryItDialog key={open} api={slug} operation={open} onClose={closeConsole} /> : null;
}
