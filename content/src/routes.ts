/**
 * Where the docs plugin of Docusaurus puts a guide, from its file and front matter: its doc id (what the
 * sidebar names) and its path. The rules are the plugin's: `slug` (absolute from the docs root, or
 * relative to the file's folder), else an index page (`index`, `README` or the folder's own name) at its
 * folder's path with a trailing slash, else the folder's path and the file's name; number prefixes (`01-`)
 * dropped from the path (the id keeps the folders' as written), as the plugin does; files and folders
 * starting with `_` are partials, not pages. The site's llms plugin
 * (website/src/plugins/llms) checks these against Docusaurus's own routes at every build.
 */
import path from 'node:path';
import {parse} from 'yaml';

/** The front matter fields that place and name a guide. */
export interface FrontMatter {
  id?: string;
  title?: string;
  description?: string;
  slug?: string;
  sidebar_label?: string;
  sidebar_position?: number;
}

/** A guide's front matter (the YAML between its opening `---` lines); a malformed one stops with the file. */
export function readFrontMatter(text: string, file: string): FrontMatter {
  const matter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!matter) return {};
  try {
    return (parse(matter[1]) ?? {}) as FrontMatter;
  } catch (error) {
    throw new Error(`${file}: its front matter is not YAML (${(error as Error).message})`);
  }
}

/** A name without the number prefix the docs plugin drops (`01-intro` → `intro`). */
const unprefixed = (name: string): string => name.replace(/^\d+\s*[-_.]\s*/, '');

/** Whether a file or folder of the docs folder is a partial (`_part.mdx`, `_parts/x.mdx`), not a page. */
export const isPartial = (source: string): boolean => source.split('/').some((part) => part.startsWith('_'));

/**
 * A guide's doc id and path. `source` is its path from the docs folder with `/` separators
 * (`getting-started/authentication.mdx`); `routeBasePath` the docs plugin's (`/docs`).
 */
export function guideRoute(
  source: string,
  front: Pick<FrontMatter, 'id' | 'slug'>,
  routeBasePath = '/docs',
): {id: string; path: string} {
  const dir = path.posix.dirname(source);
  const folders = dir === '.' ? [] : dir.split('/');
  const name = unprefixed(path.posix.basename(source).replace(/\.mdx?$/, ''));
  const baseId = front.id ?? name;
  const id = [...folders, baseId].join('/');
  // The folder's path, as a URL to resolve a relative slug against: `/getting-started/`, `/`.
  const folderUrl = `/${folders.map(unprefixed).join('/')}/`.replace(/^\/\/$/, '/');
  let slug: string;
  if (typeof front.slug === 'string') slug = new URL(front.slug, `http://docs${folderUrl}`).pathname;
  else if (/^(index|readme)$/i.test(name) || name === unprefixed(folders.at(-1) ?? '')) slug = folderUrl;
  else slug = new URL(baseId, `http://docs${folderUrl}`).pathname;
  const base = `/${routeBasePath.replace(/^\/+|\/+$/g, '')}`;
  return {id, path: `${base}${slug}`};
}
