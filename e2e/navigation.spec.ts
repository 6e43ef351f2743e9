import {apis, referencePath} from '@portal/website/config/apis';
import {affiliatesUrl} from '@portal/website/config/site';
import {seedApiCount, seedApis} from '@portal/test-utils/seed';
import {test, expect, hydrated} from './fixtures';

test.describe('navbar', () => {
  test('has Docs, the API reference menu, Blog, the colour-mode switch and the search box', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute('href', '/docs/intro');
    await expect(navbar.getByRole('link', {name: 'Blog', exact: true})).toHaveAttribute('href', '/blog');
    await expect(navbar.getByRole('button', {name: /Switch between dark and light mode/})).toBeVisible();
    await expect(navbar.getByRole('textbox', {name: 'Search'})).toBeVisible();

    await navbar.getByRole('button', {name: 'API reference'}).hover();
    const menu = navbar.locator('.dropdown__menu');
    await expect(menu).toBeVisible();
    const expected = [...apis.map((api) => api.title), 'All APIs'];
    expect(expected).toHaveLength(14);
    await expect(menu.locator('a')).toHaveText(expected);
    for (const api of apis) {
      await expect(menu.getByRole('link', {name: api.title})).toHaveAttribute('href', referencePath(api));
    }
  });

  test('Docs opens the intro page', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    await page.locator('nav.navbar').getByRole('link', {name: 'Docs', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/intro$/);
    await expect(page.locator('h1')).toHaveText('Introduction');
  });

  test('shows the whole site name on a 390 px phone', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/intro');
    await hydrated(page);
    const title = page.locator('nav.navbar .navbar__inner .navbar__title');
    await expect(title).toHaveText('API Developer Documentation');
    await expect(title).toBeInViewport({ratio: 1});
    // Not truncated: no text overflows the element (no ellipsis, no clipped end)...
    const {scrollWidth, clientWidth} = await title.evaluate((node) => ({
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // ...and nothing covers it: at both ends of every line of the name, the topmost element is the name
    // (the search box sits over the right end of the navbar on phones).
    const covered = await title.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const problems: string[] = [];
      for (const line of Array.from(range.getClientRects())) {
        const y = line.top + line.height / 2;
        for (const x of [line.left + 1, line.right - 1]) {
          const top = document.elementFromPoint(x, y);
          if (x < 0 || x > window.innerWidth) problems.push(`x=${x} is outside the viewport`);
          else if (!top || !node.contains(top)) problems.push(`at (${x}, ${y}): ${top?.outerHTML.slice(0, 80)}`);
        }
      }
      return problems;
    });
    expect(covered).toEqual([]);
  });

  test('hides on scroll down and comes back on scroll up', async ({page}) => {
    await page.goto('/docs/getting-started/create-and-poll');
    await hydrated(page);
    const navbar = page.locator('nav.navbar');
    await page.mouse.move(600, 400);
    const scrollY = () => page.evaluate(() => window.scrollY);
    // Scroll as a reader does, in steps, each one landing before the next: the navbar hides once the
    // page has moved down past it.
    for (let step = 0; step < 4; step += 1) {
      const before = await scrollY();
      await page.mouse.wheel(0, 300);
      await expect.poll(scrollY).toBeGreaterThan(before);
    }
    await expect(navbar).toHaveClass(/navbarHidden/);
    const bottom = await scrollY();
    await page.mouse.wheel(0, -300);
    await expect.poll(scrollY).toBeLessThan(bottom);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });
});

test.describe('docs sidebar and table of contents', () => {
  test('one sidebar holds every guide page; it cannot be hidden and categories do not auto-collapse', async ({
    page,
  }) => {
    await page.goto('/docs/intro');
    await hydrated(page);
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
    for (const label of ['Introduction', 'Getting started', 'Affiliates link API', 'FAQs', 'Change log']) {
      await expect(sidebar.getByRole('link', {name: label, exact: true}).first()).toBeVisible();
    }
    // Opening a second category leaves the first one open.
    await expect(sidebar.getByRole('link', {name: 'Authentication', exact: true})).toBeVisible();
    await sidebar.getByRole('button', {name: /Expand sidebar category 'Affiliates link API'/}).click();
    await expect(sidebar.getByRole('link', {name: 'Overview', exact: true})).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Authentication', exact: true})).toBeVisible();
  });

  test('the table of contents lists h2 and h3 headings only', async ({page}) => {
    // A guide with h2, h3 and h4 headings (the h4 under "Place queries").
    await page.goto('/docs/flights-live-prices/query-object');
    await hydrated(page);
    const toc = page.locator('.theme-doc-toc-desktop');
    const ids = (levels: string) =>
      page
        .locator('article .markdown')
        .locator(levels)
        .evaluateAll((nodes) => nodes.map((node) => node.id).filter(Boolean));
    const listed = await ids('h2, h3');
    expect(await page.locator('article .markdown h2').count()).toBeGreaterThan(2);
    expect(await page.locator('article .markdown h3').count()).toBeGreaterThan(2);
    const links = await toc.locator('a').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    expect(links).toEqual(listed.map((id) => `#${id}`));
    const deeper = await ids('h4, h5, h6');
    expect(deeper).toEqual(['cities-and-airports', 'codes-that-are-not-unique']);
    for (const id of deeper) expect(links).not.toContain(`#${id}`);
  });
});

test.describe('footer', () => {
  test("links to get started, FAQs, change log, every API's guides and the affiliates page", async ({page}) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', {name: 'Get started'})).toHaveAttribute('href', '/docs/intro');
    await expect(footer.getByRole('link', {name: 'FAQs'})).toHaveAttribute('href', '/docs/faqs');
    await expect(footer.getByRole('link', {name: 'Change log'})).toHaveAttribute('href', '/docs/change-log');
    const affiliates = footer.getByRole('link', {name: /Affiliates programme/});
    await expect(affiliates).toHaveAttribute('href', affiliatesUrl);
    await expect(affiliates).toHaveAttribute('target', '_blank');
    const categories = await footer
      .locator('a[href^="/docs/category/"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    // The product's footer links, written out: ten APIs' guide categories and the referral links guide
    for (const slug of [
      'flights-live-prices-api',
      'culture-api',
      'flights-indicative-prices-api',
      'car-hire-live-prices-api',
      'car-hire-indicative-prices-api',
      'car-hire-agents-api',
      'hotels-live-prices-api',
      'hotels-indicative-prices-api',
      'hotels-content-api',
      'hotels-reviews-api',
      'affiliates-link-api',
    ]) {
      expect(categories).toContain(`/docs/category/${slug}`);
    }
    // And the guides of every one of the thirteen APIs (test-utils/seed.ts), once each, by their titles
    expect(seedApis).toHaveLength(seedApiCount);
    expect([...categories].sort()).toEqual(
      [...seedApis.map((api) => api.guideCategory), 'affiliates-link-api']
        .map((slug) => `/docs/category/${slug}`)
        .sort(),
    );
    for (const api of apis) {
      await expect(footer.getByRole('link', {name: api.title, exact: true})).toHaveAttribute(
        'href',
        `/docs/category/${api.guideCategory}`,
      );
    }
  });

  test('every footer link inside the site opens a page', async ({page, request}) => {
    await page.goto('/');
    const hrefs = await page
      .locator('footer a[href^="/"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
    // Get started, FAQs, change log, 13 APIs' category pages, the referral links guide, the blog.
    expect(hrefs).toHaveLength(18);
    for (const href of hrefs) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
  });
});
