/**
 * A report or timeline document of html.tsx in the colours of a page's own colour mode, not the system's:
 * the site's HAR check (website/src/components/HarCheck) and the try-it console's timeline
 * (website/src/components/TryIt/SessionTimeline.tsx) show them in frames, beside a page whose reader may
 * have chosen dark on a light system. The stylesheet picks its dark colours with
 * `@media (prefers-color-scheme:dark)` (style.ts `STYLE`); in its `<style>` only, that query is made always
 * or never true. Imports nothing, so a page can use it without loading the check.
 */
export function withColourMode(html: string, mode: 'light' | 'dark'): string {
  const start = html.indexOf('<style>');
  const end = html.indexOf('</style>', start);
  if (start < 0 || end < 0) return html;
  const style = html
    .slice(start, end)
    .replaceAll('@media (prefers-color-scheme:dark)', mode === 'dark' ? '@media all' : '@media not all')
    .replace('color-scheme:light dark', `color-scheme:${mode}`);
  return html.slice(0, start) + style + html.slice(end);
}
