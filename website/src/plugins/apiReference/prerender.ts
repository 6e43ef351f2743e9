/**
 * Redoc's full reference as HTML and CSS at build time, so a reference page is readable (in either
 * colour mode, with or without JavaScript) from its first paint, and Redoc's script runs only when a
 * reader interacts with it (theme/ApiReference hydrates this markup then).
 *
 * Redoc renders on the server with styled-components; its class names depend on the colours, so the
 * reference is rendered once per colour mode with the same options the browser uses
 * (theme/ApiReference/redocTheme.ts). The two renders differ only in class names: each element gets
 * both modes' classes, and each mode's rules apply under that mode's `data-theme` (`:where()`, so no
 * rule gains specificity and Redoc's own cascade is unchanged). A page without `data-theme` (no
 * JavaScript) reads in light mode.
 */
import {renderToString} from 'react-dom/server';
import {ServerStyleSheet} from 'styled-components';
import postcss, {type Rule} from 'postcss';
import {AppStore, Redoc} from 'redoc';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundle} from '@portal/specs/node';
import {referenceApis, referencePath, specUrl} from '../../../config/apis';
import {navbarHeight, paletteFromStylesheet, redocOptions, type ColorMode} from './theme/ApiReference/redocTheme';
import {redocElement, withTryItControls} from './theme/ApiReference/redocRoot';
import {withSubHeadingLevels} from './theme/ApiReference/headingLevels';

export interface PrerenderedReference {
  html: string;
  css: string;
}

function renderOnce(doc: OpenApiDocument, specUrl: string, mode: ColorMode, stylesheet: string) {
  const light = paletteFromStylesheet(stylesheet, 'light');
  const dark = paletteFromStylesheet(stylesheet, 'dark');
  // Redoc annotates the document it is given: each render gets its own copy (withTryItControls copies),
  // with each operation's Try it button, as in the browser.
  const store = new AppStore(
    withTryItControls(doc) as never,
    specUrl,
    redocOptions(mode === 'dark' ? dark : light, dark, light, navbarHeight),
  );
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(redocElement(Redoc, store, () => undefined, mode)));
    return {html, css: sheet.instance.toString()};
  } finally {
    sheet.seal();
    store.dispose();
  }
}

const classAttribute = /class="([^"]*)"/g;

/** The light render's markup with each element carrying the dark render's classes as well. */
function mergeClasses(light: string, dark: string): string {
  const lightParts = light.split(classAttribute);
  const darkParts = dark.split(classAttribute);
  if (lightParts.length !== darkParts.length) throw new Error('Redoc rendered different markup in light and dark mode');
  return lightParts
    .map((part, index) => {
      if (index % 2 === 0) {
        if (part !== darkParts[index]) throw new Error('Redoc rendered different markup in light and dark mode');
        return part;
      }
      const classes = new Set([...part.split(' '), ...darkParts[index].split(' ')].filter(Boolean));
      return `class="${[...classes].join(' ')}"`;
    })
    .join('');
}

const inKeyframes = (rule: Rule): boolean =>
  rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as {name: string}).name);

/** Each mode's rules under that mode; the rules both renders share, as they are. */
function mergeStyles(light: string, dark: string): string {
  const darkRules = new Set<string>();
  postcss.parse(dark).walkRules((rule) => void darkRules.add(rule.toString()));
  const lightRules = new Set<string>();
  const lightRoot = postcss.parse(light);
  // styled-components' markers for its own rehydration: the browser's styled-components injects its
  // rules afresh when Redoc hydrates, so these would only mislead it.
  const isMarker = (rule: Rule) => rule.selector.startsWith('data-styled.');
  lightRoot.walkRules((rule) => {
    if (isMarker(rule)) {
      rule.remove();
      return;
    }
    lightRules.add(rule.toString());
    if (inKeyframes(rule) || darkRules.has(rule.toString())) return;
    rule.selectors = rule.selectors.map((selector) => `:where(:root:not([data-theme='dark'])) ${selector}`);
  });
  const darkRoot = postcss.parse(dark);
  darkRoot.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    if (isMarker(rule) || lightRules.has(rule.toString())) {
      rule.remove();
      return;
    }
    rule.selectors = rule.selectors.map((selector) => `:where([data-theme='dark']) ${selector}`);
  });
  darkRoot.walkAtRules((atRule) => {
    if (!atRule.nodes?.length) atRule.remove();
  });
  return `${lightRoot.toString()}\n${darkRoot.toString()}`.replace(/\/\*!sc\*\/\n?/g, '');
}

/**
 * The reference of `doc` as Redoc renders it in the browser, for both colour modes. `stylesheet` is
 * the site's CSS holding the `--site-*` colour tokens (src/css/custom.css).
 */
export function prerenderReference(doc: OpenApiDocument, specUrl: string, stylesheet: string): PrerenderedReference {
  const light = renderOnce(doc, specUrl, 'light', stylesheet);
  const dark = renderOnce(doc, specUrl, 'dark', stylesheet);
  // Redoc's sub-headings at the level they stand for, as the browser's scan sets them after hydration.
  return {html: withSubHeadingLevels(mergeClasses(light.html, dark.html)), css: mergeStyles(light.css, dark.css)};
}

/**
 * The page's HTML with Redoc's prerendered reference in place of the outline Docusaurus rendered in
 * the reference slot, and its styles in the head. The built HTML is minified (attribute quotes may be
 * gone). Fails when the page does not have exactly one outline in its slot.
 */
export function withPrerenderedReference(page: string, slug: string, html: string, css: string): string {
  const slot = page.search(new RegExp(`data-reference-slot="?${slug}"?[\\s>]`));
  const marker = page.indexOf('data-reference-outline', slot);
  const start = page.lastIndexOf('<article', marker);
  const end = page.indexOf('</article>', marker);
  if (slot < 0 || marker < 0 || start < slot || end < 0 || page.indexOf('data-reference-outline', marker + 1) >= 0) {
    throw new Error(`/api/${slug}/: the page has no single reference outline in its slot to replace`);
  }
  const head = page.indexOf('</head>');
  return (
    page.slice(0, head) +
    `<style data-reference-styles>${css}</style>` +
    page.slice(head, start) +
    html +
    page.slice(end + '</article>'.length)
  );
}

/**
 * `node --import tsx prerender.ts <outDir> <baseUrl> <siteDir>` (the plugin's postBuild): every
 * reference page of the build gets its prerendered reference.
 */
async function main([outDir, baseUrl, siteDir]: string[]): Promise<void> {
  const stylesheet = await readFile(path.join(siteDir, 'src', 'css', 'custom.css'), 'utf8');
  for (const api of referenceApis) {
    const file = path.join(outDir, ...referencePath(api).split('/').filter(Boolean), 'index.html');
    const {html, css} = prerenderReference(
      loadBundle(api.slug),
      `${baseUrl.replace(/\/$/, '')}${specUrl(api)}`,
      stylesheet,
    );
    await writeFile(file, withPrerenderedReference(await readFile(file, 'utf8'), api.slug, html, css));
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
