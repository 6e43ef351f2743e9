/**
 * `npm run bench:site`: Lighthouse mobile (performance) for this site beside a stock Docusaurus classic
 * site (the create-docusaurus template of the same Docusaurus version, same bundler) built in the same
 * run. Both are served brotli-compressed with long-cached hashed assets, as a CDN would. Each page is
 * measured RUNS times in a fresh Lighthouse process (the CLI, `--output json`: Lighthouse's page
 * functions must not pass through tsx's transform) and the medians are printed with ratios ours / stock.
 * The two sites take turns, run by run. Before the runs, one that is not counted warms the server, as
 * a CDN's cache is warm: the static server compresses a file on its first request (brotli 11, about a
 * second for a main bundle, during which it answers nothing), so a page's first run could wait on its
 * stylesheet and paint only after its scripts had run (a Lighthouse LCP of 2.8 s instead of 1.0 s,
 * measured on /docs/intro). Lighthouse's TBT on this 2-core machine varies by half from run to run
 * (stock's /docs/intro: 79 to 245 ms): compare medians of 5 runs or more.
 *
 * Environment: BENCH_RUNS (default 5), BENCH_SKIP_BUILD=1 reuses website/build and the stock build of a
 * previous run (the build times then read "reused"). BENCH_SITE_BUILD=<folder under website/> measures
 * that build of this site instead of website/build (with BENCH_SKIP_BUILD=1, e.g. a helper's own build).
 * BENCH_PAGES=<names, comma-separated> measures only the pages whose name contains one of them (e.g.
 * `BENCH_PAGES=guide` for the two guides), to measure one change quickly; the full run measures all.
 */
import {execFile, execFileSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {promisify} from 'node:util';
import {chromiumPath, headlessFlags} from '../test-utils/chromium';
import {serveStatic} from './lib/staticServer';
import {markdownTable} from './lib/table';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'bench', 'results');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const reuse = process.env.BENCH_SKIP_BUILD === '1';
const only = (process.env.BENCH_PAGES ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);

/** Seconds a command takes, or undefined when the build is reused. */
function timed(run: () => void): number | undefined {
  if (reuse) return undefined;
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

function buildStockSite(): {dir: string; seconds?: number} {
  const site = path.join(results, 'stock-site');
  const dir = path.join(site, 'build');
  if (reuse && existsSync(path.join(dir, 'index.html'))) return {dir};
  const template = path.join(root, 'node_modules', 'create-docusaurus', 'templates');
  rmSync(site, {recursive: true, force: true});
  mkdirSync(site, {recursive: true});
  cpSync(path.join(template, 'shared'), site, {recursive: true});
  cpSync(path.join(template, 'classic'), site, {recursive: true});
  // Same bundler as our site, so the comparison is about the sites, not the bundlers.
  execFileSync('sed', ['-i', 's/future: {/future: {faster: true,/', path.join(site, 'docusaurus.config.js')]);
  const seconds = timed(() => execFileSync(bin('docusaurus'), ['build', site, '--out-dir', dir], {stdio: 'inherit'}));
  return {dir, seconds};
}

function buildOurSite(): {dir: string; seconds?: number} {
  const dir = path.join(root, 'website', (reuse && process.env.BENCH_SITE_BUILD) || 'build');
  if (reuse && existsSync(path.join(dir, 'index.html'))) return {dir};
  // The full build a deployment runs: specifications bundled, then the site.
  const seconds = timed(() => execFileSync('npm', ['run', 'build'], {cwd: root, stdio: 'inherit'}));
  return {dir, seconds};
}

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
}

interface LighthouseReport {
  categories: {performance: {score: number | null}};
  audits: Record<string, {numericValue?: number; details?: {items?: {resourceType?: string; transferSize?: number}[]}}>;
}

/**
 * One Lighthouse run in its own process, with a fresh Chromium profile. Asynchronous: the static
 * server that answers Lighthouse runs in this process, so a synchronous spawn would leave every
 * request unanswered.
 */
async function lighthouseOnce(url: string): Promise<Figures> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lh-'));
  try {
    const out = await promisify(execFile)(
      bin('lighthouse'),
      [
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--only-categories=performance',
        `--chrome-flags=${[...headlessFlags, `--user-data-dir=${profile}`].join(' ')}`,
      ],
      {env: {...process.env, CHROME_PATH: chromiumPath}, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8'},
    ).catch((error: unknown) => {
      throw new Error(`lighthouse ${url} failed: ${String(error)}`);
    });
    const report = JSON.parse(out.stdout) as LighthouseReport;
    const items = report.audits['resource-summary']?.details?.items ?? [];
    return {
      score: Math.round((report.categories.performance.score ?? 0) * 100),
      lcp: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: report.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      scriptBytes: items.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    };
  } finally {
    rmSync(profile, {recursive: true, force: true});
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function medians(all: Figures[]): Figures {
  const pick = (key: keyof Figures): number => median(all.map((figures) => figures[key]));
  return {score: pick('score'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), scriptBytes: pick('scriptBytes')};
}

/** The biggest, a small and a hotels reference page, chosen from the bundles by size. */
function referencePages(): {name: string; path: string}[] {
  const dist = path.join(root, 'specs', 'dist', 'openapi');
  const sizes = ['flights-live-pricing', 'carriers', 'hotels-live', 'geo'].map((slug) => ({
    slug,
    bytes: readFileSync(path.join(dist, `${slug}.json`)).length,
  }));
  const largest = [...sizes].sort((a, b) => b.bytes - a.bytes)[0];
  const smallest = [...sizes].sort((a, b) => a.bytes - b.bytes)[0];
  return [
    {name: `reference, largest (${largest.slug})`, path: `/api/${largest.slug}/`},
    {name: `reference, small (${smallest.slug})`, path: `/api/${smallest.slug}/`},
    {name: 'reference, hotels (hotels-live)', path: '/api/hotels-live/'},
  ];
}

const ms = (value: number): string => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const ratio = (ours: number, stock: number | undefined): string =>
  stock === undefined ? '-' : stock ? `${(ours / stock).toFixed(2)}x` : ours ? 'n/a' : '1.00x';

/**
 * Every page of both sites, the two taking turns run by run (ours, then stock's counterpart), so a
 * burst of other work on the machine falls on both and not on one site's pages only.
 */
async function measureAll(
  ours: string,
  stock: string,
  pages: {name: string; ours: string; stock?: string}[],
): Promise<{ours: Map<string, Figures>; stock: Map<string, Figures>}> {
  const servers = [await serveStatic(ours, 4301), await serveStatic(stock, 4302)];
  const out = {ours: new Map<string, Figures>(), stock: new Map<string, Figures>()};
  try {
    for (const page of pages) {
      const urls = [`http://127.0.0.1:4301${page.ours}`, ...(page.stock ? [`http://127.0.0.1:4302${page.stock}`] : [])];
      for (const url of urls) await lighthouseOnce(url); // warm-up, not counted (see the top of this file)
      const all: Figures[][] = urls.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const [index, url] of urls.entries()) all[index].push(await lighthouseOnce(url));
      }
      out.ours.set(page.name, medians(all[0]));
      if (all[1]) out.stock.set(page.name, medians(all[1]));
      console.log(`measured ${urls.join(' and ')}: ${runs} runs each, in turns, after a warm-up run`);
    }
  } finally {
    for (const server of servers) server.close();
  }
  return out;
}

async function main(): Promise<void> {
  mkdirSync(results, {recursive: true});
  const ours = buildOurSite();
  const stock = buildStockSite();
  const pages: {name: string; ours: string; stock?: string}[] = [
    {name: 'home', ours: '/', stock: '/'},
    {name: 'short guide', ours: '/docs/intro', stock: '/docs/intro'},
    {
      name: 'long guide with tabs',
      ours: '/docs/flights-live-prices/quick-start',
      stock: '/docs/tutorial-basics/markdown-features',
    },
    {name: 'search page', ours: '/search?q=poll'},
    ...referencePages().map((page) => ({name: page.name, ours: page.path})),
  ].filter((page) => !only.length || only.some((part) => page.name.includes(part)));
  if (!pages.length) throw new Error(`BENCH_PAGES=${process.env.BENCH_PAGES} names no page`);
  const {ours: a, stock: b} = await measureAll(ours.dir, stock.dir, pages);
  const rows: string[][] = [];
  for (const page of pages) {
    const x = a.get(page.name)!;
    const y = b.get(page.name);
    rows.push([page.name, 'score', String(x.score), y ? String(y.score) : '-', ratio(x.score, y?.score)]);
    rows.push([page.name, 'LCP', ms(x.lcp), y ? ms(y.lcp) : '-', ratio(x.lcp, y?.lcp)]);
    rows.push([page.name, 'TBT', ms(x.tbt), y ? ms(y.tbt) : '-', ratio(x.tbt, y?.tbt)]);
    rows.push([page.name, 'CLS', x.cls.toFixed(3), y ? y.cls.toFixed(3) : '-', ratio(x.cls, y?.cls)]);
    rows.push([
      page.name,
      'script transferred',
      kib(x.scriptBytes),
      y ? kib(y.scriptBytes) : '-',
      ratio(x.scriptBytes, y?.scriptBytes),
    ]);
  }
  const seconds = (value?: number): string => (value === undefined ? 'reused' : `${value.toFixed(1)} s`);
  rows.push([
    'full build',
    'time',
    seconds(ours.seconds),
    seconds(stock.seconds),
    ours.seconds && stock.seconds ? ratio(ours.seconds, stock.seconds) : '-',
  ]);
  const header = ['page', 'measure (median of runs)', 'this site', 'stock Docusaurus', 'ratio'];
  console.log(
    `\nSite benchmark: Lighthouse mobile, ${runs} runs per page, brotli-served, Chromium ${chromiumPath}\n\n${markdownTable(header, rows)}\n`,
  );
  writeFileSync(
    path.join(results, 'site.json'),
    JSON.stringify(
      {
        runs,
        ours: Object.fromEntries(a),
        stock: Object.fromEntries(b),
        build: {ours: ours.seconds, stock: stock.seconds},
      },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
