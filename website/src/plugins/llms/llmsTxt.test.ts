import {describe, expect, it} from 'vitest';
import {llmsFullTxt, llmsTxt, type LlmsPage} from './llmsTxt';
import {markdownPath} from '@portal/content/markdownPath';
import {guidePages, type LoadedDocs} from './index';

const site = {title: 'Docs', tagline: 'Build on trips', url: 'https://dev.example.com'};
const pages: LlmsPage[] = [
  {
    title: 'Authentication',
    path: '/docs/getting-started/authentication',
    markdownPath: '/docs/getting-started/authentication.md',
    description: 'Send the key.',
    section: 'Getting started',
    markdown: '# Authentication\n\nSend the key.\n',
  },
  {
    title: 'Getting started',
    path: '/docs/category/getting-started',
    markdownPath: '/docs/category/getting-started.md',
    description: 'Keys and conventions.',
    section: 'Getting started',
    markdown:
      '# Getting started\n\n> Keys and conventions.\n\n- [Authentication](/docs/getting-started/authentication.md): Send the key.\n',
  },
  {
    title: 'Geo v1 API reference',
    path: '/api/geo/',
    markdownPath: '/api/geo.md',
    section: 'API reference',
    markdown: '# Geo v1\n',
  },
  {title: 'Blog', path: '/blog', section: 'Other pages'},
];

describe('llmsTxt', () => {
  it('writes the head, the instructions whose guide exists, and every page under its section (written by hand)', () => {
    expect(llmsTxt(site, pages)).toBe(
      [
        '# Docs',
        '',
        "> Build on trips. Guides, an API reference for every partner REST API, and a blog for developers who integrate the provider's travel data.",
        '',
        "Every guide, guide category, post and API reference page has a markdown version at its URL plus `.md` (listed below). `https://dev.example.com/llms-full.txt` holds all of them in one file. Each API's OpenAPI 3.1 specification is at `https://dev.example.com/openapi/<slug>.json`.",
        '',
        '## Instructions for agents',
        '',
        '- Keep the API key on the server: send it in the `x-api-key` header from backend code, never from a browser or a mobile app, and never in a URL. The APIs send no CORS headers on purpose. See https://dev.example.com/docs/getting-started/authentication.md',
        '',
        '## Getting started',
        '',
        '- [Authentication](https://dev.example.com/docs/getting-started/authentication.md): Send the key.',
        '- [Getting started](https://dev.example.com/docs/category/getting-started.md): Keys and conventions.',
        '',
        '## API reference',
        '',
        '- [Geo v1 API reference](https://dev.example.com/api/geo.md)',
        '',
        '## Other pages',
        '',
        '- [Blog](https://dev.example.com/blog)',
        '',
      ].join('\n'),
    );
  });

  it('appends every page that has markdown to llms-full.txt, after its URL', () => {
    const full = llmsFullTxt(site, pages);
    expect(full.startsWith(llmsTxt(site, pages).trimEnd())).toBe(true);
    expect(
      full.endsWith(
        '---\n\nSource: https://dev.example.com/docs/getting-started/authentication\n\n# Authentication\n\nSend the key.\n\n' +
          '---\n\nSource: https://dev.example.com/docs/category/getting-started\n\n# Getting started\n\n> Keys and conventions.\n\n- [Authentication](/docs/getting-started/authentication.md): Send the key.\n\n' +
          '---\n\nSource: https://dev.example.com/api/geo/\n\n# Geo v1\n',
      ),
    ).toBe(true);
  });
});

/** A docs plugin's loaded content: what `guidePages` reads. */
const doc = (id: string, title: string, frontMatter: Record<string, unknown> = {}, description?: string) => ({
  id,
  title,
  permalink: `/docs/${id}`,
  description: description ?? '',
  source: `@site/docs/${id}.mdx`,
  frontMatter,
});
const loaded: LoadedDocs = {
  loadedVersions: [
    {
      docs: [
        doc('intro', 'Introduction'),
        doc('getting-started/authentication', 'Authentication', {}, 'Send the key.'),
        doc('getting-started/errors', 'Errors and what to do', {sidebar_label: 'Errors'}, 'Every status.'),
        doc('getting-started/extra', 'Extra'),
      ],
      sidebars: {
        docs: [
          {type: 'doc', id: 'intro'},
          {
            type: 'category',
            label: 'Getting started',
            link: {
              type: 'generated-index',
              permalink: '/docs/category/getting-started',
              description: 'Keys and conventions.',
            },
            items: [
              {type: 'doc', id: 'getting-started/errors'},
              {type: 'doc', id: 'getting-started/authentication', label: 'Auth'},
              {type: 'link', label: 'Status page', href: 'https://status.example.com'},
            ],
          },
        ],
      },
    },
  ],
};

describe('guidePages', () => {
  const pages = guidePages(loaded, '/site');

  it("gives a generated category page its markdown: title, description and its cards in the sidebar's order", () => {
    const category = pages.find((page) => page.path === '/docs/category/getting-started');
    expect(category).toMatchObject({
      title: 'Getting started',
      markdownPath: '/docs/category/getting-started.md',
      section: 'Getting started',
      description: 'Keys and conventions.',
    });
    expect(category?.source).toBeUndefined();
    expect(category?.markdown).toBe(
      [
        '# Getting started',
        '',
        '> Keys and conventions.',
        '',
        '- [Errors](/docs/getting-started/errors.md): Every status.',
        '- [Auth](/docs/getting-started/authentication.md): Send the key.',
        '- [Status page](https://status.example.com)',
        '',
      ].join('\n'),
    );
  });

  it('lists every guide with its source, the ones outside the sidebar too, and no card for them on the category page', () => {
    expect(pages.map((page) => [page.path, page.section, page.source])).toEqual([
      ['/docs/intro', 'Guides', '/site/docs/intro.mdx'],
      ['/docs/category/getting-started', 'Getting started', undefined],
      ['/docs/getting-started/errors', 'Getting started', '/site/docs/getting-started/errors.mdx'],
      ['/docs/getting-started/authentication', 'Getting started', '/site/docs/getting-started/authentication.mdx'],
      ['/docs/getting-started/extra', 'Guides', '/site/docs/getting-started/extra.mdx'],
    ]);
    expect(pages[1].markdown).not.toContain('extra');
  });
});

describe('markdownPath', () => {
  it.each([
    ['/docs/intro', '/docs/intro.md'],
    ['/api/geo/', '/api/geo.md'],
    ['/', '/index.md'],
    ['/docs/x#part', '/docs/x.md'],
  ])('%s → %s', (page, expected) => expect(markdownPath(page)).toBe(expected));
});
