/**
 * JSON values as the literals of the loops' languages (./index.ts), as the guides write them, and the poll
 * path with each language's interpolation.
 */
import type {LiveLoop} from './index';

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export type Lang = 'json' | 'js' | 'python';

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/**
 * A JSON value as a literal of a language, as the guides write them: an object of scalars on one line
 * when it is short (`{ "entityId": "27544008" }`), other objects and arrays of objects expanded, arrays
 * of scalars on one line; JavaScript and Python with trailing commas where their formatters put them.
 */
export function literal(value: unknown, indent: string, lang: Lang): string {
  const step = lang === 'python' ? '    ' : '  ';
  if (value === null) return lang === 'python' ? 'None' : 'null';
  if (typeof value === 'boolean') return lang === 'python' ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (lang !== 'js') return JSON.stringify(value);
    return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  }
  const inner = indent + step;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isScalar)) return `[${value.map((item) => literal(item, inner, lang)).join(', ')}]`;
    const items = value.map((item) => `${inner}${literal(item, inner, lang)}`);
    return `[\n${items.join(',\n')}${lang === 'js' ? ',' : ''}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const key = (name: string) => (lang === 'js' && identifier.test(name) ? name : literal(name, inner, lang));
  const pairs = entries.map(([name, item]) => `${key(name)}: ${literal(item, inner, lang)}`);
  const inline = lang === 'python' ? `{${pairs.join(', ')}}` : `{ ${pairs.join(', ')} }`;
  if (entries.every(([, item]) => isScalar(item)) && inline.length <= 60) return inline;
  const last = lang === 'json' ? '' : ',';
  return `{\n${pairs.map((pair) => `${inner}${pair}`).join(',\n')}${last}\n${indent}}`;
}

export const jsonText = (value: unknown) => literal(value, '', 'json');
export const jsLiteral = (value: unknown) => literal(value, '', 'js');
export const pythonLiteral = (value: unknown) => literal(value, '', 'python');

/** The poll path with the token in the language's interpolation (`{sessionToken}` → `${sessionToken}`). */
export const pollPathWith = (loop: LiveLoop, token: string) => loop.pollPath.replace(`{${loop.tokenParameter}}`, token);
