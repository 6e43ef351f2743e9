/** `llmsTxt` and `llmsFullTxt` (./llmsTxt.ts): the golden index files; and `markdownPath`. */
import {describe, expect, it} from 'vitest';
import {llmsFullTxt, llmsTxt, type LlmsPage} from './llmsTxt';
import {markdownPath} from '@portal/content/markdownPath';

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

describe('markdownPath', () => {
  it.each([
    ['/docs/intro', '/docs/intro.md'],
    ['/api/geo/', '/api/geo.md'],
    ['/', '/index.md'],
    ['/docs/x#part', '/docs/x.md'],
  ])('%s → %s', (page, expected) => expect(markdownPath(page)).toBe(expected));
});
