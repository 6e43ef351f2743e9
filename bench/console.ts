/**
 * `npm run bench:console`: the try-it console's live session as a reader waits for it, in Chromium, on the
 * production build (`website/build`, served compressed by lib/staticServer.ts; build it first). For each
 * live search (hotels, whose complete answer is the largest, flights, car hire), the median of
 * `BENCH_RUNS` runs (default 7), each in a fresh page:
 * - from the click on "Poll until complete" to the complete answer's JSON shown (the baseline: what the
 *   console showed before the readable view) and to the readable view showing that answer's count;
 * - the main thread's long tasks from the click to the view (the longest, and their blocking time: what
 *   each long task held the thread beyond 50 ms), which is what would freeze the page;
 * - the size of the complete answer as the console shows it (pretty-printed JSON).
 * Prints a table with the ratios view / JSON and the machine's load; writes bench/results/console.json.
 */
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {loadavg} from 'node:os';
import path from 'node:path';
import {chromium, type Page} from 'playwright-core';
import {chromiumArgs, chromiumPath} from '@portal/test-utils/chromium';
import {serveStatic} from './lib/staticServer';
import {markdownTable} from './lib/table';

const root = path.resolve(__dirname, '..');
const build = path.join(root, 'website', 'build');
const results = path.join(root, 'bench', 'results');
const runs = Number(process.env.BENCH_RUNS ?? 7);
const port = 4181;

const searches = [
  {slug: 'hotels-live', create: 'HotelsService_CreateSearch'},
  {slug: 'flights-live-pricing', create: 'FlightsService_CreateSearch'},
  {slug: 'carhire-live-pricing', create: 'CarHireService_CreateSearch'},
];

interface Run {
  toJsonMs: number;
  toViewMs: number;
  longestTaskMs: number;
  blockingMs: number;
  answerBytes: number;
}

/** One session in a fresh page: the times from the click, read in the page. */
async function session(page: Page, slug: string, create: string): Promise<Run> {
  await page.goto(`http://127.0.0.1:${port}/api/${slug}/?try=${create}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', {name: 'Poll until complete'}).waitFor({timeout: 60_000});
  // Observers set before the click: long tasks, and when the JSON and the view first show the complete answer
  const observable = await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'));
  if (!observable) throw new Error('this Chromium reports no long tasks (PerformanceObserver "longtask")');
  await page.evaluate(() => {
    const marks = {click: 0, json: 0, view: 0, tasks: [] as {start: number; duration: number}[]};
    (window as unknown as {benchMarks: typeof marks}).benchMarks = marks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.tasks.push({start: entry.startTime, duration: entry.duration});
    }).observe({type: 'longtask', buffered: false});
    new MutationObserver(() => {
      const now = performance.now();
      const rows = document.querySelectorAll('[data-testid="tryit-polls"] tbody tr');
      const complete = rows[rows.length - 1]?.textContent?.includes('RESULT_STATUS_COMPLETE');
      if (!complete) return;
      if (!marks.json && document.querySelector('[data-testid="tryit-body"]')?.textContent?.includes('_COMPLETE"'))
        marks.json = now;
      if (!marks.view && document.querySelector('[data-testid="tryit-results-count"]')) {
        const body = JSON.parse(document.querySelector('[data-testid="tryit-body"]')?.textContent ?? '{}') as {
          action?: string;
        };
        if (body.action === 'RESULT_ACTION_REPLACED') marks.view = now;
      }
    }).observe(document.body, {subtree: true, childList: true, characterData: true});
    document.addEventListener('click', () => (marks.click = performance.now()), {capture: true, once: true});
  });
  await dialog.getByRole('button', {name: 'Poll until complete'}).click();
  await page.waitForFunction(() => (window as unknown as {benchMarks: {view: number}}).benchMarks.view > 0, null, {
    timeout: 60_000,
  });
  const marks = await page.evaluate(
    () =>
      (
        window as unknown as {
          benchMarks: {click: number; json: number; view: number; tasks: {start: number; duration: number}[]};
        }
      ).benchMarks,
  );
  const tasks = marks.tasks.filter((task) => task.start >= marks.click && task.start <= marks.view);
  const answer = (await dialog.getByTestId('tryit-body').textContent()) ?? '';
  return {
    toJsonMs: marks.json - marks.click,
    toViewMs: marks.view - marks.click,
    longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
    blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    answerBytes: Buffer.byteLength(answer),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  if (!existsSync(path.join(build, 'index.html'))) throw new Error('no website/build: run `npm run build` first');
  const loadBefore = load();
  const server = await serveStatic(build, port);
  const browser = await chromium.launch({executablePath: chromiumPath, args: [...chromiumArgs]});
  const figures: Record<string, Run[]> = {};
  try {
    // Runs of the three searches take turns, so a change in the machine's load falls on all of them
    for (let run = 0; run < runs; run++) {
      for (const {slug, create} of searches) {
        const context = await browser.newContext({viewport: {width: 1280, height: 900}});
        const page = await context.newPage();
        (figures[slug] ??= []).push(await session(page, slug, create));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const rows = searches.map(({slug}) => {
    const all = figures[slug];
    const pick = (key: keyof Run) => median(all.map((run) => run[key]));
    const json = pick('toJsonMs');
    const view = pick('toViewMs');
    return [
      slug,
      `${(pick('answerBytes') / 1024).toFixed(1)} KB`,
      `${json.toFixed(0)} ms`,
      `${view.toFixed(0)} ms`,
      `${(view / json).toFixed(2)}x`,
      `${pick('longestTaskMs').toFixed(0)} ms`,
      `${pick('blockingMs').toFixed(0)} ms`,
    ];
  });
  const loadAfter = load();
  console.log(
    markdownTable(
      [
        'search',
        'complete answer',
        'click → JSON shown',
        'click → readable view',
        'view / JSON',
        'longest task',
        'blocking time',
      ],
      rows,
    ),
  );
  console.log(
    `\nMedians of ${runs} runs per search, the three taking turns; Chromium ${browser.version()}, 1280 x 900. ` +
      `The session itself polls about once a second, so most of each time is the sandbox's stages, not drawing. ` +
      `Load average ${loadBefore} before the run and ${loadAfter} after.`,
  );
  mkdirSync(results, {recursive: true});
  writeFileSync(path.join(results, 'console.json'), JSON.stringify({runs, loadBefore, loadAfter, figures}, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
