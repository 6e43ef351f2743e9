/**
 * The URL of a page's markdown version: `/docs/intro` → `/docs/intro.md`, `/api/geo/` → `/api/geo.md`.
 * Shared by the plugin that writes the files (website/src/plugins/llms), the "Copy page as Markdown"
 * controls (website/src/components/CopyPageMarkdown) and the MCP server (mcp/src/pages.ts), so all agree.
 */
export function markdownPath(pathname: string): string {
  const trimmed = pathname.split(/[?#]/)[0].replace(/\/+$/, '');
  return `${trimmed || '/index'}.md`;
}
