import {test, expect, hydrated, axeViolations, checkedWidths} from './fixtures';

/**
 * A page of each of the site's page types (the reference pages are e2e/reference.spec.ts's). Each is
 * checked at each width of `checkedWidths`, in light and dark mode, once hydrated.
 */
const pages = [
  {name: 'home page', path: '/'},
  {name: 'guide page', path: '/docs/getting-started/create-and-poll'},
  {name: 'category page', path: '/docs/category/getting-started'},
  {name: 'blog list', path: '/blog'},
  {name: 'blog archive', path: '/blog/archive'},
  {name: 'blog tags page', path: '/blog/tags'},
  {name: 'blog authors page', path: '/blog/authors'},
  {name: 'markdown page', path: '/blog/README'},
  {name: 'search page', path: '/search?q=poll'},
  {name: 'not-found page', path: '/no/such/page'},
];

for (const mode of ['light', 'dark'] as const) {
  for (const {name: width, viewport} of checkedWidths) {
    test.describe(`at ${width} (${mode})`, () => {
      test.use({viewport});

      for (const target of pages) {
        test(`${target.name} has no serious or critical axe violations`, async ({page}) => {
          await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
          await page.goto(target.path);
          await hydrated(page);
          await page.waitForLoadState('networkidle');
          expect(await axeViolations(page)).toEqual([]);
        });
      }

      test('a blog post and a tag page have no serious or critical axe violations', async ({page}) => {
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
        await page.goto('/blog');
        await hydrated(page);
        const link = page.locator('article h2 a').first();
        const href = (await link.getAttribute('href')) ?? '';
        const title = (await link.textContent()) ?? '';
        await link.click();
        // Check the post, not the list it was opened from.
        await expect(page).toHaveURL((url) => url.pathname === href);
        await expect(page.locator('h1')).toHaveText(title);
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
        // The post's first tag leads to that tag's page.
        const tag = page.locator('article footer a[href^="/blog/tags/"]').first();
        const tagHref = (await tag.getAttribute('href')) ?? '';
        const tagLabel = ((await tag.textContent()) ?? '').trim();
        expect(tagLabel).not.toBe('');
        await tag.click();
        await expect(page).toHaveURL((url) => url.pathname === tagHref);
        await expect(page.locator('h1')).toContainText(tagLabel);
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
}

/**
 * The check itself (`axeViolations`), at the edges of WCAG 2.2's target size: the same two buttons side
 * by side fail at 23 px and pass at 24 px; text below AA contrast fails; heading levels count where
 * asked. A check that stopped running a rule is caught here rather than passing every page.
 */
test('the axe check refuses a 23 px target, low contrast and, where asked, a skipped heading level; accepts a 24 px target', async ({
  page,
}) => {
  const buttons = (size: number) =>
    `<!doctype html><html lang="en"><head><title>Targets</title></head><body><main><h1>Targets</h1>` +
    `<div style="display:flex">` +
    ['One', 'Two']
      .map(
        (label) =>
          `<button type="button" style="width:${size}px;height:${size}px;margin:0;padding:0;border:0;` +
          `font-size:8px;color:#000;background:#fff">${label}</button>`,
      )
      .join('') +
    `</div></main></body></html>`;
  await page.setContent(buttons(23));
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^target-size: /)]);
  await page.setContent(buttons(24));
  expect(await axeViolations(page)).toEqual([]);
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Grey</title></head><body><main><h1>Grey</h1>' +
      '<p style="color:#999;background:#fff">Grey on white, 2.8:1</p></main></body></html>',
  );
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^color-contrast: /)]);
  // A heading level skipped counts where the check is asked to hold headings in order (axe calls it
  // moderate), and the same heading made right by aria-level passes, as the reference pages' sub-headings do.
  const headings = (level: string) =>
    '<!doctype html><html lang="en"><head><title>Levels</title></head><body><main><h1>Levels</h1>' +
    `<h3${level}>A sub-heading</h3></main></body></html>`;
  await page.setContent(headings(''));
  expect(await axeViolations(page)).toEqual([]);
  expect(await axeViolations(page, {always: ['heading-order']})).toEqual([expect.stringMatching(/^heading-order: /)]);
  await page.setContent(headings(' aria-level="2"'));
  expect(await axeViolations(page, {always: ['heading-order']})).toEqual([]);
});
