/**
 * The `/apiservices/...` paths that a page mentions, in prose or in code, and matching them to the
 * path templates of the specifications. A segment written as a placeholder (`{sessionToken}`,
 * `$TOKEN`, `${token}`, `{session_token}`, `{…}`) matches any segment; a template's `{param}`
 * matches any segment; every other segment must be equal. The query string is left out.
 */

export interface PathMention {
  /** The path as written, from `/apiservices/` on. */
  text: string;
  /** 1-based line of the page. */
  line: number;
  /** The HTTP method written just before it (`POST /apiservices/...`), if any. */
  method?: string;
  /**
   * Whether the mention names the start of paths rather than a whole path: it ends with `/`
   * (`/apiservices/v3/flights/live/`), or it ends a string assigned to a variable that the code
   * extends (`API="https://$API_HOST/apiservices/v1/carhire/live/search"`).
   */
  prefix: boolean;
}

export interface PathTemplate {
  method: string;
  path: string;
  operationId: string;
}

const plain = /[A-Za-z0-9._~%/-]/;

/** The index after the bracket group that opens at `start` (`{`, `(` or `[`). */
function groupEnd(text: string, start: number): number {
  const pairs: Record<string, string> = {'{': '}', '(': ')', '[': ']'};
  const stack: string[] = [];
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') return i;
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return text.length;
}

/** The end of the path that starts at `start` (placeholders are taken whole). */
function pathEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (plain.test(c)) i++;
    else if (c === '$' && text[i + 1] === '{') i = groupEnd(text, i + 1);
    else if (c === '$' && /[A-Za-z_]/.test(text[i + 1] ?? '')) i = i + 1 + /^\w+/.exec(text.slice(i + 1))![0].length;
    else if (c === '{') i = groupEnd(text, i);
    else if (c === '?' || c === '=' || c === '&') i++;
    else break;
  }
  while (i > start && /[.,-]/.test(text[i - 1])) i--; // the end of a sentence
  return i;
}

/** Every mention of an `/apiservices/` path in a page. */
export function apiPathsIn(text: string): PathMention[] {
  const mentions: PathMention[] = [];
  for (const match of text.matchAll(/\/apiservices\//g)) {
    const start = match.index;
    const end = pathEnd(text, start);
    const path = text.slice(start, end);
    const lineStart = text.lastIndexOf('\n', start) + 1;
    const before = text.slice(lineStart, start);
    const method = /\b(GET|POST|PUT|PATCH|DELETE)\s+$/.exec(before)?.[1];
    const assigned =
      /^\s*(?:export\s+|local\s+|const\s+|let\s+|var\s+)?[A-Za-z_]\w*\s*=\s*(?:f|new URL\()?["'`]/.test(before) &&
      /^["'`]/.test(text.slice(end));
    mentions.push({
      text: path,
      line: text.slice(0, start).split('\n').length,
      ...(method ? {method} : {}),
      prefix: path.endsWith('/') || assigned,
    });
  }
  return mentions;
}

/** The segments after `/apiservices/`, without the query; a placeholder segment is `undefined`. */
export function pathSegments(path: string): (string | undefined)[] {
  let cut = path.length;
  for (let i = 0, depth = 0; i < path.length; i++) {
    if (path[i] === '{') depth++;
    else if (path[i] === '}') depth--;
    else if (path[i] === '?' && depth === 0) {
      cut = i;
      break;
    }
  }
  const rest = path.slice(path.indexOf('/apiservices/') + '/apiservices/'.length, cut).replace(/\/$/, '');
  return rest === '' ? [] : rest.split('/').map((segment) => (/[{$]/.test(segment) ? undefined : segment));
}

/**
 * Whether a path's placeholders each take a whole segment (`/poll/{…}`), so that it can be matched.
 * A placeholder glued to other text (`/live{…}`, where code adds an unknown rest) cannot.
 */
export function isWhole(path: string): boolean {
  let cut = path.indexOf('?');
  if (cut < 0) cut = path.length;
  return path
    .slice(path.indexOf('/apiservices/'), cut)
    .split('/')
    .every((segment) => !/[{$]/.test(segment) || /^(\{[^}]*\}|\$\w+|\$\{[^}]*\})$/.test(segment));
}

/** The templates a path matches; with `prefix`, those it is the start of (at a segment boundary). */
export function matchingTemplates(path: string, templates: PathTemplate[], prefix = false): PathTemplate[] {
  const segments = pathSegments(path);
  return templates.filter((template) => {
    const wanted = pathSegments(template.path);
    if (prefix ? segments.length > wanted.length : segments.length !== wanted.length) return false;
    return segments.every((segment, i) => segment === undefined || wanted[i] === undefined || segment === wanted[i]);
  });
}
