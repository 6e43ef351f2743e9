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
 * The same pages on both sites: the home page, a short guide, a quick start (flights live, with tabs), the
 * longest guide (the guide whose page in our build has the most elements, chosen at each run), a category
 * page and a blog post; the search page is ours only. The home page is measured a third time on the stock
 * template's site (./lib/templateSite.ts: create-docusaurus's classic template, same version and bundler),
 * the floor of Docusaurus's own runtime. Each page's figures: score, LCP, TBT, main-thread time (Lighthouse's
 * mainthread-work-breakdown), the scripts' share of it (bootup-time), CLS and script bytes. The reference
 * pages are measured in a second table, beside the same bundled specs in Redoc standalone, Scalar API
 * Reference and Stoplight Elements (./lib/renderers.ts), all taking turns run by run. Then each page type's
 * main thread beside the template's home and our heaviest reference page (the one with the highest median
 * TBT), and the goals, met or missed, from this run's medians. Besides the pages: each full build's time and
 * peak memory (the process tree's summed RSS, ./lib/peakMemory.ts; ours is `npm run build`, npm included),
 * the size of each build's main.js (raw and gzip), and the stock renderings the stock site's pages needed
 * in place of our components (./lib/stockSite.ts). Lighthouse's runs and the measuring loops are in
 * ./lib/lighthouse.ts.
 *
 * Environment: BENCH_RUNS (default 5), BENCH_SKIP_BUILD=1 reuses website/build and the stock and template
 * builds of a previous run (the build times and memory then read "reused"). BENCH_SITE_BUILD=<folder under
 * website/> measures that build of this site instead of website/build (with BENCH_SKIP_BUILD=1, e.g. a
 * helper's own build). BENCH_PAGES=<names, comma-separated> measures only the pages whose name contains one
 * of them (e.g. `BENCH_PAGES=guide` for the guides, `BENCH_PAGES=home,largest` for the home pages and the
 * largest reference page), to measure one change quickly; the full run measures all. BENCH_RENDERERS=off
 * measures our reference pages without the renderers beside them.
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {loadavg} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromiumPath} from '@portal/test-utils/chromium';
import {readGuides} from '@portal/content';
import {measureAll, measureReferences, type Figures} from './lib/lighthouse';
import {runMeasured} from './lib/peakMemory';
import {buildStockContentSite} from './lib/stockSite';
import {buildTemplateSite} from './lib/templateSite';
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
/** BENCH_RENDERERS=off: our reference pages without the renderers beside them (a quicker run). */
const withRenderers = process.env.BENCH_RENDERERS !== 'off';
/** The blog post measured on both sites (website/blog/2026-11-23-polling-live-prices). */
const blogPost = '/blog/2026/11/23/polling-live-prices';
/** The category page measured on both sites: the getting-started guides' generated index. */
const categoryPage = '/docs/category/getting-started';

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

/**
 * The guide with the most elements in our build's page (its HTML's start tags): the most to render and
 * hydrate. Its path, and its count of elements.
 */
function longestGuide(build: string): {path: string; elements: number} {
  const guides = readGuides(path.join(root, 'website', 'docs')).map((guide) => {
    const html = path.join(build, guide.path, 'index.html');
    if (!existsSync(html)) throw new Error(`${html} is missing: is ${build} a full build?`);
    return {path: guide.path, elements: (readFileSync(html, 'utf8').match(/<[a-zA-Z]/g) ?? []).length};
  });
  return guides.sort((a, b) => b.elements - a.elements)[0];
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

const loadNow = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  mkdirSync(results, {recursive: true});
  const ours = await buildOurSite();
  const stock = await buildStockContentSite(root, path.join(results, 'stock-site'), {reuse, ourBuild: ours.dir});
  const template = await buildTemplateSite(root, path.join(results, 'template-site'), {reuse});
  const longest = longestGuide(ours.dir);
  const quickStart = '/docs/flights-live-prices/quick-start';
  const same = (at: string) => ({ours: at, stock: at});
  const pages: {name: string; paths: {ours: string; stock?: string; template?: string}}[] = [
    {name: 'home', paths: {...same('/'), template: '/'}},
    {name: 'short guide', paths: same('/docs/intro')},
    {name: 'quick start (flights live)', paths: same(quickStart)},
    {name: `longest guide (${longest.path})`, paths: same(longest.path)},
    {name: 'category page', paths: same(categoryPage)},
    {name: 'blog post', paths: same(blogPost)},
    {name: 'search page', paths: {ours: '/search?q=poll'}},
  ].filter((page) => !only.length || only.some((part) => page.name.includes(part)));
  const references = referencePages().filter((page) => !only.length || only.some((part) => page.name.includes(part)));
  if (!pages.length && !references.length) throw new Error(`BENCH_PAGES=${process.env.BENCH_PAGES} names no page`);
  const renderers =
    references.length && withRenderers
      ? await prepareRendererSites(
          root,
          references.map((page) => page.slug),
        )
      : [];
  // The machine's load when the measuring starts (the builds are done).
  const loadBefore = loadNow();
  const figures = await measureAll(runs, {ours: ours.dir, stock: stock.dir, template: template.dir}, pages);
  const referenceFigures = await measureReferences(runs, ours.dir, renderers, references);
  const measures: {label: string; of: (figures: Figures) => number; show: (value: number) => string}[] = [
    {label: 'score', of: (figures) => figures.score, show: String},
    {label: 'LCP', of: (figures) => figures.lcp, show: ms},
    {label: 'TBT', of: (figures) => figures.tbt, show: ms},
    {label: 'main-thread time', of: (figures) => figures.mainThread, show: ms},
    {label: 'script evaluation', of: (figures) => figures.scriptTime, show: ms},
    {label: 'CLS', of: (figures) => figures.cls, show: (value) => value.toFixed(3)},
    {label: 'script transferred', of: (figures) => figures.scriptBytes, show: kib},
  ];
  const rows: string[][] = [];
  for (const page of pages) {
    const x = figures.get(page.name)!.get('ours')!;
    const y = figures.get(page.name)!.get('stock');
    for (const measure of measures) {
      const theirs = y && measure.of(y);
      rows.push([
        page.name,
        measure.label,
        measure.show(measure.of(x)),
        theirs === undefined ? '-' : measure.show(theirs),
        ratio(measure.of(x), theirs),
      ]);
    }
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
  const main = {ours: mainJs(ours.dir), stock: mainJs(stock.dir), template: mainJs(template.dir)};
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
      `Reference pages${renderers.length ? ' against the renderers a provider would pick, on the same bundled specs (lib/renderers.ts)' : ' (BENCH_RENDERERS=off: without the renderers)'}, in the same run:\n\n${markdownTable(referenceHeader, referenceRows)}\n`,
    );
    if (renderers.length) console.log('Renderer files (raw / gzip / brotli):');
    for (const site of renderers) {
      for (const asset of rendererAssetSizes(site)) {
        console.log(
          `- ${rendererLabel(site)} ${asset.asset}: ${kib(asset.bytes)} / ${kib(asset.gzipBytes)} / ${kib(asset.brotliBytes)}`,
        );
      }
    }
    if (renderers.length) console.log();
  }

  // Each page type's main thread beside the stock template's home and our heaviest reference page.
  const templateHome = figures.get('home')?.get('template');
  const heaviest = [...referenceFigures]
    .map(([name, byRenderer]) => ({name, figures: byRenderer.get('ours')!}))
    .sort((a, b) => b.figures.tbt - a.figures.tbt)[0];
  const blockingRows = pages.map((page) => {
    const x = figures.get(page.name)!.get('ours')!;
    const y = figures.get(page.name)!.get('stock');
    return [
      page.name,
      String(x.score),
      ms(x.tbt),
      ms(x.mainThread),
      y ? `${y.score} / ${ms(y.tbt)} / ${ms(y.mainThread)}` : '-',
      y ? ratio(x.tbt, y.tbt) : '-',
      templateHome ? ratio(x.tbt, templateHome.tbt) : '-',
      heaviest ? ratio(x.tbt, heaviest.figures.tbt) : '-',
    ];
  });
  const blockingHeader = [
    'page (this site)',
    'score',
    'TBT',
    'main-thread time',
    'stock, same page: score / TBT / main thread',
    'TBT / stock',
    'TBT / template home',
    'TBT / heaviest reference',
  ];
  if (templateHome) {
    blockingRows.push([
      `stock template home (create-docusaurus ${template.version})`,
      String(templateHome.score),
      ms(templateHome.tbt),
      ms(templateHome.mainThread),
      '-',
      '-',
      '1.00x',
      heaviest ? ratio(templateHome.tbt, heaviest.figures.tbt) : '-',
    ]);
  }
  if (heaviest) {
    blockingRows.push([
      `heaviest reference: ${heaviest.name}`,
      String(heaviest.figures.score),
      ms(heaviest.figures.tbt),
      ms(heaviest.figures.mainThread),
      '-',
      '-',
      templateHome ? ratio(heaviest.figures.tbt, templateHome.tbt) : '-',
      '1.00x',
    ]);
  }
  console.log(
    `Main thread per page type (medians of this run), beside the stock template's home and our heaviest reference page:\n\n${markdownTable(blockingHeader, blockingRows)}\n`,
  );

  // The goals, from the figures above.
  console.log('Goals (medians of this run):');
  for (const page of pages.filter((candidate) => figures.get(candidate.name)!.has('stock'))) {
    const byKey = figures.get(page.name)!;
    console.log(
      `- ${page.name} at or above the stock site on score and TBT: ${atLeast(byKey.get('ours')!, byKey.get('stock')!)}`,
    );
  }
  if (templateHome && heaviest) {
    const floor = Math.min(95, templateHome.score);
    for (const page of pages.filter((candidate) => candidate.name !== 'search page')) {
      const x = figures.get(page.name)!.get('ours')!;
      const met = x.tbt <= templateHome.tbt && x.tbt <= heaviest.figures.tbt && x.score >= floor;
      console.log(
        `- ${page.name}: TBT at or below the template home's and the heaviest reference page's, score at least ${floor}: ${met ? 'met' : 'missed'} (TBT ${ms(x.tbt)} vs ${ms(templateHome.tbt)} and ${ms(heaviest.figures.tbt)}, score ${x.score})`,
      );
    }
  } else {
    console.log('- page types against the template home and the heaviest reference page: not measured (BENCH_PAGES)');
  }
  console.log(
    `- main.js no larger than the stock site's: ${main.ours.raw <= main.stock.raw ? 'met' : 'missed'} (${kib(main.ours.raw)} vs ${kib(main.stock.raw)}; the template's ${kib(main.template.raw)})`,
  );
  const home = figures.get('home')?.get('ours');
  for (const page of references) {
    const byRenderer = referenceFigures.get(page.name)!;
    const mine = byRenderer.get('ours')!;
    if (renderers.length) {
      const behind = renderers.filter(
        (site) => !(mine.score > byRenderer.get(site.name)!.score && mine.tbt < byRenderer.get(site.name)!.tbt),
      );
      console.log(
        `- ${page.name} ahead of every renderer (higher score, lower TBT): ${behind.length ? `missed against ${behind.map((site) => site.name).join(', ')}` : 'met'}`,
      );
    }
    if (home) console.log(`- ${page.name} at or above our home page on score and TBT: ${atLeast(mine, home)}`);
  }
  const loadAfter = loadNow();
  console.log(`\nLoad average (1, 5, 15 min) before the runs: ${loadBefore}; after: ${loadAfter}\n`);

  const bySite = (key: 'ours' | 'stock' | 'template') =>
    Object.fromEntries(
      [...figures].flatMap(([name, byKey]) => (byKey.has(key) ? [[name, byKey.get(key)!] as const] : [])),
    );
  writeFileSync(
    path.join(results, 'site.json'),
    JSON.stringify(
      {
        runs,
        pages,
        ours: bySite('ours'),
        stock: bySite('stock'),
        template: {version: template.version, ...bySite('template')},
        build: {
          ours: {seconds: ours.seconds, peakMemoryMiB: ours.peakMemoryMiB},
          stock: {seconds: stock.seconds, peakMemoryMiB: stock.peakMemoryMiB},
          template: {seconds: template.seconds, peakMemoryMiB: template.peakMemoryMiB},
        },
        mainJs: main,
        rewrites: stock.rewrites,
        references: Object.fromEntries(
          [...referenceFigures].map(([name, byRenderer]) => [name, Object.fromEntries(byRenderer)]),
        ),
        renderers: renderers.map((site) => ({name: site.name, version: site.version})),
        load: {before: loadBefore, after: loadAfter},
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
