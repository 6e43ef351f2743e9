/**
 * The tokens a code line (index.tsx beside this) renders, as few as show the same code: the empty ones
 * left out (prism-react-renderer's marker of an empty line, whose `\n` the line's `<br/>` replaces, and
 * the empty pieces a newline leaves), a token that both code themes show as plain text made plain, and
 * each run of tokens of the same types joined into one.
 */
import type {PrismTheme, Token} from 'prism-react-renderer';

const sameTypes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((type, index) => type === b[index]);

/** Whether a token is plain text: no grammar rule matched it, and prism-react-renderer gives it no style. */
export const isPlain = (token: Token): boolean => token.types.length === 1 && token.types[0] === 'plain';

/** A CSS colour as `r,g,b` when it is written `#rgb`, `#rrggbb` or `rgb(r, g, b)`; else as written, in lower case. */
function channels(colour: string): string {
  const value = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)).join(',');
  }
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(value);
  return rgb ? rgb.slice(1).map(Number).join(',') : value;
}

/**
 * The token types one of `themes` shows unlike its plain text: a type whose style (the theme's entries
 * for it merged in order, the last winning, as prism-react-renderer merges them) declares anything but the
 * theme's plain colour. Every other type (one a theme has no entry for, or one it gives the plain colour
 * alone, as VS Light does `operator`) looks like plain text in both colour modes.
 */
export function styledTypes(themes: readonly PrismTheme[]): Set<string> {
  const styled = new Set<string>();
  for (const theme of themes) {
    const merged = new Map<string, Record<string, unknown>>();
    for (const entry of theme.styles)
      for (const type of entry.types) merged.set(type, {...merged.get(type), ...(entry.style as object)});
    const plain = channels(String(theme.plain.color ?? ''));
    for (const [type, style] of merged) {
      const shown = Object.entries(style).filter(([, value]) => value !== undefined && value !== '');
      if (shown.some(([name, value]) => name !== 'color' || channels(String(value)) !== plain)) styled.add(type);
    }
  }
  return styled;
}

/**
 * The tokens of `line` to render: empty ones left out, one whose types are none of `styled` (styledTypes)
 * made plain, and each run of the same types joined.
 */
export function fewerTokens(line: readonly Token[], styled: ReadonlySet<string>): Token[] {
  const tokens: Token[] = [];
  for (const each of line) {
    if (each.empty || each.content === '') continue;
    const token = each.types.some((type) => styled.has(type)) ? each : {types: ['plain'], content: each.content};
    const last = tokens.at(-1);
    if (last && sameTypes(last.types, token.types))
      tokens[tokens.length - 1] = {...last, content: last.content + token.content};
    else tokens.push(token);
  }
  return tokens;
}
