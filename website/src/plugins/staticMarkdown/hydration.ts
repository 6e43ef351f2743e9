/**
 * Whether React is hydrating the page the server wrote: true in the browser until the first route has
 * rendered (its `onRouteDidUpdate`, which Docusaurus calls in the commit of the first render, as of
 * every later one). A client module (docusaurus.config.ts), read by ./StaticMarkdown.tsx. Not
 * `useIsBrowser()`: that context flips after hydration and re-renders every component that reads it,
 * hundreds of static runs on a guide, in one task.
 */
let firstRouteRendered = false;

export function isHydrating(): boolean {
  return typeof document !== 'undefined' && !firstRouteRendered;
}

export function onRouteDidUpdate(): void {
  firstRouteRendered = true;
}
