/**
 * How the site's pages look, against the production build: the announcement bar (dismissal, its colours
 * in both modes), long inline code paths wrapping at their slashes on a phone, the colour mode and its
 * switch, and code blocks and language tabs through hydration (highlighting, the theme's colours from the
 * first paint, the language chosen kept). How the site behaves while routes change and load is in
 * behaviour.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import {announcement} from '@portal/website/config/site';
import {prismDark, prismLight} from '@portal/website/config/prism';
import type {Locator} from '@playwright/test';
import {test, expect, hydrated, watchScripts} from './fixtures';

test.describe('announcement bar', () => {
  test('can be dismissed, stays dismissed, and returns when its id changes', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toContainText('New: the API Developer Documentation portal');
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(announcement.id);
    // A reader who dismissed an earlier announcement sees the current one.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-earlier-announcement'));
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  });
});

/** The relative luminance of a computed `rgb()`/`rgba()` colour (WCAG 2). */
function luminance(colour: string): number {
  const [r, g, b] = colour
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test.describe('announcement bar colours', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`follow the ${mode} mode, with AA contrast`, async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto('/');
      await hydrated(page);
      const bar = page.locator('.theme-announcement-bar');
      await expect(bar).toBeVisible();
      const colours = await bar.evaluate((element) => ({
        bar: getComputedStyle(element).backgroundColor,
        text: getComputedStyle(element).color,
      }));
      // The bar reads like the page around it: a dark bar in dark mode, a light one in light mode.
      if (mode === 'dark') {
        expect(luminance(colours.bar)).toBeLessThan(0.05);
        expect(luminance(colours.text)).toBeGreaterThan(0.6);
      } else {
        expect(luminance(colours.bar)).toBeGreaterThan(0.9);
        expect(luminance(colours.text)).toBeLessThan(0.05);
      }
      const results = await new AxeBuilder({page}).include('.theme-announcement-bar').analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
});

test.describe('inline code', () => {
  test('a long API path wraps only after its slashes on a phone, and the page does not scroll sideways', async ({
    page,
  }) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/getting-started/sandbox');
    await hydrated(page);
    const path = '/apiservices/v3/flights/live/search/create';
    const code = page.locator('article p code').filter({hasText: path}).first();
    // The reader copies the path as it is.
    await expect(code).toHaveText(path);
    // The text of each line the code is laid out on, from where each character is drawn.
    const lines = await code.evaluate((element) => {
      const found: {top: number; text: string}[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          const line = found.at(-1);
          if (line && Math.abs(line.top - top) < 4) line.text += text[index];
          else found.push({top, text: text[index]});
        }
      }
      return found.map((line) => line.text);
    });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(path);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/[a-z0-9]\/$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('colour mode', () => {
  test('is light by default, even when the operating system prefers dark', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the switch toggles dark and light and the choice is kept in localStorage', async ({page}) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await hydrated(page);
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});

test.describe('code blocks and language tabs', () => {
  const guide = '/docs/flights-live-prices/quick-start';
  /** A colour as the browser computes it ('#rrggbb' or 'rgb(...)' in the theme). */
  const computed = (colour: string | undefined): string => {
    if (!colour) throw new Error('the theme has no such colour');
    const hex = colour.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
    return hex
      ? `rgb(${hex
          .slice(1)
          .map((part) => parseInt(part, 16))
          .join(', ')})`
      : colour;
  };
  /** The computed colour of a Prism theme's token type. */
  const tokenColour = (theme: typeof prismDark, type: string): string =>
    computed(theme.styles.find((style) => style.types.includes(type))?.style.color);

  test('shell code is highlighted as bash: in the server-rendered page and once it is live', async ({page}) => {
    // The bash grammar is in the highlighter's own chunk (src/theme/CodeBlock/Content), not in main.js.
    const bash = page.locator('.theme-code-block.language-bash').first();
    await page.route('**/assets/js/**', (route) => route.abort());
    await page.goto(guide);
    await expect(bash.locator('.token.function', {hasText: /^curl$/}).first()).toBeVisible();
    await page.unroute('**/assets/js/**');
    await page.reload();
    await hydrated(page);
    await expect(bash.locator('.token.function', {hasText: /^curl$/}).first()).toBeVisible();
    await expect(bash.locator('.token.string').first()).toBeVisible();
  });

  /** The colour prism-react-renderer gives a token of several types: the last of them the theme colours. */
  const multiTypeColour = (theme: typeof prismDark, types: string[], language: string): string => {
    let colour: string | undefined;
    for (const type of types)
      for (const style of theme.styles)
        if (style.types.includes(type) && style.style.color && (!style.languages || style.languages.includes(language)))
          colour = style.style.color;
    return computed(colour);
  };

  test('keep the code highlighted without loading the highlighter, and highlight a tab chosen at once', async ({
    page,
  }) => {
    // The highlighter (prism-react-renderer, Prism and the bash grammar) loads only where a block is drawn
    // in the browser (src/theme/CodeBlock/Content): not for the server's blocks, which hydration keeps.
    const scripts = watchScripts(page, () => true);
    const hasGrammar = async () => (await scripts.texts(() => true)).some((text) => text.includes('shebang'));
    await page.goto(guide);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const bash = page.locator('.theme-code-block.language-bash').first();
    await expect(bash.locator('.token.function', {hasText: /^curl$/}).first()).toBeVisible();
    expect(await hasGrammar()).toBe(false);
    // The first thing the reader does: choose another language. Its panel is drawn highlighted.
    const tabs = page.locator('.tabs-container').first();
    await tabs.getByRole('tab', {name: 'JavaScript', exact: true}).click();
    const panel = tabs.getByRole('tabpanel').filter({hasText: 'quick-start.mjs'});
    await expect(panel.locator('.token.keyword').first()).toBeVisible();
    expect(await hasGrammar()).toBe(true);
  });

  test('highlight the code of a page reached by a link', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('link', {name: 'Get started', exact: true}).first().click();
    await expect(page).toHaveURL(/\/docs\/intro$/);
    const bash = page.locator('.theme-code-block.language-bash').first();
    await expect(bash.locator('.token.function', {hasText: /^curl$/}).first()).toBeVisible();
  });

  test("copy a block's code with the first click after load", async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(guide);
    await hydrated(page);
    const block = page.locator('.theme-code-block.language-bash').first();
    await block.hover();
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('curl');
    // The whole block as shown, line by line.
    const lines = await block.locator('.token-line').allTextContents();
    expect(copied).toBe(lines.map((line) => line.replace(/\n$/, '')).join('\n'));
  });

  test('wrap the lines of a block that scrolls sideways, on a phone, with the first click after load', async ({
    page,
  }) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto(guide);
    await hydrated(page);
    const block = page.locator('.theme-code-block.language-bash').first();
    const code = block.locator('pre code');
    await block.hover();
    await block.getByRole('button', {name: 'Toggle word wrap'}).click();
    await expect(code).toHaveCSS('white-space', 'pre-wrap');
    expect(await block.locator('pre').evaluate((pre) => pre.scrollWidth <= pre.clientWidth)).toBe(true);
    await block.getByRole('button', {name: 'Toggle word wrap'}).click();
    await expect(code).toHaveCSS('white-space', 'pre');
  });

  for (const [mode, theme] of [
    ['light', prismLight],
    ['dark', prismDark],
  ] as const) {
    test(`colour a token of several types with the ${mode} code theme once the page is live in ${mode} mode`, async ({
      page,
    }) => {
      await page.goto(guide);
      await page.evaluate((value) => localStorage.setItem('theme', value), mode);
      await page.reload();
      await hydrated(page);
      const token = page.locator('.theme-code-block.language-bash .token.parameter.variable').first();
      await expect(token).toHaveCSS('color', multiTypeColour(theme, ['parameter', 'variable'], 'bash'));
    });
  }

  test('recolour a token of several types when the mode is switched after load', async ({page}) => {
    await page.goto(guide);
    await hydrated(page);
    const token = page.locator('.theme-code-block.language-bash .token.parameter.variable').first();
    await expect(token).toHaveCSS('color', multiTypeColour(prismLight, ['parameter', 'variable'], 'bash'));
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(token).toHaveCSS('color', multiTypeColour(prismDark, ['parameter', 'variable'], 'bash'));
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(token).toHaveCSS('color', multiTypeColour(prismLight, ['parameter', 'variable'], 'bash'));
  });

  test('main.js, loaded by every page, holds no Prism grammar and no module names of the chunk registry', async ({
    page,
  }) => {
    const mainScript = page.waitForResponse((answer) => /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(answer.url()));
    await page.goto('/');
    const main = await (await mainScript).text();
    // The chunk registry is there (each chunk's loader and module id), without the module names
    // (`@site/docs/...`, `@generated/...`) that only the server reads. (Matches, not the 500 KB text,
    // are what a failure prints.)
    expect(main).toMatch(/require\.resolveWeak|\.e\("\d+"\)/);
    expect(main.match(/"@(site|generated)\/[^"]*"/g)).toBeNull();
    // Prism's bash grammar (its `shebang` token) and the theme's list of Prism languages are not in it.
    expect(main.match(/shebang|"shell-session"/g)).toBeNull();
  });

  test('keep the server-rendered code through hydration: no block is rendered again', async ({page}) => {
    await page.addInitScript(() => {
      const removed: string[] = [];
      Object.assign(window, {codeBlocksRemoved: removed});
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => Array.from(record.removedNodes))) {
          if (
            node instanceof Element &&
            (node.matches('.theme-code-block, .tabs-container') || node.querySelector('.theme-code-block'))
          )
            removed.push(node.className);
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await page.goto(guide);
    await hydrated(page);
    await expect(page.locator('.theme-code-block').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {codeBlocksRemoved: string[]}).codeBlocksRemoved)).toEqual(
      [],
    );
  });

  test('draw plain code as bare text and keep a blank line as high as a line of code, served and drawn live', async ({
    page,
  }) => {
    // src/theme/CodeBlock/Line: no span for plain text or empty tokens, a `<br>` only in a blank line.
    const expectFewElements = async (block: Locator) => {
      const lines = await block.locator('.token-line').evaluateAll((elements) =>
        elements.map((line) => ({
          text: line.textContent ?? '',
          height: line.getBoundingClientRect().height,
          breaks: line.querySelectorAll('br').length,
          bare: Array.from(line.childNodes).some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          ),
        })),
      );
      const blank = lines.findIndex(({text}) => text === '');
      expect(blank).toBeGreaterThan(0);
      expect(lines[blank]!.height).toBe(lines[blank - 1]!.height);
      expect(lines[blank]!.height).toBeGreaterThan(10);
      expect(lines.every(({text, breaks}) => breaks === (text === '' ? 1 : 0))).toBe(true);
      expect(lines.some(({bare}) => bare)).toBe(true);
      await expect(block.locator('.token.plain, .token:empty')).toHaveCount(0);
    };
    await page.goto(guide);
    await hydrated(page);
    // The first tab's shell script, as the server rendered it.
    const tabs = page.locator('.tabs-container').first();
    await expectFewElements(tabs.locator('.theme-code-block.language-bash'));
    await tabs.getByRole('tab', {name: 'JavaScript', exact: true}).click();
    const live = tabs.getByRole('tabpanel').filter({hasText: 'quick-start.mjs'});
    await expect(live.locator('.token.keyword').first()).toBeVisible();
    await expectFewElements(live.locator('.theme-code-block'));
  });

  test('offer word wrap on each block that scrolls sideways once it is in view, on a phone and after a resize', async ({
    page,
  }) => {
    // Blocks far below are drawn only near the screen (src/css/custom.css), and measured once in view
    // (src/plugins/dependencyPatches): every block of the longest guide, scrolled to in turn.
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/flights-indicative-prices/use-cases');
    await hydrated(page);
    const blocks = page.locator('.theme-code-block');
    const expectWrapWhereScrolling = async (): Promise<{scrolling: number; fitting: number}> => {
      const seen = {scrolling: 0, fitting: 0};
      for (const block of await blocks.all()) {
        await block.scrollIntoViewIfNeeded();
        // Until the browser draws the block (in view now), its lines are not laid out and it scrolls nothing
        await expect
          .poll(() => block.locator('pre code').evaluate((code) => code.checkVisibility({contentVisibilityAuto: true})))
          .toBe(true);
        const scrolls = await block.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);
        await expect(block.getByRole('button', {name: 'Toggle word wrap'})).toHaveCount(scrolls ? 1 : 0);
        seen[scrolls ? 'scrolling' : 'fitting'] += 1;
      }
      return seen;
    };
    const phone = await expectWrapWhereScrolling();
    expect(phone.scrolling).toBeGreaterThan(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({width: 1280, height: 900});
    const desktop = await expectWrapWhereScrolling();
    // Some blocks that scrolled on the phone fit the wider column: their button has gone.
    expect(desktop.fitting).toBeGreaterThan(phone.fitting);
    expect(desktop.scrolling).toBeGreaterThan(0);
  });

  test('keep each code block far below as tall before it is drawn as once drawn, so nothing moves', async ({page}) => {
    // Blocks far below are drawn only near the screen, and until then take the height of their lines
    // (src/css/custom.css, src/theme/CodeBlock/Content): drawing them as the reader nears them moves
    // nothing, so a reader sent to a heading stays on it and a click lands where it was aimed.
    for (const width of [390, 1280]) {
      await page.setViewportSize({width, height: 844});
      await page.goto('/docs/flights-indicative-prices/use-cases');
      await hydrated(page);
      const heights = await page.locator('.theme-code-block pre').evaluateAll((pres) => {
        const undrawn = pres.filter((pre) => pre.getBoundingClientRect().top > 3 * window.innerHeight);
        const before = undrawn.map((pre) => pre.getBoundingClientRect().height);
        for (const pre of undrawn) pre.style.contentVisibility = 'visible';
        return undrawn.map((pre, i) => ({before: before[i]!, drawn: pre.getBoundingClientRect().height}));
      });
      // Many blocks, of many sizes: one height for all would not pass.
      expect(heights.length).toBeGreaterThan(10);
      expect(new Set(heights.map(({drawn}) => Math.round(drawn / 10))).size).toBeGreaterThan(5);
      for (const {before, drawn} of heights) expect(Math.abs(before - drawn)).toBeLessThan(3);
    }
  });

  test('show the language chosen on an earlier visit once the page is live', async ({page}) => {
    await page.goto(guide);
    await page.evaluate(() => localStorage.setItem('docusaurus.tab.language', 'python'));
    await page.reload();
    await hydrated(page);
    const tabs = page.locator('.tabs-container').first();
    await expect(tabs.getByRole('tab', {name: 'Python', exact: true})).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tabpanel').filter({hasText: 'import requests'})).toBeVisible();
    await tabs.getByRole('tab', {name: 'JavaScript', exact: true}).click();
    await expect(tabs.getByRole('tab', {name: 'JavaScript', exact: true})).toHaveAttribute('aria-selected', 'true');
    // Tabs are lazy (src/theme/MDXComponents.tsx): the chosen panel's code is rendered when it is chosen
    await expect(tabs.getByRole('tabpanel').filter({hasText: 'quick-start.mjs'})).toBeVisible();
    await expect(tabs.getByRole('tabpanel').filter({hasText: 'import requests'})).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.language'))).toBe('javascript');
  });

  test("show the dark code theme's colours from the first paint, before the page is live", async ({page}) => {
    // No script but the theme's inline one runs: the page as a reader sees it before hydration
    // (the server renders the light code theme; src/plugins/codeColours gives the mode's colours).
    await page.route('**/assets/js/**', (route) => route.abort());
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(guide);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
    const json = page.locator('.theme-code-block.language-json').first();
    await expect(json.locator('pre')).toHaveCSS('background-color', computed(prismDark.plain.backgroundColor));
    await expect(json.locator('.token.punctuation').first()).toHaveCSS('color', tokenColour(prismDark, 'punctuation'));
    await expect(json.locator('.token.string').first()).toHaveCSS('color', tokenColour(prismDark, 'string'));
  });

  for (const [mode, theme] of [
    ['light', prismLight],
    ['dark', prismDark],
  ] as const) {
    test(`take the ${mode} code theme's colours once the page is live in ${mode} mode`, async ({page}) => {
      await page.goto(guide);
      await page.evaluate((value) => localStorage.setItem('theme', value), mode);
      await page.reload();
      await hydrated(page);
      const json = page.locator('.theme-code-block.language-json').first();
      await expect(json.locator('.token.punctuation').first()).toHaveCSS('color', tokenColour(theme, 'punctuation'));
      await expect(json.locator('.token.string').first()).toHaveCSS('color', tokenColour(theme, 'string'));
      // A key and its colon are bare text in the theme's plain colour: neither theme colours them
      // (src/theme/CodeBlock/Line/fewerTokens.ts)
      await expect(json.locator('.token.property, .token.operator')).toHaveCount(0);
      const keyLine = json.locator('.token-line').filter({hasText: /^\s*"\w+": /});
      await expect(keyLine.first()).toHaveCSS('color', computed(theme.plain.color));
      expect(await keyLine.first().evaluate((line) => line.firstChild?.nodeType === Node.TEXT_NODE)).toBe(true);
    });
  }
});
