/**
 * The change log's feed, from the page as built (as Docusaurus's blog plugin makes its feeds from the
 * posts' HTML): every h3 with a date, in its own text (`2026-11-24: ...`) or in the h2 above it
 * (`## 2026-11-24`), is an entry; its content is the HTML up to the next h2 or h3. Sections without a
 * date (the API notes, "Not yet released") are not entries.
 */
import {load} from 'cheerio';
import {Feed} from 'feed';

/** One entry of the change log. */
export interface ChangelogEntry {
  /** The heading's anchor on the page. */
  id: string;
  title: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** The section's HTML, links made absolute. */
  content: string;
}

/** The feeds' file names, in the page's folder: `/docs/change-log/rss.xml` and `atom.xml`. */
export const feedFiles = {rss: 'rss.xml', atom: 'atom.xml'} as const;

const datePattern = /^(\d{4}-\d{2}-\d{2})\b/;

/** The dated entries of the change log page's HTML, in page order. */
export function changelogEntries(html: string, siteUrl: string): ChangelogEntry[] {
  const $ = load(html);
  const article = $('.theme-doc-markdown').first();
  if (article.length === 0) throw new Error('The change log page has no .theme-doc-markdown article');
  article.find('.hash-link').remove();
  article.find('[href^="/"], [src^="/"]').each((_, element) => {
    for (const name of ['href', 'src']) {
      const value = $(element).attr(name);
      if (value?.startsWith('/') && !value.startsWith('//')) $(element).attr(name, `${siteUrl}${value}`);
    }
  });
  const entries: ChangelogEntry[] = [];
  let sectionDate: string | undefined;
  let current: {entry: ChangelogEntry; parts: string[]} | undefined;
  const close = () => {
    if (current) entries.push({...current.entry, content: current.parts.join('').trim()});
    current = undefined;
  };
  article.children().each((_, element) => {
    const node = $(element);
    const tag = element.tagName.toLowerCase();
    if (tag === 'h2') {
      close();
      sectionDate = datePattern.exec(node.text().trim())?.[1];
    } else if (tag === 'h3') {
      close();
      const title = node.text().trim();
      const date = datePattern.exec(title)?.[1] ?? sectionDate;
      const id = node.attr('id');
      if (date && id) current = {entry: {id, title, date, content: ''}, parts: []};
    } else if (current) {
      current.parts.push($.html(element));
    }
  });
  close();
  return entries;
}

/** The feed of the entries, newest first; each links to its section of the page. */
export function changelogFeed(
  entries: readonly ChangelogEntry[],
  options: {siteUrl: string; pagePath: string; title: string; description: string; author: string},
): Feed {
  if (entries.length === 0) throw new Error('The change log has no dated entries for its feed');
  const pageUrl = `${options.siteUrl}${options.pagePath}`;
  const sorted = [...entries].sort((a, b) => b.date.localeCompare(a.date));
  const day = (date: string) => new Date(`${date}T00:00:00Z`);
  const feed = new Feed({
    id: pageUrl,
    title: options.title,
    description: options.description,
    link: pageUrl,
    language: 'en',
    updated: day(sorted[0].date),
    copyright: '',
    // Atom needs an author for the feed when its entries have none (RFC 4287, section 4.1.1).
    author: {name: options.author},
    feedLinks: {rss: `${pageUrl}/${feedFiles.rss}`, atom: `${pageUrl}/${feedFiles.atom}`},
  });
  for (const entry of sorted) {
    const link = `${pageUrl}#${entry.id}`;
    feed.addItem({
      id: link,
      link,
      title: datePattern.test(entry.title) ? entry.title : `${entry.date}: ${entry.title}`,
      date: day(entry.date),
      content: entry.content,
    });
  }
  return feed;
}
