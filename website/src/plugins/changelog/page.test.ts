/**
 * The change log page (website/docs/change-log.mdx) as the build renders its releases: every release
 * of specs/releases has its section, and the changes the history records are listed and flagged.
 */
import fs from 'node:fs';
import path from 'node:path';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {describe, expect, it} from 'vitest';
import {listReleases} from '@portal/specs/node';
import {changelogPath} from './index';
import {feedFiles} from './feed';
import remarkSpecReleases, {type Node} from './specReleases';

const source = fs.readFileSync(path.join(__dirname, '../../../docs/change-log.mdx'), 'utf8');
const tree = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .parse(source.replace(/^---[\s\S]*?---\n/, '')) as Node;
remarkSpecReleases()(tree);

const textOf = (node: Node): string =>
  node.type === 'inlineCode' ? `\`${node.value}\`` : (node.value ?? (node.children ?? []).map(textOf).join(''));
const nodes = tree.children!;
/** The text of the section under the heading with this id, up to the next heading of its level or above. */
function section(id: string): string {
  const start = nodes.findIndex((node) => node.type === 'heading' && node.data?.hProperties?.id === id);
  expect(start, `no heading #${id}`).toBeGreaterThanOrEqual(0);
  const depth = nodes[start].depth!;
  const end = nodes.findIndex((node, index) => index > start && node.type === 'heading' && node.depth! <= depth);
  return nodes
    .slice(start, end < 0 ? undefined : end)
    .map(textOf)
    .join('\n');
}

describe('the change log page', () => {
  it('has a section for every release of the specifications', () => {
    const releases = listReleases();
    expect(releases.slice(0, 2).map(({date}) => date)).toEqual(['2026-11-23', '2026-11-24']);
    const headings = nodes.filter(
      (node) => node.type === 'heading' && node.depth === 3 && /^release-/.test(node.data?.hProperties?.id ?? ''),
    );
    expect(headings.map((node) => node.data!.hProperties!.id)).toEqual(
      releases.map(({date}) => `release-${date}`).reverse(),
    );
  });

  it('lists the specifications as first published on 2026-11-23', () => {
    expect(section('release-2026-11-23')).toContain('The first release recorded: 13 specifications');
  });

  it('lists the corrections of 2026-11-24, breaking ones flagged', () => {
    expect(section('release-2026-11-24-hotels-live')).toContain(
      'Breaking: `HotelsService_PollSearch`: type definition of `filters` (request body) changed: `object` to `array`',
    );
    expect(section('release-2026-11-24-carhire-live-pricing')).toContain(
      'Non-breaking: `CarHireService_CreateSearch`: required status removed from `query.dropOffLocation` (request body)',
    );
    expect(section('release-2026-11-24-hotels-reviews')).toContain(
      'Breaking: `HotelsReviewsService_ListReviews`: `minLength` added to `hotelId` (request body): `1`',
    );
    // The APIs the corrections did not touch have no section.
    expect(nodes.some((node) => node.data?.hProperties?.id === 'release-2026-11-24-geo')).toBe(false);
  });

  it('lists the release of 2026-11-28, which holds the changes pending since 2026-11-24', () => {
    const release = section('release-2026-11-28');
    expect(release).toContain('2026-11-28: The corrections since 2026-11-24');
    expect(section('release-2026-11-28-hotels-reviews')).toContain(
      'Breaking: `HotelsReviewsService_ListReviews`: `not` added to `sort` (request body)',
    );
  });

  it('names its feeds in its head, where the plugin writes them', () => {
    for (const file of Object.values(feedFiles)) {
      expect(source).toContain(`href="${changelogPath}/${file}"`);
      expect(source).toContain(`(pathname://${changelogPath}/${file})`);
    }
  });
});
