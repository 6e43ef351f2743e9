/**
 * The docs team's list of what the portal cannot confirm, website/NOT-CONFIRMED.md (never published):
 * every `<Assumption id because>` box of the guides (src/components/Assumption, shown to partners as
 * "Not confirmed", once, with what to do either way), what it says, why it is not confirmed (its
 * `because`, which the page does not show) and every page and specification that links to it instead
 * of saying it again. A specification links to a box with a markdown link to `/docs/<page>#<id>` in
 * one of its texts; a page with any link that resolves to the box's page and id.
 *
 * Written by `npm run not-confirmed -w website` (`tsx config/notConfirmed.ts`); test/notConfirmed.test.ts
 * fails when the file is out of date, and stops on a box without an id or a reason, an id used twice or
 * a box outside the guides (a post's box would be said again in a dated post: link to the guide's).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {boxesAndLinks, contentFiles} from '@portal/content';

/** A file of the repository, as a path from its root, with its text. */
export interface SourceFile {
  file: string;
  text: string;
}

/** One statement the portal marks "Not confirmed". */
export interface NotConfirmedStatement {
  id: string;
  /** The page that shows it: `/docs/getting-started/errors`. */
  page: string;
  /** The page's source, from the root of the repository. */
  file: string;
  statement: string;
  because: string;
  /** Where it is linked from: a page's source, or a specification's file with the key of the text. */
  linkedFrom: string[];
}

const repoRoot = path.resolve(__dirname, '../..');
/** The generated list, from the root of the repository. */
export const listFile = 'website/NOT-CONFIRMED.md';
const docsDir = 'website/docs/';

/** The URL path of a guide's source (`website/docs/a/b.mdx` → `/docs/a/b`), or its front matter's `slug`. */
function pageOf(file: string, text: string): string {
  const slug = /^---\n[\s\S]*?^slug:\s*(\S+)\s*$[\s\S]*?^---$/m.exec(text)?.[1];
  if (slug) return slug.startsWith('/') ? `/docs${slug === '/' ? '' : slug}` : `/docs/${slug}`;
  return `/docs/${file.slice(docsDir.length).replace(/\.mdx?$/, '')}`;
}

/** The page and anchor a link of `file` points to, or undefined for a link without an anchor or off the guides. */
function target(url: string, file: string, page: string | undefined): {page: string; anchor: string} | undefined {
  const hash = url.indexOf('#');
  if (hash < 0 || /^[a-z]+:/i.test(url)) return undefined;
  const anchor = url.slice(hash + 1);
  const where = url.slice(0, hash);
  if (where === '') return page ? {page, anchor} : undefined;
  if (where.startsWith('/docs/')) return {page: where.replace(/\/$/, ''), anchor};
  if (where.startsWith('/')) return undefined;
  const resolved = path.posix.join(path.posix.dirname(file), where);
  if (!resolved.startsWith(docsDir)) return undefined;
  return {
    page: `/docs/${resolved
      .slice(docsDir.length)
      .replace(/\.mdx?$/, '')
      .replace(/\/$/, '')}`,
    anchor,
  };
}

/** Every string of a parsed YAML document with its key path (`Forbidden.description`). */
function texts(value: unknown, at: string[] = []): [string, string][] {
  if (typeof value === 'string') return [[at.join('.'), value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, [...at, String(index)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => texts(item, [...at, key]));
  return [];
}

/**
 * The statements of the guides' boxes and where each is linked from. `pages`: the guides and posts
 * (`website/docs/...`, `website/blog/...`); `specs`: the specifications' YAML sources.
 */
export function notConfirmedList(pages: SourceFile[], specs: SourceFile[]): NotConfirmedStatement[] {
  const problems: string[] = [];
  const statements: NotConfirmedStatement[] = [];
  const read = pages.map((page) => {
    try {
      return {...page, ...boxesAndLinks(page.text)};
    } catch (error) {
      throw new Error(`${page.file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  for (const {file, text, boxes} of read) {
    for (const box of boxes) {
      const at = `${file}:${box.line}`;
      if (!file.startsWith(docsDir)) problems.push(`${at}: a box belongs in a guide; link to the guide's box instead`);
      if (!box.id || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(box.id))
        problems.push(
          `${at}: give the box an id of lower-case words and hyphens (its anchor), not ${box.id ?? 'none'}`,
        );
      if (!box.because?.trim()) problems.push(`${at}: give the box a because="..." saying why it is not confirmed`);
      if (box.id && statements.some((other) => other.id === box.id))
        problems.push(`${at}: the id ${box.id} is already used by another box; ids are unique across the guides`);
      if (box.id && box.because && file.startsWith(docsDir)) {
        statements.push({
          id: box.id,
          page: pageOf(file, text),
          file,
          statement: box.statement,
          because: box.because,
          linkedFrom: [],
        });
      }
    }
  }
  if (problems.length > 0) throw new Error(`Not confirmed boxes:\n  ${problems.join('\n  ')}`);
  const find = (to: {page: string; anchor: string} | undefined) =>
    to && statements.find((statement) => statement.page === to.page && statement.id === to.anchor);
  const link = (statement: NotConfirmedStatement | undefined, from: string) => {
    if (statement && !statement.linkedFrom.includes(from)) statement.linkedFrom.push(from);
  };
  for (const {file, text, links} of read) {
    const page = file.startsWith(docsDir) ? pageOf(file, text) : undefined;
    for (const {url} of links) link(find(target(url, file, page)), file);
  }
  for (const {file, text} of specs) {
    for (const [key, value] of texts(parse(text) as unknown)) {
      for (const match of value.matchAll(/\]\((\/docs\/[^)\s#]+#[^)\s]+)\)/g)) {
        link(find(target(match[1], file, undefined)), `${file} (${key})`);
      }
    }
  }
  return statements;
}

/** The list as the markdown file the docs team reads. */
export function notConfirmedMarkdown(statements: NotConfirmedStatement[]): string {
  const lines = [
    `<!-- Written by website/config/notConfirmed.ts (npm run not-confirmed -w website): do not edit. website/test/notConfirmed.test.ts fails when it is out of date. Not published. -->`,
    '',
    '# Not confirmed: what the portal cannot confirm, and why',
    '',
    'For the docs team. Partners see each statement below once, in a "Not confirmed" box of the page named,',
    'with what to do either way; other pages and the specifications link to the box instead of saying it',
    "again. Why it is not confirmed is the box's `because`, listed here and never shown. When the service",
    'confirms or corrects one, change the box and the pages that link to it, then run',
    '`npm run not-confirmed -w website`.',
    '',
    `${statements.length} statements.`,
  ];
  for (const statement of statements) {
    const from = path.posix.relative('website', statement.file);
    lines.push(
      '',
      `## \`${statement.id}\``,
      '',
      `- **Shown at:** \`${statement.page}#${statement.id}\` ([${from}](${from}))`,
      `- **Says:** ${statement.statement}`,
      `- **Why it is not confirmed:** ${statement.because}`,
      `- **Linked from:** ${
        statement.linkedFrom.length > 0
          ? statement.linkedFrom.map((where) => `\`${where}\``).join(', ')
          : 'nowhere else'
      }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The folders of specs/ that hold no authored specification. */
const skipped = new Set(['node_modules', 'dist', 'releases']);

/** The guides, the posts and the specifications' YAML sources of this repository. */
export function repositorySources(): {pages: SourceFile[]; specs: SourceFile[]} {
  const read = (absolute: string): SourceFile => ({
    file: path.relative(repoRoot, absolute).split(path.sep).join('/'),
    text: fs.readFileSync(absolute, 'utf8'),
  });
  const pages = [
    ...contentFiles(path.join(repoRoot, 'website/docs')),
    ...contentFiles(path.join(repoRoot, 'website/blog')),
  ]
    .sort()
    .map(read);
  const yamlFiles = (dir: string): string[] =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) return skipped.has(entry.name) ? [] : yamlFiles(absolute);
      return /\.ya?ml$/.test(entry.name) ? [absolute] : [];
    });
  return {pages, specs: yamlFiles(path.join(repoRoot, 'specs')).sort().map(read)};
}

if (require.main === module) {
  try {
    const {pages, specs} = repositorySources();
    const list = notConfirmedList(pages, specs);
    fs.writeFileSync(path.join(repoRoot, listFile), notConfirmedMarkdown(list));
    console.log(`Wrote ${listFile}: ${list.length} statements not confirmed.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
