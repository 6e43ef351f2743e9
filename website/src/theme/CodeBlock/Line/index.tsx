/**
 * The code block's line (in place of @theme-original/CodeBlock/Line), with as few elements as it can:
 * a long guide's blocks are most of its page (the longest held 4,482 token spans and 697 line breaks),
 * and every element is parsed, styled and laid out by a phone on load.
 * - Tokens in a row of the same types are one token, and empty ones are left out (fewerTokens.ts).
 * - A token of types neither code theme (config/prism.ts, read from the theme config) shows unlike plain
 *   text is plain: a JSON key or `:` looks the same bare in both colour modes.
 * - A plain token (text no grammar rule matched) is bare text: prism-react-renderer gives it no class
 *   of colour and no style, so its span only repeated the block's colour.
 * - A line ends in `<br/>` only when nothing else is in it, to keep its height (a line of text, even
 *   of spaces, has it; the theme ended every line so).
 * - The line leaves out its inline colour, the block's plain colour, which it inherits
 *   (src/plugins/codeColours says why).
 * The line's element, classes (highlighted lines, line numbers) and text are the theme's, so copying,
 * word wrap and magic comments behave as before; e2e/appearance.spec.ts checks the rendered blocks.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/CodeBlock/Line';
import {useThemeConfig} from '@docusaurus/theme-common';
import type {PrismTheme} from 'prism-react-renderer';
import LineToken from '@theme/CodeBlock/Line/Token';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
import {fewerTokens, isPlain, styledTypes} from './fewerTokens';

/** The types the site's code themes style (styledTypes), worked out once per light theme and dark theme. */
const styledByThemes = new WeakMap<PrismTheme, Map<PrismTheme | undefined, Set<string>>>();
function styledOf(theme: PrismTheme, darkTheme: PrismTheme | undefined): ReadonlySet<string> {
  const byDark = styledByThemes.get(theme) ?? new Map<PrismTheme | undefined, Set<string>>();
  styledByThemes.set(theme, byDark);
  const styled = byDark.get(darkTheme) ?? styledTypes(darkTheme ? [theme, darkTheme] : [theme]);
  byDark.set(darkTheme, styled);
  return styled;
}

export default function CodeBlockLine({
  line,
  classNames,
  showLineNumbers,
  getLineProps,
  getTokenProps,
}: Props): ReactNode {
  const {theme, darkTheme} = useThemeConfig().prism;
  const tokens = fewerTokens(line, styledOf(theme, darkTheme));
  const lineProps = getLineProps({line, className: clsx(classNames, showLineNumbers && styles.codeLine)});
  const content = tokens.map((token, key) => {
    if (isPlain(token)) return token.content;
    const tokenProps = getTokenProps({token});
    return (
      <LineToken key={key} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </LineToken>
    );
  });
  return (
    <div {...lineProps} style={undefined}>
      {showLineNumbers ? (
        <>
          <span className={styles.codeLineNumber} />
          <span className={styles.codeLineContent}>{content}</span>
        </>
      ) : (
        content
      )}
      {tokens.length === 0 && <br />}
    </div>
  );
}
