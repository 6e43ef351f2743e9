/**
 * The build-time reference (prerender.ts) on the small fixture spec (specs/lib/fixtures/mini.openapi.json)
 * with the site's own colour tokens (src/css/custom.css).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import mini from '@portal/specs/lib/fixtures/mini.openapi.json';
import {prerenderReference, withPrerenderedReference} from './prerender';
import {paletteFromStylesheet} from './theme/ApiReference/redocTheme';

const stylesheet = readFileSync(path.join(__dirname, '..', '..', 'css', 'custom.css'), 'utf8');
const doc = mini as unknown as OpenApiDocument;

describe('prerenderReference', () => {
  const {html, css} = prerenderReference(doc, '/openapi/mini.json', stylesheet);

  it("renders Redoc's whole reference: the title and a section under Redoc's anchor for every operation", () => {
    expect(html).toMatch(/^<div class="[^"]*redoc-wrap/);
    expect(html).toContain(doc.info.title);
    for (const [, item] of Object.entries(doc.paths ?? {})) {
      for (const operation of Object.values(item as Record<string, {operationId?: string}>)) {
        if (operation.operationId) expect(html).toContain(`operation/${operation.operationId}"`);
      }
    }
  });

  it("puts one Try it button in each operation's section, after its heading, as the browser's Redoc does", () => {
    const found = Object.values(doc.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, {operationId?: string; summary?: string}>).flatMap((operation) =>
        operation.operationId ? [operation] : [],
      ),
    );
    const operationIds = found.map((operation) => operation.operationId);
    expect(operationIds.length).toBeGreaterThan(0);
    // Named with the operation's summary, as its heading says it (the fixture's first: "Get a trip"); by
    // its operationId when it has none
    expect(found[0].summary).toBe('Get a trip');
    expect(found.some((operation) => !operation.summary)).toBe(true);
    for (const {operationId, summary} of found) {
      const button = `<div data-tryit="${operationId}"><button type="button" class="button button--primary button--sm" aria-label="Try it: ${summary ?? operationId}">Try it</button></div>`;
      expect(html.split(button)).toHaveLength(2);
      // The heading closest before the button is the operation's own.
      const anchor = html.indexOf(`operation/${operationId}"`);
      expect(anchor).toBeGreaterThan(0);
      expect(html.lastIndexOf('</h2>', html.indexOf(button))).toBeGreaterThan(anchor);
      expect(html.lastIndexOf('<h2', html.indexOf(button))).toBeGreaterThan(anchor);
    }
    expect(html.split('data-tryit="').length - 1).toBe(operationIds.length);
  });

  it("keeps the outline's heading levels in order: Redoc's h5 sub-headings at the level below their heading", () => {
    const headings = [...html.matchAll(/<h([1-6])([^>]*)>/g)].map(([, tag, attributes]) =>
      Number(/aria-level="(\d)"/.exec(attributes)?.[1] ?? tag),
    );
    // Operations (h2) with sub-headings (h5: parameters, request body, response schema) under them.
    expect(html).toMatch(/<h5 aria-level="3"/);
    expect(headings.slice(1).every((level, index) => level <= headings[index] + 1)).toBe(true);
    expect(headings[0]).toBe(1);
  });

  it("colours Redoc's sub-headings with the site's secondary text colour, in each mode", () => {
    for (const mode of ['light', 'dark'] as const) {
      const {secondary} = paletteFromStylesheet(stylesheet, mode);
      expect(css).toMatch(new RegExp(`color: ?${secondary};? ?border-bottom-color`));
    }
  });

  it("gives every element both modes' classes, each mode's rules under that mode only", () => {
    expect(css).toContain(":where([data-theme='dark']) .");
    expect(css).toContain(":where(:root:not([data-theme='dark'])) .");
    // A class styled for dark mode is on the same elements as the light one it stands for.
    const darkClass = /:where\(\[data-theme='dark'\]\) \.([\w-]+)/.exec(css)![1];
    expect(html).toMatch(new RegExp(`class="[^"]*\\b${darkClass}\\b[^"]*"`));
    // styled-components' own rehydration markers are left out: the browser's Redoc injects its styles afresh.
    expect(css).not.toContain('data-styled');
  });
});

describe('withPrerenderedReference', () => {
  const page = (slot: string) =>
    `<html><head><title>x</title></head><body><main><div data-reference-slot=mini data-state=static>${slot}</div></main></body></html>`;

  it("replaces the slot's outline with the reference and puts its styles in the head", () => {
    const out = withPrerenderedReference(
      page('<article class=outline data-reference-outline=true><h1>Mini</h1><p>outline</article>'),
      'mini',
      '<div class="redoc-wrap">reference</div>',
      '.a{color:red}',
    );
    expect(out).toBe(
      '<html><head><title>x</title><style data-reference-styles>.a{color:red}</style></head><body><main>' +
        '<div data-reference-slot=mini data-state=static><div class="redoc-wrap">reference</div></div></main></body></html>',
    );
  });

  it('fails the build when the page has no outline to replace, or more than one', () => {
    expect(() => withPrerenderedReference(page(''), 'mini', '<div/>', '')).toThrow(
      '/api/mini/: the page has no single reference outline in its slot to replace',
    );
    const twice = '<article data-reference-outline=true></article>'.repeat(2);
    expect(() => withPrerenderedReference(page(twice), 'mini', '<div/>', '')).toThrow('no single reference outline');
  });
});

describe('paletteFromStylesheet', () => {
  it("reads each mode's tokens, a token the dark mode does not redefine from :root", () => {
    const css =
      ":root, [data-theme='light'] {--site-text: #111; --site-link: #00f;} [data-theme='dark'] {--site-text: #eee;}";
    expect(() => paletteFromStylesheet(css, 'dark')).toThrow('is not defined in src/css/custom.css');
    const light = paletteFromStylesheet(stylesheet, 'light');
    const dark = paletteFromStylesheet(stylesheet, 'dark');
    expect(dark.text).not.toBe(light.text);
    expect(dark.methodOther).toBe(light.methodOther);
  });
});
