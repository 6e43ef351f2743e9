/**
 * Renders the social card (`themeConfig.image`: the og:image and twitter:image of every page) to
 * `website/static/img/social-card.png`, 1200 x 630 px, with the site's logo, name and tagline, in
 * the Chromium of the browser tests. The PNG is committed; run this again when the name, tagline or
 * logo changes:
 *
 *     npx tsx scripts/social-card.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from '@portal/test-utils/chromium';

const root = path.resolve(__dirname, '..');
const output = path.join(root, 'website', 'static', 'img', 'social-card.png');
const logo = fs.readFileSync(path.join(root, 'website', 'static', 'img', 'logo.svg'), 'utf8');

/** The site's name and tagline (website/docusaurus.config.ts `title` and `tagline`). */
const title = 'API Developer Documentation';
const tagline = 'Build flight, car hire and hotel search on live travel data';
const topics = ['Guides', 'API reference for 13 REST APIs', 'Search'];

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body {
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    justify-content: center;
    padding: 0 96px;
    font-family: 'Liberation Sans', Arial, sans-serif;
    color: #f5f7fa;
    background: linear-gradient(135deg, #0a52b8 0%, #0b5fd6 55%, #1c2430 100%);
  }
  .logo { width: 128px; height: 128px; margin-bottom: 44px; }
  .logo svg { width: 100%; height: 100%; border-radius: 28px; box-shadow: 0 0 0 4px rgba(255, 255, 255, 0.85); }
  h1 { margin: 0; font-size: 76px; line-height: 1.05; font-weight: 700; letter-spacing: -1px; }
  p { margin: 28px 0 0; font-size: 36px; line-height: 1.3; color: #dbe7fb; }
  ul { display: flex; gap: 18px; margin: 48px 0 0; padding: 0; list-style: none; }
  li { font-size: 26px; padding: 10px 22px; border-radius: 999px; background: rgba(255, 255, 255, 0.14); }
</style>
</head>
<body>
  <div class="logo">${logo}</div>
  <h1>${title}</h1>
  <p>${tagline}</p>
  <ul>${topics.map((topic) => `<li>${topic}</li>`).join('')}</ul>
</body>
</html>`;

async function main(): Promise<void> {
  const browser = await chromium.launch({executablePath: chromiumPath, args: [...chromiumArgs]});
  try {
    const page = await browser.newPage({viewport: {width: 1200, height: 630}, deviceScaleFactor: 1});
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({path: output, type: 'png'});
  } finally {
    await browser.close();
  }
  console.log(`wrote ${path.relative(root, output)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
