/**
 * The pure core of the security headers plugin: what a built page runs inline (`inlineScripts`,
 * `inlineHandlers`), the hashes the Content-Security-Policy allows (`scriptHash`), the `_headers` file
 * written from the rules of ./policy.ts (`headersFile`), and that file read back and matched against a
 * path as Cloudflare (Workers static assets, Pages) and Netlify match it (`parseHeaders`, `headersFor`,
 * used by the browser test e2e/csp.spec.ts to give every response the headers the host would give).
 * No file system: the plugin (./index.ts) reads the build; tested in headersFile.test.ts.
 *
 * The `_headers` format (developers.cloudflare.com/workers/static-assets/headers, docs.netlify.com
 * "Custom headers"): a path pattern on a line of its own, then its headers indented, `Name: value`; a
 * line starting with `#` (after its indentation) is a comment. `*` is a splat matching any characters
 * (one per pattern), `:name` a placeholder matching one path segment. A request gets the headers of
 * every rule that matches it; a header set by two matching rules is sent once, the values joined with
 * `, `. Cloudflare reads at most 100 rules and ignores a line longer than 2,000 characters.
 */
import {createHash} from 'node:crypto';

/** One header a rule sets, with why (written as comments above it). */
export interface Header {
  name: string;
  value: string;
  why: string[];
}

/** A path pattern, why it gets its headers, and the headers. */
export interface HeaderRule {
  path: string;
  why: string;
  headers: Header[];
}

/** A built page: its path (`/docs/intro`) and its HTML. */
export interface Page {
  path: string;
  html: string;
}

/** An inline script the pages run, the hash that allows it, and where it is. */
export interface InlineScript {
  hash: string;
  /** What it is, when recognised (`describeScript`). */
  label: string;
  /** The paths of the pages that have it, in the order given. */
  pages: string[];
  /** Its first characters, to recognise it in the file. */
  excerpt: string;
}

/** Cloudflare's limits for `_headers` (Workers static assets and Pages). */
export const maxRules = 100;
export const maxLineLength = 2000;

/** Script `type`s the browser runs (HTML's JavaScript MIME type essences), `module` and the two JSON kinds CSP governs. */
const runnableTypes = new Set([
  '',
  'module',
  // An inline import map or speculation rules are checked against script-src as inline scripts are.
  'importmap',
  'speculationrules',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The attributes of a start tag's attribute text, names lower-cased (values as written). */
function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(attributePattern)) {
    const name = match[1].toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

const scriptPattern = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script[\s/>]/gi;

/** Whether a `<script>` with these attributes is run by the browser (not a data block such as JSON-LD). */
function runs(attrs: Map<string, string>): boolean {
  const type = attrs.get('type');
  return type === undefined || runnableTypes.has(type.trim().toLowerCase());
}

/**
 * The text of every inline script of a page the browser runs, as it hashes it: the element's text as
 * written (a script's text is raw: no entity is decoded), line breaks normalised to `\n` as the HTML
 * parser does. Scripts with `src` and data blocks (`type="application/ld+json"`: JSON-LD is read by
 * search engines, never run, and CSP does not check it) are left out.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(scriptPattern)) {
    const attrs = attributes(match[1]);
    if (attrs.has('src') || !runs(attrs)) continue;
    scripts.push(match[2].replace(/\r\n?/g, '\n'));
  }
  return scripts;
}

/** How many `<script>` data blocks (not run, so not hashed) a page has, by type. */
export function dataBlocks(html: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of html.matchAll(scriptPattern)) {
    const attrs = attributes(match[1]);
    if (attrs.has('src') || runs(attrs)) continue;
    const type = attrs.get('type')!.trim().toLowerCase();
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts;
}

/**
 * Script the policy cannot allow by hash: event handler attributes (`onclick="..."`) and `javascript:`
 * links. Each would need `'unsafe-inline'` (or `'unsafe-hashes'`), so the plugin stops the build on
 * one rather than ship a page whose handler the browser refuses.
 */
export function inlineHandlers(html: string): string[] {
  const found: string[] = [];
  const withoutScripts = html.replace(scriptPattern, '');
  for (const tag of withoutScripts.matchAll(/<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    for (const [name, value] of attributes(tag[2])) {
      if (/^on[a-z]+$/.test(name)) found.push(`${name} on <${tag[1].toLowerCase()}>`);
      else if (/^(href|src|action|formaction)$/.test(name) && /^\s*javascript:/i.test(value)) {
        found.push(`javascript: ${name} on <${tag[1].toLowerCase()}>`);
      }
    }
  }
  return found;
}

/** The CSP source that allows an inline script: `'sha256-<base64 of the SHA-256 of its UTF-8 text>'`. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** What a known inline script is; an unknown one is named by its first page. */
export function describeScript(source: string): string | undefined {
  if (source.includes('docusaurus-theme') && source.includes('data-theme')) {
    return "Docusaurus's colour-mode script: sets the stored light or dark theme before the first paint";
  }
  if (source.includes('insertBanner') && source.includes('base-url-issue-banner')) {
    return "Docusaurus's wrong base URL banner (baseUrlIssueBanner), on the home page";
  }
  if (/^\s*window\.location\.href = /.test(source)) {
    return 'a redirect page of @docusaurus/plugin-client-redirects (its meta refresh is the fallback)';
  }
  return undefined;
}

/** Every distinct inline script the pages run, in the order first met, with the pages that run it. */
export function collectInlineScripts(pages: Page[]): InlineScript[] {
  const byHash = new Map<string, InlineScript>();
  for (const page of pages) {
    for (const source of inlineScripts(page.html)) {
      const hash = scriptHash(source);
      const known = byHash.get(hash);
      if (known) {
        if (!known.pages.includes(page.path)) known.pages.push(page.path);
        continue;
      }
      const excerpt = source.trim().replace(/\s+/g, ' ').slice(0, 60);
      byHash.set(hash, {
        hash,
        label: describeScript(source) ?? `an inline script of ${page.path}`,
        pages: [page.path],
        excerpt,
      });
    }
  }
  return [...byHash.values()];
}

/**
 * Files of the build's `assets/` folder without a content hash in their name (`name.<8+ hex>.ext` or
 * `name-<8+ hex>.ext`, as the bundler names them): they must not get the immutable caching of
 * `/assets/*`, so the plugin stops the build on one.
 */
export function unhashedAssets(files: string[]): string[] {
  return files.filter((file) => !/[.-][0-9a-f]{8,}\./.test(file.split('/').pop()!));
}

/** The `_headers` text of the rules: a header comment, then each rule with its reasons as comments. */
export function headersFile(rules: HeaderRule[], preamble: string[]): string {
  const lines = preamble.map((line) => `# ${line}`.trimEnd());
  for (const rule of rules) {
    lines.push('', `# ${rule.why}`, rule.path);
    for (const header of rule.headers) {
      for (const why of header.why) lines.push(`  # ${why}`.trimEnd());
      lines.push(`  ${header.name}: ${header.value}`);
    }
  }
  const text = `${lines.join('\n')}\n`;
  const problems = checkHeadersFile(text);
  if (problems.length > 0) throw new Error(`_headers: ${problems.join('; ')}`);
  return text;
}

/** What Cloudflare would refuse or ignore in a `_headers` text: too many rules, too long a line. */
export function checkHeadersFile(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    // "The entire line, including spacing, header name, and value, counts towards this limit."
    const trimmed = line.trim();
    if (trimmed && !trimmed.startsWith('#') && line.length > maxLineLength) {
      problems.push(`line ${index + 1} has ${line.length} characters, over the ${maxLineLength} Cloudflare reads`);
    }
  });
  const rules = parseHeaders(text).length;
  if (rules > maxRules) problems.push(`${rules} rules, over the ${maxRules} Cloudflare reads`);
  return problems;
}

/** A rule read back from `_headers`: its pattern and headers (names lower-cased, as Cloudflare keeps them). */
export interface ParsedRule {
  path: string;
  headers: Record<string, string>;
  /** Headers a `! Name` line removes from what broader rules set. */
  unset: string[];
}

/** Reads a `_headers` text as Cloudflare's parser does (comments and blank lines skipped). */
export function parseHeaders(text: string): ParsedRule[] {
  const rules: ParsedRule[] = [];
  let rule: ParsedRule | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (/^([^\s]+:\/\/|\/)/.test(line)) {
      rule = {path: line, headers: {}, unset: []};
      rules.push(rule);
      continue;
    }
    if (!rule) throw new Error(`_headers: a header before any path: ${line}`);
    if (line.startsWith('! ')) {
      rule.unset.push(line.slice(2).trim().toLowerCase());
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`_headers: not a "Name: value" line: ${line}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    rule.headers[name] = rule.headers[name] ? `${rule.headers[name]}, ${value}` : value;
  }
  return rules;
}

/** A path pattern as a regular expression: `*` any characters, `:name` one segment, the rest literal. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (/^:[A-Za-z]\w*$/.test(part)) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The headers a host gives a request for `path` (pathname only): those of every matching rule, a
 * header of two rules joined with `, `, then the `! Name` removals. Names lower-cased.
 */
export function headersFor(rules: ParsedRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unset = new Set<string>();
  for (const rule of rules) {
    if (rule.path.includes('://') || !patternRegExp(rule.path).test(path)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
    for (const name of rule.unset) unset.add(name);
  }
  for (const name of unset) delete headers[name];
  return headers;
}
