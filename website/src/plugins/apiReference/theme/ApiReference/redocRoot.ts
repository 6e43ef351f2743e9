/**
 * What Redoc renders, on the server at build time (../../prerender.ts) and in the browser, which
 * hydrates that markup (index.tsx): the element tree (`redocElement`) and the specification as Redoc is
 * given it (`withTryItControls`). Both sides use these functions, so the trees match.
 * `onMounted` runs once Redoc's tree is in the page (hydrated or rendered); on the server it never runs.
 */
import {createElement, useEffect, type ComponentType, type ReactNode} from 'react';
import type {AppStore} from 'redoc';
import {httpMethods} from '@portal/specs/openapi';
import {offersTryIt} from '@portal/specs/portalApis';

function OnMounted({onMounted, children}: {onMounted: () => void; children?: ReactNode}): ReactNode {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}

export function redocElement(
  Redoc: ComponentType<{store: AppStore}>,
  store: AppStore,
  onMounted: () => void,
  key: string,
): ReactNode {
  return createElement(OnMounted, {onMounted}, createElement(Redoc, {store, key}));
}

/** The attribute of the element holding an operation's Try it button; its value is the operationId. */
export const tryItAttribute = 'data-tryit';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The Try it control of an operation, as HTML: it carries the operationId, and its accessible name says
 * what it tries in the words of the operation's summary (its heading), as the console's title does.
 */
export function tryItControl(operationId: string, summary?: string): string {
  const id = escapeHtml(operationId);
  return `<div ${tryItAttribute}="${id}"><button type="button" class="button button--primary button--sm" aria-label="Try it: ${escapeHtml(summary ?? operationId)}">Try it</button></div>`;
}

/**
 * A copy of `doc` in which each operation's description starts with its Try it button, under the
 * operation's heading. Redoc renders it as part of the operation: in the build's markup, so the reader
 * has it from the first paint, and again, identical, when Redoc hydrates, which leaves a description's
 * markup as it is (Redoc sets it as HTML), so nothing moves. The button only carries the operationId:
 * TryItButtons.tsx answers its clicks.
 */
export function withTryItControls<T extends object>(doc: T): T {
  const copy = structuredClone(doc) as T & {paths?: Record<string, Record<string, unknown> | undefined>};
  if (!offersTryIt(copy)) return copy;
  for (const item of Object.values(copy.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = item?.[method] as {operationId?: string; summary?: string; description?: string} | undefined;
      if (!operation?.operationId) continue;
      const control = tryItControl(operation.operationId, operation.summary);
      // An HTML block of its own in the markdown: a blank line ends it.
      operation.description = operation.description ? `${control}\n\n${operation.description}` : control;
    }
  }
  return copy;
}
