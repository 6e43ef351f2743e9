import AxeBuilder from '@axe-core/playwright';
import {test, expect, hydrated} from './fixtures';

const pages = [
  {name: 'home page', path: '/'},
  {name: 'guide page', path: '/docs/getting-started/create-and-poll'},
  {name: 'category page', path: '/docs/category/getting-started'},
  {name: 'blog list', path: '/blog'},
  {name: 'not-found page', path: '/no/such/page'},
];

for (const mode of ['light', 'dark'] as const) {
  for (const target of pages) {
    test(`${target.name} has no serious or critical axe violations (${mode})`, async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto(target.path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({page}).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }

  test(`a blog post has no serious or critical axe violations (${mode})`, async ({page}) => {
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
    const results = await new AxeBuilder({page}).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
}
