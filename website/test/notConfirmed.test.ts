/**
 * The docs team's list of what the portal cannot confirm (website/NOT-CONFIRMED.md, written by
 * config/notConfirmed.ts): it is the list the guides' boxes and the specifications' links make today,
 * so a box added, changed or removed without `npm run not-confirmed -w website` fails here; and the
 * rules of the list, on small pages: a box says why and has an anchor, once, in a guide; a page or a
 * specification that links to its anchor is listed as using it, one that links elsewhere is not.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listFile, notConfirmedList, notConfirmedMarkdown, repositorySources} from '../config/notConfirmed';

const repoRoot = path.resolve(__dirname, '../..');

const box = (id: string, because = 'The service does not say.') =>
  `<Assumption id="${id}" because="${because}">\n\nSessions last a while. Create a new search on a \`404\`.\n\n</Assumption>`;

describe('the list of what is not confirmed', () => {
  it(`is up to date in ${listFile} (run npm run not-confirmed -w website after changing a box or a link to one)`, () => {
    const {pages, specs} = repositorySources();
    expect(pages.length).toBeGreaterThan(50);
    expect(specs.length).toBeGreaterThan(13);
    const list = notConfirmedList(pages, specs);
    expect(list.length).toBeGreaterThan(10);
    // Each is linked from somewhere else or is where a reader needs it; the specifications link to some
    expect(list.some((statement) => statement.linkedFrom.some((from) => from.startsWith('specs/')))).toBe(true);
    expect(fs.readFileSync(path.join(repoRoot, listFile), 'utf8')).toBe(notConfirmedMarkdown(list));
  });

  it("lists a box's statement, reason and page, and every page and specification text that links to it", () => {
    const list = notConfirmedList(
      [
        {
          file: 'website/docs/getting-started/create-and-poll.mdx',
          text: `# Create and poll\n\n${box('session-lifetime')}\n`,
        },
        {
          file: 'website/docs/hotels/overview.mdx',
          text: 'See [how long](../getting-started/create-and-poll.mdx#session-lifetime).',
        },
        {
          file: 'website/blog/2026-01-01-post/index.mdx',
          text: 'See [it](../../docs/getting-started/create-and-poll.mdx#session-lifetime) and [the flow](/docs/getting-started/create-and-poll#the-flow).',
        },
        {file: 'website/docs/faqs.mdx', text: 'See [it](/docs/getting-started/create-and-poll#session-lifetime).'},
        {file: 'website/docs/other.mdx', text: 'An [unrelated](./getting-started/create-and-poll.mdx) link.'},
      ],
      [
        {
          file: 'specs/hotels-live/openapi.yaml',
          text: 'paths:\n  /poll:\n    post:\n      description: >-\n        Poll it ([not confirmed](/docs/getting-started/create-and-poll#session-lifetime)).\n',
        },
        {
          file: 'specs/common/responses.yaml',
          text: 'NotFound:\n  description: See [404](/docs/getting-started/errors#404).\n',
        },
      ],
    );
    expect(list).toEqual([
      {
        id: 'session-lifetime',
        page: '/docs/getting-started/create-and-poll',
        file: 'website/docs/getting-started/create-and-poll.mdx',
        statement: 'Sessions last a while. Create a new search on a `404`.',
        because: 'The service does not say.',
        linkedFrom: [
          'website/docs/hotels/overview.mdx',
          'website/blog/2026-01-01-post/index.mdx',
          'website/docs/faqs.mdx',
          'specs/hotels-live/openapi.yaml (paths./poll.post.description)',
        ],
      },
    ]);
    const markdown = notConfirmedMarkdown(list);
    expect(markdown).toContain('## `session-lifetime`');
    expect(markdown).toContain('- **Why it is not confirmed:** The service does not say.');
    expect(markdown).toContain('`specs/hotels-live/openapi.yaml (paths./poll.post.description)`');
  });

  it('refuses a box without an anchor or a reason, an anchor used twice, and a box in a post', () => {
    const page = (file: string, text: string) => ({file, text});
    expect(() =>
      notConfirmedList([page('website/docs/a.mdx', '<Assumption because="Why.">It is.</Assumption>')], []),
    ).toThrow(/a\.mdx:1: give the box an id/);
    expect(() => notConfirmedList([page('website/docs/a.mdx', '<Assumption id="it">It is.</Assumption>')], [])).toThrow(
      /a\.mdx:1: give the box a because/,
    );
    expect(() => notConfirmedList([page('website/docs/a.mdx', box('It Is'))], [])).toThrow(/not It Is/);
    expect(() =>
      notConfirmedList([page('website/docs/a.mdx', box('same')), page('website/docs/b.mdx', box('same'))], []),
    ).toThrow(/b\.mdx:1: the id same is already used/);
    expect(() => notConfirmedList([page('website/blog/2026-01-01-post/index.mdx', box('news'))], [])).toThrow(
      /a box belongs in a guide/,
    );
    expect(notConfirmedList([page('website/docs/a.mdx', box('fine'))], [])).toHaveLength(1);
  });
});
