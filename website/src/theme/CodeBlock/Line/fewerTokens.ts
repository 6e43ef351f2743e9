/**
 * The tokens a code line (index.tsx beside this) renders, as few as show the same code: the empty ones
 * left out (prism-react-renderer's marker of an empty line, whose `\n` the line's `<br/>` replaces, and
 * the empty pieces a newline leaves), and each run of tokens of the same types joined into one.
 */
import type {Token} from 'prism-react-renderer';

const sameTypes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((type, index) => type === b[index]);

/** Whether a token is plain text: no grammar rule matched it, and prism-react-renderer gives it no style. */
export const isPlain = (token: Token): boolean => token.types.length === 1 && token.types[0] === 'plain';

export function fewerTokens(line: readonly Token[]): Token[] {
  const tokens: Token[] = [];
  for (const token of line) {
    if (token.empty || token.content === '') continue;
    const last = tokens.at(-1);
    if (last && sameTypes(last.types, token.types))
      tokens[tokens.length - 1] = {...last, content: last.content + token.content};
    else tokens.push(token);
  }
  return tokens;
}
