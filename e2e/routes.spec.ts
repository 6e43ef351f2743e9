import {test, expect, hydrated, siteTitle} from './fixtures';

/** The site's top-level routes, each with what a reader sees there. */
const routes = [
  {path: '/', h1: siteTitle, title: `Travel APIs for partners | ${siteTitle}`},
  {path: '/docs/intro', h1: 'Introduction', title: `Introduction | ${siteTitle}`},
  {path: '/blog', h1: 'Blog', title: `Blog | ${siteTitle}`},
  {path: '/blog/archive', h1: 'Archive', title: `Archive | ${siteTitle}`},
  {path: '/blog/README', h1: 'About this blog', title: `About this blog | ${siteTitle}`},
  {path: '/search', h1: 'Search the documentation', title: `Search the documentation | ${siteTitle}`},
  {path: '/docs/category/getting-started', h1: 'Getting started', title: `Getting started | ${siteTitle}`},
  {path: '/docs/category/affiliates-link-api', h1: 'Affiliates link API', title: `Affiliates link API | ${siteTitle}`},
];

for (const route of routes) {
  test(`${route.path} renders its page without console errors`, async ({page, consoleErrors}) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page).toHaveTitle(route.title);
    if (route.h1) await expect(page.locator('h1').first()).toHaveText(route.h1);
    expect(consoleErrors).toEqual([]);
  });
}

test('/docs opens the intro page', async ({page}) => {
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs\/intro$/);
  await expect(page.locator('h1')).toHaveText('Introduction');
});

test('the blog list shows reading times and links to the archive', async ({page}) => {
  await page.goto('/blog');
  await expect(page.locator('h1')).toHaveText('Blog');
  const posts = page.locator('article');
  // The four posts of website/blog.
  await expect(posts).toHaveCount(4);
  for (const post of await posts.all()) {
    await expect(post).toContainText(/\d+ min read/);
  }
  await page.goto('/blog/archive');
  await expect(page.locator('h1')).toHaveText('Archive');
  expect(await page.locator('main a[href^="/blog/"]').count()).toBeGreaterThanOrEqual(4);
});

test('the blog publishes RSS and Atom feeds with every post', async ({request}) => {
  const rss = await (await request.get('/blog/rss.xml')).text();
  const atom = await (await request.get('/blog/atom.xml')).text();
  expect(rss).toContain('<rss');
  expect(atom).toContain('<feed');
  // The four posts of website/blog.
  expect(rss.match(/<item>/g)).toHaveLength(4);
  expect(atom.match(/<entry>/g)).toHaveLength(4);
});

test('a blog post shows its authors, tags and reading time', async ({page}) => {
  await page.goto('/blog');
  await hydrated(page);
  const link = page.locator('article h2 a').first();
  const href = (await link.getAttribute('href')) ?? '';
  const title = (await link.textContent()) ?? '';
  expect(href).toMatch(/^\/blog\/./);
  await link.click();
  // The list has one article per post: wait until the post's own page has replaced it.
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.locator('h1')).toHaveText(title);
  await expect(page.locator('article')).toHaveCount(1);
  await expect(page.locator('article header')).toContainText(/\d+ min read/);
  await expect(page.locator('article header .avatar__name').first()).not.toBeEmpty();
  expect(await page.locator('article footer a[href^="/blog/tags/"]').count()).toBeGreaterThan(0);
});

test('the social card of every page answers 200: a 1200 x 630 PNG', async ({page, request}) => {
  await page.goto('/docs/intro');
  const card = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(card).toMatch(/^https?:\/\/[^/]+\/img\/social-card\.png$/);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', card ?? '');
  // The build names the site's configured origin (SITE_URL; http://localhost:3000 in test builds):
  // ask the server under test for the same path.
  const response = await request.get(new URL(card ?? '').pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const png = await response.body();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  // The width and height of a PNG are the first fields of its IHDR chunk.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test('an unknown path shows the not-found page', async ({page, consoleErrors}) => {
  const failedAssets: string[] = [];
  page.on('response', (answer) => {
    if (answer.status() >= 400 && answer.request().resourceType() !== 'document') failedAssets.push(answer.url());
  });
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.locator('h1')).toHaveText('Page Not Found');
  await expect(page).toHaveTitle(`Page Not Found | ${siteTitle}`);
  // Chromium reports the page's own 404 status as a console error; nothing else may fail.
  expect(failedAssets).toEqual([]);
  expect(consoleErrors.filter((error) => !error.includes('status of 404'))).toEqual([]);
});
