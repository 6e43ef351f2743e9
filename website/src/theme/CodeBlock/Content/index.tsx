/**
 * Wraps the theme's highlighted code (@theme-original/CodeBlock/Content, through highlighted.tsx) so
 * that a page's code blocks cost the browser nothing on load: the server renders each block highlighted
 * as before, and hydration keeps that markup as it is (the `<pre>`'s content is left to the server's
 * HTML, `dangerouslySetInnerHTML`), so the browser neither loads prism-react-renderer and Prism (whose
 * grammars take hundreds of milliseconds to set up on a throttled phone) nor tokenises and hydrates every
 * token. The block's title, copy and word-wrap buttons stay React (the theme's CodeBlock/Layout), and the
 * word wrap acts on this `<pre>` (its ref) as on the theme's own.
 *
 * Colours: a token of one type takes its colour from the stylesheet (src/plugins/codeColours), which
 * follows the colour mode; a token of several types keeps the inline style prism-react-renderer gives it
 * (src/theme/CodeBlock/Line/Token). When the colour mode is not the one the server rendered in, those
 * inline styles are written again from the mode's Prism theme (`tokenStyle`: prism-react-renderer's own
 * rule, each type's style in turn, the last winning), as the theme's block would re-render them.
 *
 * A block drawn in the browser after hydration (a tab chosen for the first time, a page reached by a link,
 * the try-it console's samples) has no server markup to keep: it loads the highlighter then, showing
 * the plain code until it has. A block left empty (hydration failed and React drew the page anew) is
 * drawn by the highlighter too. e2e/appearance.spec.ts checks each of these.
 */
import {Suspense, useEffect, useRef, useState, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode, usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import type {PrismTheme} from 'prism-react-renderer';
import Highlighter from '@portal/code-highlighter';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/** The `<pre>` the theme's block renders, its classes and style as prism-react-renderer gives them. */
function usePreProps(className: string | undefined) {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  return {
    ref: wordWrap.codeBlockRef,
    tabIndex: 0,
    className: clsx(className, 'prism-code', `language-${metadata.language}`, styles.codeBlock, 'thin-scrollbar'),
    style: prismTheme.plain,
  };
}

type Style = Record<string, string | number | undefined>;

/**
 * A token's inline style as prism-react-renderer computes it (its `themeToDict` and `getTokenProps`): the
 * theme's style of each of the token's types in turn (entries for other languages left out), the last
 * winning. Only tokens of several types keep an inline style (src/theme/CodeBlock/Line/Token), and no
 * empty token is rendered (src/theme/CodeBlock/Line).
 */
function tokenStyle(theme: PrismTheme, language: string, types: string[]): Style {
  const byType = new Map<string, Style>();
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types) byType.set(type, {...byType.get(type), ...(entry.style as Style)});
  }
  return Object.assign({}, ...types.map((type) => byType.get(type) ?? {})) as Style;
}

/** The plain code in the block's `<pre>`, while the highlighter loads. */
function PlainCode({className}: Props): ReactNode {
  const pre = usePreProps(className);
  const {metadata} = useCodeBlockContext();
  return (
    <pre {...pre}>
      <code className={styles.codeBlockLines}>{metadata.code}</code>
    </pre>
  );
}

/** The block's `<pre>` with the server's markup inside it, as hydration found it. */
function ServerMarkup({className, onEmpty}: Props & {onEmpty: () => void}): ReactNode {
  const pre = usePreProps(className);
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {colorMode} = useColorMode();
  // The colour mode the server rendered in: the one of the first render, before the stored one is read.
  const [renderedMode] = useState(colorMode);
  const recoloured = useRef(false);
  useEffect(() => {
    // The `<pre>` below (its ref is the word wrap's).
    const markup = wordWrap.codeBlockRef.current;
    if (!markup) return;
    if (!markup.firstChild) return onEmpty();
    if (colorMode === renderedMode && !recoloured.current) return;
    recoloured.current = true;
    for (const token of Array.from(markup.querySelectorAll<HTMLElement>('.token[style]'))) {
      const types = Array.from(token.classList).filter((name) => name !== 'token');
      token.removeAttribute('style');
      Object.assign(token.style, tokenStyle(prismTheme, metadata.language, types));
    }
  }, [colorMode, renderedMode, prismTheme, metadata.language, onEmpty, wordWrap.codeBlockRef]);
  return (
    <pre
      {...pre}
      // Left as the server rendered it: React neither fills nor checks an element with inner HTML.
      dangerouslySetInnerHTML={{__html: ''}}
      suppressHydrationWarning
    />
  );
}

/**
 * The block's number of lines, for its `<pre>` (src/css/custom.css): a block not yet drawn takes the
 * height of that many lines, so drawing it as the reader nears it moves nothing on the page. A wrapper
 * that adds no box (`display: contents`) carries it, since the highlighted `<pre>` is the theme's.
 */
function LineCount({children}: {children: ReactNode}): ReactNode {
  const {metadata} = useCodeBlockContext();
  const lines = metadata.code.split('\n').length;
  return (
    <div className="code-block-lines" style={{'--code-block-lines': lines} as CSSProperties}>
      {children}
    </div>
  );
}

export default function CodeBlockContent(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // Drawn by hydration (in the browser, before hydration is over): keep the server's markup.
  const [fromServer, setFromServer] = useState(ExecutionEnvironment.canUseDOM && !isBrowser);
  const [onEmpty] = useState(() => () => setFromServer(false));
  // No Suspense boundary on the server or in hydration: the theme's word wrap reads the `<pre>` (its
  // ref) in its effects, which run before a Suspense boundary's content is hydrated.
  const code = fromServer ? (
    <ServerMarkup {...props} onEmpty={onEmpty} />
  ) : !ExecutionEnvironment.canUseDOM ? (
    <Highlighter {...props} />
  ) : (
    <Suspense fallback={<PlainCode {...props} />}>
      <Highlighter {...props} />
    </Suspense>
  );
  return <LineCount>{code}</LineCount>;
}
