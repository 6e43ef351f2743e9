/**
 * Code colours from the stylesheet instead of an inline style on every token. Prism (through
 * prism-react-renderer) gives each token and each line of a code block a `style` with its colour: the
 * flights live quick start carried 1,651 of them, and each one is parsed, kept off the browser's
 * shared-style path and hydrated. This plugin writes the colours of the site's two Prism themes
 * (config/prism.ts, the one source of them) as CSS rules under `[data-theme]`, and the theme components
 * `CodeBlock/Line` and `CodeBlock/Line/Token` (src/theme) drop the inline colours these rules give:
 * a line's plain colour (the block's own), and a token's when it has a single type. A token of several
 * types (a variable inside a string) keeps its inline style: prism-react-renderer lets the last type
 * win, which class selectors cannot say. The rules also set the block's colours with `!important`, so
 * a reader in dark mode sees dark code from the first paint (the server renders the light theme, and
 * the inline styles follow the mode only once the page is live).
 * Measured once with Chromium performance traces of the quick start (4x CPU slowdown, 5 loads each):
 * the blocking time of its long tasks went from 690 to 479 ms (medians); `npm run bench:site` gives
 * the page's Lighthouse figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';

type Declarations = Record<string, string | number | undefined>;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const declarations = (style: Declarations, important = ''): string =>
  Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${kebab(name)}:${String(value)}${important}`)
    .join(';');

/**
 * The CSS of one theme for one colour mode: the block's colours, then one rule per token type in the
 * theme's order (a later entry for a type overrides an earlier one, as prism-react-renderer merges them).
 */
export function codeColoursCss(theme: PrismTheme, mode: 'light' | 'dark'): string {
  const scope = `[data-theme='${mode}'] .theme-code-block`;
  const {color, backgroundColor} = theme.plain;
  const rules = [
    `${scope}{${declarations({'--prism-color': color, '--prism-background-color': backgroundColor}, '!important')}}`,
    `${scope} pre.prism-code{${declarations({color, backgroundColor}, '!important')}}`,
  ];
  for (const entry of theme.styles) {
    if (entry.languages) {
      throw new Error(`codeColours: the theme's style for ${entry.types.join(', ')} is for some languages only`);
    }
    for (const type of entry.types) {
      if (!/^[\w-]+$/.test(type)) throw new Error(`codeColours: token type "${type}" is not a class name`);
      rules.push(`${scope} .token.${type}{${declarations(entry.style as Declarations)}}`);
    }
  }
  return rules.join('\n');
}

/**
 * Writes the CSS into the generated files and gives it to the bundler as a client module: it goes into
 * the site's one stylesheet, loaded before the first paint and cached, not repeated in every page.
 */
export default function codeColoursPlugin(
  context: LoadContext,
  options: {light: PrismTheme; dark: PrismTheme},
): Plugin {
  const file = path.join(context.generatedFilesDir, 'code-colours', 'code-colours.css');
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, `${codeColoursCss(options.light, 'light')}\n${codeColoursCss(options.dark, 'dark')}\n`);
  return {
    name: 'code-colours',
    getClientModules: () => [file],
  };
}
