/**
 * `npm run bench:search`: the local search with and without the API reference entries, side by side.
 * Builds the site twice in this run (SEARCH_REFERENCE unset, then SEARCH_REFERENCE=off, the
 * baseline), serves each gzip-compressed as a production host would, and measures:
 * - the search index files' size, raw and gzip;
 * - in Chromium, the time from typing a query to the suggestions being shown, for ten queries:
 *   the first (which loads the index lazily) and the median and worst of all ten.
 * Prints a table; ratios are with / without reference entries.
 */
import {execFileSync} from 'node:child_process';
import {readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from '@portal/test-utils/chromium';
import {markdownTable} from './lib/table';
import {serveStatic} from './lib/staticServer';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'bench', 'results');
/** The same Chromium flags as the browser tests. */
const flags = [...chromiumArgs];
const queries = [
  'authentication',
  'create and poll',
  'price unit',
  'rate limits',
  'CreateSearch',
  'childrenAges',
  'driverAge',
  'PRICE_UNIT_MILLI',
  'referral link',
  'currencies',
];

interface Figures {
  rawBytes: number;
  gzipBytes: number;
  firstMs: number;
  medianMs: number;
  worstMs: number;
}

function build(variant: 'with' | 'without'): string {
  const outDir = path.join(results, `search-${variant}`);
  rmSync(outDir, {recursive: true, force: true});
  execFileSync(path.join(root, 'node_modules', '.bin', 'docusaurus'), ['build', '--out-dir', outDir], {
    cwd: path.join(root, 'website'),
    stdio: 'inherit',
    env: {...process.env, SEARCH_REFERENCE: variant === 'with' ? 'on' : 'off'},
  });
  return outDir;
}

function indexSize(outDir: string): {rawBytes: number; gzipBytes: number} {
  const files = readdirSync(outDir).filter((file) => /^search-index.*\.json$/.test(file));
  if (files.length === 0) throw new Error(`no search index in ${outDir}`);
  return files.reduce(
    (sum, file) => {
      const content = readFileSync(path.join(outDir, file));
      return {rawBytes: sum.rawBytes + content.length, gzipBytes: sum.gzipBytes + gzipSync(content).length};
    },
    {rawBytes: 0, gzipBytes: 0},
  );
}

async function measure(outDir: string, port: number): Promise<Figures> {
  const server = await serveStatic(outDir, port);
  const browser = await chromium.launch({executablePath: chromiumPath, args: flags});
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/docs/intro`);
    await page.waitForFunction(() => 'docusaurusRoot' in window);
    const box = page.locator('input.navbar__search-input');
    // The search box sets itself up (and starts loading the index) on first focus.
    await box.focus();
    await page.locator('input.navbar__search-input[role="combobox"]').waitFor();
    const times: number[] = [];
    const shown = () =>
      page.waitForFunction(
        () => {
          const list = document.querySelector('[role="listbox"]');
          return Boolean(list && (list.querySelector('[role="option"]') || /No results/.test(list.textContent ?? '')));
        },
        undefined,
        {timeout: 30_000},
      );
    for (const query of queries) {
      await box.fill('');
      await page.waitForFunction(() => document.querySelectorAll('[role="option"]').length === 0);
      const started = Date.now();
      await box.fill(query);
      // Suggestions, or "No results" when nothing matches (the reference-only queries, without it).
      await shown();
      times.push(Date.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = (sorted[4] + sorted[5]) / 2;
    return {...indexSize(outDir), firstMs: times[0], medianMs: median, worstMs: sorted[sorted.length - 1]};
  } finally {
    await browser.close();
    server.close();
  }
}

async function main(): Promise<void> {
  const withReference = await measure(build('with'), 4310);
  const withoutReference = await measure(build('without'), 4311);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const rows: [string, (figures: Figures) => number, (value: number) => string][] = [
    ['index size, raw', (f) => f.rawBytes, kib],
    ['index size, gzip', (f) => f.gzipBytes, kib],
    ['keystroke to suggestions, first query (index loading)', (f) => f.firstMs, ms],
    ['keystroke to suggestions, median of 10', (f) => f.medianMs, ms],
    ['keystroke to suggestions, worst of 10', (f) => f.worstMs, ms],
  ];
  const header = ['measure', 'with reference', 'without (baseline)', 'ratio'];
  const body = rows.map(([label, pick, format]) => [
    label,
    format(pick(withReference)),
    format(pick(withoutReference)),
    `${(pick(withReference) / pick(withoutReference)).toFixed(2)}x`,
  ]);
  console.log(`\nSearch benchmark (gzip-served, Chromium ${chromiumPath}; queries: ${queries.join(', ')})\n`);
  console.log(markdownTable(header, body));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
