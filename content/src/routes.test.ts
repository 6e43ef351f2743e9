/** `guideRoute` and `readFrontMatter` (./routes.ts): a guide's id and path as the docs plugin gives them. */
import {describe, expect, it} from 'vitest';
import {guideRoute, isPartial, readFrontMatter} from './routes';

describe('guideRoute', () => {
  it('puts a guide at its folder and file name, under the route base path', () => {
    expect(guideRoute('getting-started/authentication.mdx', {})).toEqual({
      id: 'getting-started/authentication',
      path: '/docs/getting-started/authentication',
    });
    expect(guideRoute('faqs.md', {}, 'docs')).toEqual({id: 'faqs', path: '/docs/faqs'});
  });

  it('follows the front matter: an absolute slug from the docs root, a relative one from the folder, an id', () => {
    expect(guideRoute('intro.mdx', {slug: '/start'})).toEqual({id: 'intro', path: '/docs/start'});
    expect(guideRoute('a/b.mdx', {slug: 'c'})).toEqual({id: 'a/b', path: '/docs/a/c'});
    expect(guideRoute('a/b.mdx', {slug: '../c'})).toEqual({id: 'a/b', path: '/docs/c'});
    expect(guideRoute('a/b.mdx', {id: 'other'})).toEqual({id: 'a/other', path: '/docs/a/other'});
  });

  it("puts an index page (index, README or the folder's name) at its folder, with a trailing slash", () => {
    expect(guideRoute('a/index.mdx', {}).path).toBe('/docs/a/');
    expect(guideRoute('a/README.md', {}).path).toBe('/docs/a/');
    expect(guideRoute('a/a.mdx', {}).path).toBe('/docs/a/');
    expect(guideRoute('index.mdx', {}).path).toBe('/docs/');
  });

  it('drops number prefixes from the path, and keeps the folders as written in the id', () => {
    expect(guideRoute('01-start/02-keys.mdx', {})).toEqual({id: '01-start/keys', path: '/docs/start/keys'});
  });
});

describe('readFrontMatter and isPartial', () => {
  it('reads the YAML between the opening dashes, and none when there is none', () => {
    expect(readFrontMatter('---\ntitle: A\nsidebar_position: 2\n---\n\nText', 'a.mdx')).toEqual({
      title: 'A',
      sidebar_position: 2,
    });
    expect(readFrontMatter('# A\n', 'a.mdx')).toEqual({});
  });

  it('names the file whose front matter is not YAML', () => {
    expect(() => readFrontMatter('---\ntitle: [a\n---\n', 'docs/a.mdx')).toThrow(
      'docs/a.mdx: its front matter is not YAML',
    );
  });

  it('knows partials by a leading underscore in any part of the path', () => {
    expect(isPartial('_part.mdx')).toBe(true);
    expect(isPartial('a/_parts/b.mdx')).toBe(true);
    expect(isPartial('a/b_c.mdx')).toBe(false);
  });
});
