/**
 * Wraps the local search's navbar box (@theme-original/SearchBar, from
 * @easyops-cn/docusaurus-search-local) so that its code (the box, its worker client and mark.js, the
 * highlighter of `?_highlight=` hits) leaves the main bundle that every page runs before it is
 * interactive (issue 12). The server and the first render show the same markup with the theme's own
 * classes, so nothing moves when the real box replaces it. The real box loads when the browser is
 * idle, at once on a page opened from a hit (`?_highlight=`, its terms to mark), and on the first
 * pointer, focus or mod+k; what a reader typed or focused before it loaded is handed over to it.
 * e2e/search.spec.ts covers the box's behaviour.
 */
import {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';

/** What the navbar passes to the box. */
type Props = Record<string, unknown>;

/** mod+k, the shortcut of config/search.ts (`searchBarShortcutKeymap`). */
const isShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** The box as the theme renders it on the server: icon and input. */
function Placeholder({onWanted}: {onWanted: (input: HTMLInputElement) => void}): ReactNode {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event) || !input.current) return;
      event.preventDefault();
      input.current.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const want = () => input.current && onWanted(input.current);
  return (
    <div className={`navbar__search ${styles.searchBarContainer}`} dir="ltr">
      <svg aria-hidden="true" className={styles.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"
        />
      </svg>
      <input
        ref={input}
        placeholder={translate({id: 'theme.SearchBar.label', message: 'Search'})}
        aria-label="Search"
        className={`navbar__search-input ${styles.searchInput}`}
        onPointerEnter={want}
        onFocus={want}
        onInput={want}
      />
    </div>
  );
}

/** Gives the real box what the reader did to the placeholder: focus and typed text. */
function handOver(from: {focused: boolean; value: string}): void {
  const input = document.querySelector<HTMLInputElement>('nav.navbar input.navbar__search-input');
  if (!input) return;
  if (from.value) {
    // React's controlled input takes a value set through the native setter plus an input event.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, from.value);
    input.dispatchEvent(new Event('input', {bubbles: true}));
  }
  if (from.focused) input.focus();
}

export default function LazySearchBar(props: Props): ReactNode {
  const highlighted = new URLSearchParams(useLocation().search).has('_highlight');
  const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(null);
  const loading = useRef(false);
  const handed = useRef({focused: false, value: ''});
  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void import('@theme-original/SearchBar').then((module) => setLoaded(() => module.default as ComponentType<Props>));
  }, []);

  useEffect(() => {
    if (highlighted) {
      load();
      return undefined;
    }
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, {timeout: 4000});
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(load, 2000);
    return () => clearTimeout(id);
  }, [highlighted, load]);

  useEffect(() => {
    if (!Loaded) return undefined;
    // After the real box's own first macrotask, which sets its text to the page's `_highlight` terms.
    const id = setTimeout(() => handOver(handed.current));
    return () => clearTimeout(id);
  }, [Loaded]);

  if (Loaded) return <Loaded {...props} />;
  return (
    <Placeholder
      onWanted={(input) => {
        handed.current = {focused: document.activeElement === input, value: input.value};
        load();
      }}
    />
  );
}
