/**
 * The URL of a page's markdown version: `/docs/intro` → `/docs/intro.md`, `/api/geo/` → `/api/geo.md`.
 * Shared by the plugin that writes the files (./index.ts) and the "Copy page as Markdown" control
 * (website/src/components/CopyPageMarkdown), so both agree on it.
 */
export function markdownPath(pathname: string): string {
  const trimmed = pathname.split(/[?#]/)[0].replace(/\/+$/, '');
  return `${trimmed || '/index'}.md`;
}
