/**
 * A run of markdown that needs no JavaScript (./index.ts wraps it; ./StaticMarkdown.tsx gives it the
 * router): the server renders its element as MDX would; hydration keeps that element's content as the
 * server wrote it (an element with inner HTML, which React neither fills nor checks, as
 * src/theme/CodeBlock/Content does for code) instead of building a React element for every word in bold,
 * code span and link. Rendered any other time (a page reached by a link, a tab chosen, a hydration that
 * failed and drew the page anew, which leaves it empty), it renders its markdown as MDX would.
 *
 * Its links stay the site's: a click on an internal link is handed to the router, as Docusaurus's Link
 * (react-router's) does, and pointing at or touching one loads its page's code, as Link does. A link
 * that opens elsewhere (`target`, external, a file), a click with a modifier key or another button, and
 * an anchor on this page are left to the browser, as Link leaves them. Links seen on screen are not
 * prefetched until pointed at (Link prefetches them when seen).
 */
import {createElement, useState, type MouseEvent, type ReactNode, type SyntheticEvent} from 'react';

/** The internal link of the event's target, inside `island`, that Link would hand to the router, if any. */
export function routedLink(island: Element, target: EventTarget | null): URL | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !island.contains(link)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return null;
  // An anchor on this page (`#id`): the browser's own jump, as Link renders it as a plain `<a>`.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return url;
}

/** Whether a click is one Link hands to the router: the main button, no modifier key, not handled yet. */
export const isPlainClick = (event: MouseEvent): boolean =>
  !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** The routes whose code was loaded for a link pointed at (Link loads it once per link). */
const preloaded = new Set<string>();

/** Where a routed link goes: the router's `push`, or `replace` for the page the reader is on. */
export interface Navigate {
  push(path: string): void;
  replace(path: string): void;
}

/** What a run reads from the page: whether React is hydrating, and the router. */
export interface StaticRunOptions {
  /** Whether React is hydrating the server's HTML (read once, when a run first renders). */
  hydrating: () => boolean;
  /** The router's history (a hook, called on every render of a run). */
  useHistory: () => Navigate;
}

export interface StaticRunProps {
  /** The element the run's markdown renders (`p`, `ul`, `h2`...). */
  tag: string;
  /** Makes the run's markdown as MDX renders it (./lazyChildren.ts): called only when it is drawn. */
  children: () => ReactNode;
}

/** The run's component for a page: one component per run, so a guide's hundreds of runs are one fiber each. */
export function staticRun({hydrating, useHistory}: StaticRunOptions) {
  return function StaticRun({tag, children}: StaticRunProps): ReactNode {
    const [fromServer, setFromServer] = useState(hydrating);
    const history = useHistory();
    if (!fromServer) return children();
    const follow = (event: MouseEvent<HTMLElement>) => {
      const url = routedLink(event.currentTarget, event.target);
      if (!url || !isPlainClick(event)) return;
      event.preventDefault();
      const path = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      if (path === here) history.replace(path);
      else history.push(path);
    };
    const preload = (event: SyntheticEvent<HTMLElement>) => {
      const url = routedLink(event.currentTarget, event.target);
      if (!url || preloaded.has(url.pathname)) return;
      preloaded.add(url.pathname);
      void window.docusaurus.preload(url.pathname);
    };
    return createElement(tag, {
      // An element React left empty drew the page anew (a failed hydration): render the markdown instead.
      ref: (element: HTMLElement | null) => {
        if (element && !element.firstChild) setFromServer(false);
      },
      onClick: follow,
      onMouseOver: preload,
      onTouchStart: preload,
      dangerouslySetInnerHTML: {__html: ''},
      suppressHydrationWarning: true,
    });
  };
}
