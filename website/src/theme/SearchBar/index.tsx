/**
 * Wraps the local search's navbar box (@theme-original/SearchBar, from
 * @easyops-cn/docusaurus-search-local) so that its code (the box, its worker client and mark.js, the
 * highlighter of `?_highlight=` hits) leaves the main bundle that every page runs before it is
 * interactive. The server and the first render show the same markup with the theme's own
 * classes, and the shortcut hint (ctrl K) once in the browser, so nothing moves when the real box
 * replaces it. The real box loads when a reader reaches for it (the first pointer over it, touch,
 * focus or mod+k), and at once on a page opened from a hit (`?_highlight=`, its terms to mark); what
 * a reader typed or focused before it loaded is handed over to it. It is not loaded when the browser
 * is idle: its chunks (about 12 KB compressed) would be downloaded by every reader of every page, and
 * a reader who searches waits on first focus for the search index anyway, which is many times larger.
 * e2e/search.spec.ts covers the box's behaviour.
 */
import {useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {translate} from '@docusaurus/Translate';
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';

/** What the navbar passes to the box. */
type Props = Record<string, unknown>;

/** mod+k, the shortcut of config/search.ts (`searchBarShortcutKeymap`). */
const isShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** The shortcut's keys as the real box shows them (the plugin's `getKeymapHints` of mod+k): ⌘ on a Mac. */
function shortcutHint(): string[] {
  const platform =
    (navigator as Navigator & {userAgentData?: {platform?: string}}).userAgentData?.platform || navigator.userAgent;
  return [/mac/i.test(platform) ? '⌘' : 'ctrl', 'K'];
}

/** The box as the theme renders it on the server: icon and input. */
function Placeholder({onWanted}: {onWanted: (input: HTMLInputElement) => void}): ReactNode {
  const input = useRef<HTMLInputElement>(null);
  // Shown once in the browser, as the real box does (the platform decides the keys)
  const isBrowser = useIsBrowser();
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
        onTouchStart={want}
        onFocus={want}
        onInput={want}
      />
      {isBrowser && (
        <div className={styles.searchHintContainer}>
          {shortcutHint().map((key) => (
            <kbd key={key} className={styles.searchHint}>
              {key}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}

/** Sets a React-controlled input's text: the native setter, then an input event. */
function setText(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
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
    if (highlighted) load();
  }, [highlighted, load]);

  // What the reader typed, from the placeholder and then from the real box until the handover ends.
  const typed = useRef('');
  const stopTracking = useRef(() => {});
  // The handover: in the commit that mounts the real box (before any further key is handled), its input
  // takes the placeholder's text and focus, so no keystroke falls between the two boxes.
  useLayoutEffect(() => {
    if (!Loaded) return undefined;
    const input = document.querySelector<HTMLInputElement>('nav.navbar input.navbar__search-input');
    if (!input) return undefined;
    typed.current = handed.current.value;
    const track = () => {
      typed.current = input.value;
    };
    input.addEventListener('input', track);
    stopTracking.current = () => input.removeEventListener('input', track);
    if (typed.current) setText(input, typed.current);
    if (handed.current.focused) input.focus();
    return stopTracking.current;
  }, [Loaded]);
  // The real box sets its text to the page's `_highlight` terms (none: empty) in its first macrotask,
  // queued by its own effect, which runs before this one; after it, what the reader typed is put back.
  useEffect(() => {
    if (!Loaded) return undefined;
    const id = setTimeout(() => {
      stopTracking.current();
      const input = document.querySelector<HTMLInputElement>('nav.navbar input.navbar__search-input');
      if (!input || !typed.current) return;
      // Its empty text may not be committed yet and the input still show the reader's: React takes a
      // change only from what it last saw, so the text is emptied first, then set.
      setText(input, '');
      setText(input, typed.current);
    });
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
