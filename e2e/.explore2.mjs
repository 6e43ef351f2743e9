import {chromium} from '@playwright/test';
const base = 'http://127.0.0.1:' + (process.env.PORT ?? 4311);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({viewport: {width: 390, height: 844}});
await page.goto(base + '/api/hotels-live/?try=HotelsService_CreateSearch');
const dialog = page.getByRole('dialog');
await dialog.getByRole('button', {name: 'Poll until complete'}).click({timeout: 30000});
await dialog
  .getByTestId('tryit-polls')
  .locator('tbody tr')
  .last()
  .filter({hasText: 'RESULT_STATUS_COMPLETE'})
  .waitFor({timeout: 30000});
const info = await page.evaluate(() => {
  const d = document.querySelector('dialog');
  const limit = d.getBoundingClientRect().right;
  const clipped = (e) => {
    for (let p = e.parentElement; p && p !== d; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o !== 'visible') return true;
    }
    return false;
  };
  const wide = [...d.querySelectorAll('*')]
    .filter((e) => e.getBoundingClientRect().right > limit + 1 && !clipped(e))
    .slice(0, 25)
    .map(
      (e) =>
        `${e.tagName}.${e.className} ${e.getAttribute('data-testid') ?? ''} w=${Math.round(e.getBoundingClientRect().width)} right=${Math.round(e.getBoundingClientRect().right)}`,
    );
  return {scroll: d.scrollWidth, client: d.clientWidth, wide};
});
console.log(JSON.stringify(info, null, 1));
await browser.close();
