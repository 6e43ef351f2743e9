/**
 * The element tree Redoc is rendered as: on the server at build time (../../prerender.ts) and in the
 * browser, which hydrates that markup (index.tsx). Both use this one function, so the trees match.
 * `onMounted` runs once Redoc's tree is in the page (hydrated or rendered); on the server it never runs.
 */
import {createElement, useEffect, type ComponentType, type ReactNode} from 'react';
import type {AppStore} from 'redoc';

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
