/**
 * An API reference page `/api/<slug>/` (route added by src/plugins/apiReference). The build puts
 * Redoc's whole reference, rendered on the server in both colour modes, into the page's HTML
 * (../../prerender.ts, in the plugin's postBuild): readable from the first paint, with or without
 * JavaScript. Redoc's own script (about 400 KiB) and the specification load only when the reader
 * interacts with the reference (pointer, touch, keyboard focus) or opens Try it; Redoc then hydrates
 * the markup in place. Where the page has no prerendered reference (a page reached by in-app
 * navigation, or the dev server), Redoc renders in the browser at once.
 *
 * Each operation's Try it button is part of Redoc's markup (redocRoot.ts), so it is there from the first
 * paint, in the place it keeps when Redoc hydrates, and opens the console at once (TryItButtons.tsx).
 *
 * Docusaurus renders an outline of the specification in its place (tags and operations under Redoc's
 * anchors, with their fields and values): the local search indexes that outline before postBuild
 * replaces it.
 */
import {useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import type {Root} from 'react-dom/client';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useColorMode} from '@docusaurus/theme-common';
import {specUrl} from '@site/config/apis';
import type {ReferenceOutline} from '../../outline';
import Outline from './Outline';
import {navbarHeight, readPalette, redocOptions, type ColorMode} from './redocTheme';
import {redocElement, tryItAttribute, withTryItControls} from './redocRoot';
import {makeCodeSamplesFocusable, useRedocScan} from './useRedocScan';
import {setSubHeadingLevels} from './headingLevels';
import styles from './styles.module.css';
import './redocOverrides.css';
import TryItButtons from './TryItButtons';
import CopyMarkdown from './CopyMarkdown';

/** What a reader does that means they are about to use the reference: Redoc hydrates on the first. */
const intentEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Redoc with the spec and the options of a colour mode, loaded when first needed. */
async function loadRedoc(specHref: string, mode: ColorMode) {
  // Redoc brings the `prismjs` package, which on load highlights every `code[class*="language-"]` of
  // the document (`Prism.highlightAll`) unless `Prism.manual` is set before it runs. It would rewrite
  // the markup of code blocks React owns (the try-it console's samples, open beside the reference),
  // and React's next update of such a block then fails ("removeChild: not a child"), crashing the
  // page. Redoc itself highlights its samples with `Prism.highlight`, which `manual` leaves working.
  const global = window as {Prism?: {manual?: boolean}};
  (global.Prism ??= {}).manual = true;
  const [redoc, spec] = await Promise.all([
    import('redoc'),
    fetch(specHref).then((response) => {
      if (!response.ok) throw new Error(`${specHref} answered ${response.status}`);
      return response.json() as Promise<object>;
    }),
  ]);
  const dark = readPalette('dark');
  const light = readPalette('light');
  const options = redocOptions(mode === 'dark' ? dark : light, dark, light, navbarHeight);
  // With each operation's Try it button, as the build rendered it (redocRoot.ts).
  const store = new redoc.AppStore(withTryItControls(spec) as never, specHref, options);
  return {Redoc: redoc.Redoc, store};
}

/**
 * Our additions to Redoc's markup, made again whenever Redoc renders part of it: the code samples'
 * focus, and its sub-headings' levels (the build's markup has them already: ../../prerender.ts).
 */
function amendRedocMarkup(root: HTMLElement): void {
  makeCodeSamplesFocusable(root);
  setSubHeadingLevels(root);
}

function Reference({outline}: {outline: ReferenceOutline}): ReactNode {
  const {colorMode} = useColorMode();
  const specHref = useBaseUrl(specUrl(outline));
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState<'hydrate' | 'render' | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const root = useRef<Root | null>(null);
  // Until Redoc is live, operations off screen are not laid out (redocOverrides.css); once it is, they
  // all are, and those above the screen take their real heights. The operation at the top of the
  // screen stays where the reader sees it: its position is kept across the change.
  const kept = useRef<{element: Element; top: number} | null>(null);
  const onMounted = useCallback(() => {
    const sections = Array.from(slot?.querySelectorAll(`[data-section-id*='/operation/']`) ?? []);
    const element = sections.find((section) => section.getBoundingClientRect().bottom > navbarHeight);
    kept.current = element ? {element, top: element.getBoundingClientRect().top} : null;
    setLoaded(true);
  }, [slot]);
  useLayoutEffect(() => {
    if (!loaded || !kept.current) return;
    const {element, top} = kept.current;
    kept.current = null;
    if (element.isConnected) window.scrollBy(0, element.getBoundingClientRect().top - top);
  }, [loaded]);
  const isServer = typeof window === 'undefined';

  // Without prerendered markup, Redoc renders at once; with it, on the reader's first intent (or a
  // Try it link, which needs Redoc's operations).
  const slotRef = useCallback((node: HTMLDivElement | null) => {
    setSlot(node);
    if (!node) return;
    if (!node.querySelector(':scope > .redoc-wrap')) {
      node.replaceChildren();
      setWanted('render');
    } else if (new URLSearchParams(window.location.search).has('try')) {
      setWanted('hydrate');
    }
  }, []);
  useEffect(() => {
    if (!slot || wanted) return;
    const wake = () => setWanted('hydrate');
    for (const type of intentEvents) slot.addEventListener(type, wake, {once: true, passive: true});
    return () => {
      for (const type of intentEvents) slot.removeEventListener(type, wake);
    };
  }, [slot, wanted]);

  // A click made while Redoc's script was loading is made again once Redoc can answer it; not a
  // link's, which the browser has already followed, nor a Try it button's, which TryItButtons has
  // already answered.
  const pendingClick = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!slot || loaded) return;
    const remember = (event: MouseEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      pendingClick.current = target && !target.closest(`a[href], [${tryItAttribute}]`) ? target : null;
    };
    slot.addEventListener('click', remember, true);
    return () => slot.removeEventListener('click', remember, true);
  }, [slot, loaded]);
  useEffect(() => {
    if (!loaded || !pendingClick.current) return;
    const target = pendingClick.current;
    pendingClick.current = null;
    if (target.isConnected) target.click();
  }, [loaded]);

  useEffect(() => {
    if (!slot || !wanted) return;
    let cancelled = false;
    loadRedoc(specHref, colorMode)
      .then(({Redoc, store}) => {
        if (cancelled) return;
        const element = redocElement(Redoc, store, onMounted, colorMode);
        if (!root.current) {
          return import('react-dom/client').then(({createRoot, hydrateRoot}) => {
            if (cancelled) return;
            root.current = wanted === 'hydrate' ? hydrateRoot(slot, element) : createRoot(slot);
            if (wanted === 'render') root.current.render(element);
          });
        }
        root.current.render(element);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
    // A colour-mode switch renders Redoc again with that mode's options.
  }, [slot, wanted, specHref, colorMode, onMounted]);

  useEffect(
    () => () => {
      const current = root.current;
      root.current = null;
      // Unmounting a root while React renders the page is not allowed: after this render.
      if (current) queueMicrotask(() => current.unmount());
    },
    [],
  );

  // On the build's markup too, before Redoc hydrates it: what a reader (or a checker) meets first.
  useRedocScan(slot, amendRedocMarkup);

  // Rendered in the browser: bring a deep link's operation into view once Redoc is there.
  useEffect(() => {
    if (!loaded || wanted !== 'render' || !window.location.hash) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const section = document.querySelector(`[data-section-id="${CSS.escape(id)}"]`);
    if (section) window.scrollTo({top: section.getBoundingClientRect().top + window.scrollY - navbarHeight});
  }, [loaded, wanted]);

  return (
    <>
      {wanted === 'render' && !loaded && (
        <p className={styles.loading} role="status">
          {failed ? 'The reference could not be loaded.' : 'Loading the full reference…'} The specification is also
          available as {/* `pathname://`: a static file, outside the router and its route-based link check. */}
          <Link to={`pathname://${specHref}`}>OpenAPI JSON</Link>.
        </p>
      )}
      {/* The server renders the outline here (postBuild puts Redoc's markup in its place); the browser
          leaves whatever the slot holds to Redoc. */}
      <div
        ref={slotRef}
        data-reference-slot={outline.slug}
        data-testid="redoc-container"
        data-state={loaded ? 'interactive' : 'static'}
        suppressHydrationWarning
        {...(isServer ? {children: <Outline outline={outline} />} : {dangerouslySetInnerHTML: {__html: ''}})}
      />
      {/* From the first paint: the Try it buttons are in the build's markup, before Redoc hydrates. */}
      {outline.tryIt !== false && <TryItButtons slug={outline.slug} root={slot} />}
    </>
  );
}

export default function ApiReference({outline}: {outline: ReferenceOutline}): ReactNode {
  return (
    <Layout
      title={`${outline.title} API reference`}
      description={`${outline.title} ${outline.version}: every operation, field, enum and error. ${outline.summary}`}>
      <main className={styles.page}>
        <CopyMarkdown />
        <Reference outline={outline} />
      </main>
    </Layout>
  );
}
