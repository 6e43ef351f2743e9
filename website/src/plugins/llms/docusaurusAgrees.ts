/**
 * The guides as `@portal/content` gathers them (content/src/guides.ts, from the files, their front matter
 * and the sidebar) against the guides as Docusaurus loaded them: every guide at the same path with the
 * same title and description, the sidebar's pages in the same order, each category page with the same
 * cards. The MCP server's pages are gathered the same way without Docusaurus, so the llms plugin (./index.ts)
 * stops the build on any difference, which names the page. Pure.
 */
import path from 'node:path';
import type {DocsPage} from '@portal/content';

export interface SidebarNode {
  type: string;
  id?: string;
  label?: string;
  href?: string;
  items?: SidebarNode[];
  link?: {type: string; id?: string; permalink?: string; title?: string; description?: string};
}

/** The subset of the docs plugin's loaded content this module reads. */
export interface LoadedDocs {
  loadedVersions: {
    docs: {
      id: string;
      title: string;
      permalink: string;
      description: string;
      /** `@site/docs/intro.mdx`. */
      source: string;
      frontMatter: Record<string, unknown>;
    }[];
    sidebars: Record<string, unknown>;
  }[];
}

/** A card as Docusaurus labels it: the item's label, else the guide's `sidebar_label`, else its title. */
interface Card {
  label: string;
  link: string;
}

/** Every difference, one sentence each (none when they agree). `siteDir` resolves Docusaurus's `@site/`. */
export function disagreements(gathered: readonly DocsPage[], docs: LoadedDocs, siteDir: string): string[] {
  const version = docs.loadedVersions[0];
  const problems: string[] = [];
  const byFile = new Map(gathered.filter((page) => page.file).map((page) => [page.file!, page]));
  const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
  for (const doc of version.docs) {
    const file = path.join(siteDir, doc.source.replace(/^@site\//, ''));
    const page = byFile.get(file);
    const name = path.relative(siteDir, file);
    if (!page) {
      problems.push(`${name}: Docusaurus serves it at ${doc.permalink}, @portal/content does not gather it`);
      continue;
    }
    byFile.delete(file);
    if (page.path !== doc.permalink)
      problems.push(`${name}: Docusaurus serves it at ${doc.permalink}, @portal/content at ${page.path}`);
    if (page.title !== doc.title)
      problems.push(`${name}: Docusaurus titles it "${doc.title}", @portal/content "${page.title}"`);
    if ((page.description ?? '') !== doc.description)
      problems.push(
        `${name}: Docusaurus describes it as "${doc.description}", @portal/content as "${page.description ?? ''}"`,
      );
  }
  for (const page of byFile.values())
    problems.push(`${page.path}: @portal/content gathers it, Docusaurus has no such guide`);

  // The sidebar's pages in order, and each generated category page's cards.
  const order: string[] = [];
  const cards = new Map<string, Card[]>();
  const titles = new Map<string, string>();
  const docPath = (id: string | undefined): string | undefined => (id ? byId.get(id)?.permalink : undefined);
  const cardOf = (item: SidebarNode): Card[] => {
    if (item.type === 'doc') {
      const doc = item.id ? byId.get(item.id) : undefined;
      const label = item.label ?? (doc?.frontMatter.sidebar_label as string | undefined) ?? doc?.title ?? '';
      return doc ? [{label, link: doc.permalink}] : [];
    }
    if (item.type === 'category') {
      const link = docPath(item.link?.id) ?? item.link?.permalink;
      return link ? [{label: item.label ?? '', link}] : [];
    }
    return item.type === 'link' && item.href ? [{label: item.label ?? item.href, link: item.href}] : [];
  };
  const visit = (item: SidebarNode): void => {
    if (item.type === 'doc') {
      const found = docPath(item.id);
      if (found && !order.includes(found)) order.push(found);
    }
    if (item.type !== 'category') return;
    const linked = docPath(item.link?.id);
    if (linked && !order.includes(linked)) order.push(linked);
    if (item.link?.type === 'generated-index' && item.link.permalink) {
      order.push(item.link.permalink);
      cards.set(item.link.permalink, (item.items ?? []).flatMap(cardOf));
      titles.set(item.link.permalink, item.link.title ?? item.label ?? '');
    }
    item.items?.forEach(visit);
  };
  for (const sidebar of Object.values(version.sidebars)) (sidebar as SidebarNode[]).forEach(visit);

  const gatheredOrder = gathered.map((page) => page.path).filter((pagePath) => order.includes(pagePath));
  if (gatheredOrder.join('\n') !== order.join('\n'))
    problems.push(`the sidebar's order: Docusaurus ${order.join(', ')}; @portal/content ${gatheredOrder.join(', ')}`);
  for (const page of gathered.filter((entry) => entry.kind === 'category')) {
    const shown = cards.get(page.path);
    const written = (page.cards ?? []).map(({label, link}) => ({label, link}));
    if (!shown) problems.push(`${page.path}: @portal/content gathers this category page, Docusaurus has none`);
    else if (titles.get(page.path) !== page.title)
      problems.push(`${page.path}: Docusaurus titles it "${titles.get(page.path)}", @portal/content "${page.title}"`);
    else if (JSON.stringify(shown) !== JSON.stringify(written))
      problems.push(
        `${page.path}: Docusaurus's cards ${JSON.stringify(shown)}, @portal/content's ${JSON.stringify(written)}`,
      );
  }
  return problems;
}
