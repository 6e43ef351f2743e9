/**
 * `npm run bench:site`: Lighthouse mobile (performance) for this site beside a stock Docusaurus classic
 * site holding our content (./lib/stockSite.ts: our guides, blog and home page on the stock theme and
 * plugins of the same Docusaurus version, the same local search plugin with its default options, the same
 * bundler), built in the same run. Both are served brotli-compressed with long-cached hashed assets, as a
 * CDN would. Each page is measured RUNS times in a fresh Lighthouse process (the CLI, `--output json`:
 * Lighthouse's page functions must not pass through tsx's transform) and the medians are printed with
 * ratios ours / stock. The two sites take turns, run by run. Before the runs, one that is not counted warms
 * the server, as a CDN's cache is warm: the static server compresses a file on its first request (brotli
 * 11, about a second for a main bundle, during which it answers nothing), so a page's first run could
 * wait on its stylesheet and paint only after its scripts had run (a Lighthouse LCP of 2.8 s instead of
 * 1.0 s, measured on /docs/intro). Lighthouse's TBT on this 2-core machine varies by half from run to run
 * (stock's /docs/intro: 79 to 245 ms): compare medians of 5 runs or more.
 *
 * The same pages on both sites: the home page, a short guide, the long guide with tabs and a blog post;
 * the search page is ours only. The reference pages are measured in a second table, beside the same
 * bundled specs in Redoc standalone, Scalar API Reference and Stoplight Elements (./lib/renderers.ts),
 * all taking turns run by run; then the goals, met or missed, from this run's medians. Besides the pages: each full build's time and
 * peak memory (the process tree's summed RSS, ./lib/peakMemory.ts; ours is `npm run build`, npm included),
 * the size of each build's main.js (raw and gzip), and the stock renderings the stock site's pages needed
 * in place of our components (./lib/stockSite.ts). Lighthouse's runs and the measuring loops are in
 * ./lib/lighthouse.ts.
 *
 * Environment: BENCH_RUNS (default 5), BENCH_SKIP_BUILD=1 reuses website/build and the stock build of a
 * previous run (the build times and memory then read "reused"). BENCH_SITE_BUILD=<folder under website/>
 * measures that build of this site instead of website/build (with BENCH_SKIP_BUILD=1, e.g. a helper's own
 * build). BENCH_PAGES=<names, comma-separated> measures only the pages whose name contains one of them
 * (e.g. `BENCH_PAGES=guide` for the two guides), to measure one change quickly; the full run measures all.
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {loadavg} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromiumPath} from '@portal/test-utils/chromium';
import {measureAll, measureReferences, type Figures} from './lib/lighthouse';
import {runMeasured} from './lib/peakMemory';
import {buildStockContentSite} from './lib/stockSite';
import {prepareRendererSites, rendererAssetSizes, rendererLabel} from './lib/renderers';
import {markdownTable} from './lib/table';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'bench', 'results');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const reuse = process.env.BENCH_SKIP_BUILD === '1';
const only = (process.env.BENCH_PAGES ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
/** The blog post measured on both sites (website/blog/2026-11-23-polling-live-prices). */
const blogPost = '/blog/2026/11/23/polling-live-prices';

interface Build {
  dir: string;
  /** The full build's seconds and peak memory, undefined when the build is reused. */
  seconds?: number;
  peakMemoryMiB?: number;
}

async function buildOurSite(): Promise<Build> {
  const dir = path.join(root, 'website', (reuse && process.env.BENCH_SITE_BUILD) || 'build');
  if (reuse && existsSync(path.join(dir, 'index.html'))) return {dir};
  // The full build a deployment runs: specifications bundled, then the site.
  const run = await runMeasured('npm', ['run', 'build'], {cwd: root});
  return {dir, seconds: run.seconds, peakMemoryMiB: run.peakRssMiB};
}

/** The size of a build's main bundle (`assets/js/main.<hash>.js`), raw and gzip. */
function mainJs(build: string): {raw: number; gzip: number} {
  const js = path.join(build, 'assets', 'js');
  const name = readdirSync(js).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!name) throw new Error(`no main.<hash>.js in ${js}`);
  const bytes = readFileSync(path.join(js, name));
  return {raw: bytes.length, gzip: gzipSync(bytes).length};
}

/** The biggest, a small and a hotels reference page, chosen from the bundles by size. */
function referencePages(): {name: string; slug: string}[] {
  const dist = path.join(root, 'specs', 'dist', 'openapi');
  const sizes = ['flights-live-pricing', 'carriers', 'hotels-live', 'geo'].map((slug) => ({
    slug,
    bytes: readFileSync(path.join(dist, `${slug}.json`)).length,
  }));
  const largest = [...sizes].sort((a, b) => b.bytes - a.bytes)[0];
  const smallest = [...sizes].sort((a, b) => a.bytes - b.bytes)[0];
  return [
    {name: `reference, largest (${largest.slug})`, slug: largest.slug},
    {name: `reference, small (${smallest.slug})`, slug: smallest.slug},
    {name: 'reference, hotels (hotels-live)', slug: 'hotels-live'},
  ];
}

const ms = (value: number): string => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const ratio = (ours: number, stock: number | undefined): string =>
  stock === undefined ? '-' : stock ? `${(ours / stock).toFixed(2)}x` : ours ? 'n/a' : '1.00x';
/** A ratio of two figures either of which may be missing (a reused build). */
const ratioOf = (ours?: number, stock?: number): string => (ours && stock ? ratio(ours, stock) : '-');

/** `ours` at or above `other` on score and at or below it on TBT, as words with the figures. */
function atLeast(ours: Figures, other: Figures): string {
  const met = ours.score >= other.score && ours.tbt <= other.tbt;
  return `${met ? 'met' : 'missed'} (score ${ours.score} vs ${other.score}, TBT ${ms(ours.tbt)} vs ${ms(other.tbt)})`;
}

async function main(): Promise<void> {
  mkdirSync(results, {recursive: true});
  const ours = await buildOurSite();
  const stock = await buildStockContentSite(root, path.join(results, 'stock-site'), {reuse, ourBuild: ours.dir});
  const pages: {name: string; ours: string; stock?: string}[] = [
    {name: 'home', ours: '/', stock: '/'},
    {name: 'short guide', ours: '/docs/intro', stock: '/docs/intro'},
    {
      name: 'long guide with tabs',
      ours: '/docs/flights-live-prices/quick-start',
      stock: '/docs/flights-live-prices/quick-start',
    },
    {name: 'blog post', ours: blogPost, stock: blogPost},
    {name: 'search page', ours: '/search?q=poll'},
  ].filter((page) => !only.length || only.some((part) => page.name.includes(part)));
  const references = referencePages().filter((page) => !only.length || only.some((part) => page.name.includes(part)));
  if (!pages.length && !references.length) throw new Error(`BENCH_PAGES=${process.env.BENCH_PAGES} names no page`);
  const renderers = references.length
    ? await prepareRendererSites(
        root,
        references.map((page) => page.slug),
      )
    : [];
  // The machine's load when the measuring starts (the builds are done).
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const {ours: a, stock: b} = await measureAll(runs, ours.dir, stock.dir, pages);
  const referenceFigures = await measureReferences(runs, ours.dir, renderers, references);
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
  const mib = (value?: number): string => (value === undefined ? 'reused' : `${Math.round(value)} MiB`);
  rows.push(
    ['full build', 'time', seconds(ours.seconds), seconds(stock.seconds), ratioOf(ours.seconds, stock.seconds)],
    [
      'full build',
      'peak memory (process tree RSS)',
      mib(ours.peakMemoryMiB),
      mib(stock.peakMemoryMiB),
      ratioOf(ours.peakMemoryMiB, stock.peakMemoryMiB),
    ],
  );
  const main = {ours: mainJs(ours.dir), stock: mainJs(stock.dir)};
  rows.push(
    ['main.js', 'raw', kib(main.ours.raw), kib(main.stock.raw), ratio(main.ours.raw, main.stock.raw)],
    ['main.js', 'gzip', kib(main.ours.gzip), kib(main.stock.gzip), ratio(main.ours.gzip, main.stock.gzip)],
  );
  const header = ['page', 'measure (median of runs)', 'this site', 'stock Docusaurus', 'ratio'];
  console.log(
    `\nSite benchmark: Lighthouse mobile, ${runs} runs per page, brotli-served, Chromium ${chromiumPath}\n\n${markdownTable(header, rows)}\n`,
  );
  // Which of the stock site's pages needed a stock rendering of one of our components, and how.
  const byWhat = new Map<string, string[]>();
  for (const {page, what} of stock.rewrites) byWhat.set(what, [...(byWhat.get(what) ?? []), page]);
  console.log('Stock renderings of our components in the stock site (lib/stockSite.ts), pages under website/:\n');
  for (const [what, pages] of byWhat) console.log(`- ${what}: ${pages.length} (${pages.join(', ')})`);
  console.log();

  // The reference pages against the renderers, on the same bundled specs, in the same run.
  const referenceRows: string[][] = [];
  const measures: {label: string; of: (figures: Figures) => number; show: (value: number) => string}[] = [
    {label: 'score', of: (figures) => figures.score, show: String},
    {label: 'LCP', of: (figures) => figures.lcp, show: ms},
    {label: 'TBT', of: (figures) => figures.tbt, show: ms},
    {label: 'CLS', of: (figures) => figures.cls, show: (value) => value.toFixed(3)},
    {label: 'script transferred', of: (figures) => figures.scriptBytes, show: kib},
  ];
  for (const page of references) {
    const figures = referenceFigures.get(page.name)!;
    const mine = figures.get('ours')!;
    for (const measure of measures) {
      referenceRows.push([
        page.name,
        measure.label,
        measure.show(measure.of(mine)),
        ...renderers.flatMap((site) => {
          const theirs = figures.get(site.name)!;
          return [measure.show(measure.of(theirs)), ratio(measure.of(mine), measure.of(theirs))];
        }),
      ]);
    }
  }
  if (references.length) {
    const referenceHeader = [
      'reference page',
      'measure (median of runs)',
      'this site',
      ...renderers.flatMap((site) => [rendererLabel(site), 'ratio (this site / it)']),
    ];
    console.log(
      `Reference pages against the renderers a provider would pick, on the same bundled specs (lib/renderers.ts), in the same run:\n\n${markdownTable(referenceHeader, referenceRows)}\n`,
    );
    console.log('Renderer files (raw / gzip / brotli):');
    for (const site of renderers) {
      for (const asset of rendererAssetSizes(site)) {
        console.log(
          `- ${rendererLabel(site)} ${asset.asset}: ${kib(asset.bytes)} / ${kib(asset.gzipBytes)} / ${kib(asset.brotliBytes)}`,
        );
      }
    }
    console.log();
  }

  // The goals, from the figures above.
  console.log('Goals (medians of this run):');
  for (const page of pages.filter((candidate) => b.has(candidate.name))) {
    console.log(
      `- ${page.name} at or above the stock site on score and TBT: ${atLeast(a.get(page.name)!, b.get(page.name)!)}`,
    );
  }
  console.log(
    `- main.js no larger than the stock site's: ${main.ours.raw <= main.stock.raw ? 'met' : 'missed'} (${kib(main.ours.raw)} vs ${kib(main.stock.raw)})`,
  );
  const home = a.get('home');
  for (const page of references) {
    const figures = referenceFigures.get(page.name)!;
    const mine = figures.get('ours')!;
    const behind = renderers.filter(
      (site) => !(mine.score > figures.get(site.name)!.score && mine.tbt < figures.get(site.name)!.tbt),
    );
    console.log(
      `- ${page.name} ahead of every renderer (higher score, lower TBT): ${behind.length ? `missed against ${behind.map((site) => site.name).join(', ')}` : 'met'}`,
    );
    if (home) console.log(`- ${page.name} at or above our home page on score and TBT: ${atLeast(mine, home)}`);
  }
  console.log(
    `\nLoad average (1, 5, 15 min) before the runs: ${loadBefore}; after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );

  writeFileSync(
    path.join(results, 'site.json'),
    JSON.stringify(
      {
        runs,
        ours: Object.fromEntries(a),
        stock: Object.fromEntries(b),
        build: {
          ours: {seconds: ours.seconds, peakMemoryMiB: ours.peakMemoryMiB},
          stock: {seconds: stock.seconds, peakMemoryMiB: stock.peakMemoryMiB},
        },
        mainJs: main,
        rewrites: stock.rewrites,
        references: Object.fromEntries(
          [...referenceFigures].map(([name, figures]) => [name, Object.fromEntries(figures)]),
        ),
        renderers: renderers.map((site) => ({name: site.name, version: site.version})),
        load: {before: loadBefore, after: loadavg()},
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
