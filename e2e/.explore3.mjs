import {chromium} from '@playwright/test';
const base = 'http://127.0.0.1:' + (process.env.PORT ?? 4311);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({viewport: {width: 390, height: 844}});
await page.goto(base + (process.argv[2] ?? '/'));
await page.waitForLoadState('networkidle');
const info = await page.evaluate(() => {
  const clipped = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o !== 'visible') return true;
    }
    return false;
  };
  const wide = [...document.body.querySelectorAll('*')]
    .filter((e) => e.getBoundingClientRect().right > 391 && !clipped(e))
    .slice(0, 10)
    .map(
      (e) =>
        `${e.tagName}.${e.className} "${e.textContent.slice(0, 40)}" w=${Math.round(e.getBoundingClientRect().width)} right=${Math.round(e.getBoundingClientRect().right)}`,
    );
  return {scroll: document.documentElement.scrollWidth, wide};
});
console.log(JSON.stringify(info, null, 1));
await browser.close();
