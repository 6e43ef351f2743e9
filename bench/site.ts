/**
 * `npm run bench:site`: JavaScript shipped and Lighthouse mobile scores for the home page and a guide
 * page of this site, beside a stock Docusaurus classic site (the create-docusaurus template of the same
 * Docusaurus version) built in the same run. Both are served gzip-compressed, as a production host
 * would. Prints a table; ratios are ours / stock.
 */
import {execFileSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {chromium} from 'playwright-core';
import {chromiumPath, headlessFlags} from '../test-utils/chromium';
import {serveStatic} from './lib/staticServer';
import {markdownTable} from './lib/table';

const root = path.resolve(__dirname, '..');
const results = path.join(root, 'bench', 'results');
const flags = headlessFlags;
const docusaurus = path.join(root, 'node_modules', '.bin', 'docusaurus');

function buildStockSite(): string {
  const template = path.join(root, 'node_modules', 'create-docusaurus', 'templates');
  const site = path.join(results, 'stock-site');
  rmSync(site, {recursive: true, force: true});
  mkdirSync(site, {recursive: true});
  cpSync(path.join(template, 'shared'), site, {recursive: true});
  cpSync(path.join(template, 'classic'), site, {recursive: true});
  // Same bundler as our site, so the comparison is about the sites, not the bundlers.
  const configFile = path.join(site, 'docusaurus.config.js');
  execFileSync('sed', ['-i', 's/future: {/future: {faster: true,/', configFile]);
  execFileSync(docusaurus, ['build', site, '--out-dir', path.join(site, 'build')], {stdio: 'inherit'});
  return path.join(site, 'build');
}

function buildOurSite(): string {
  const build = path.join(root, 'website', 'build');
  if (!existsSync(path.join(build, 'index.html')) || process.env.BENCH_REBUILD) {
    execFileSync('npm', ['run', 'build'], {cwd: root, stdio: 'inherit'});
  }
  return build;
}

interface Figures {
  jsRaw: number;
  jsGzip: number;
  scripts: number;
  scores: Record<string, number>;
}

async function jsShipped(url: string): Promise<Pick<Figures, 'jsRaw' | 'jsGzip' | 'scripts'>> {
  const browser = await chromium.launch({executablePath: chromiumPath, args: flags.slice(1)});
  const page = await browser.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  const buffers = await Promise.all(bodies);
  await browser.close();
  return {
    scripts: buffers.length,
    jsRaw: buffers.reduce((sum, body) => sum + body.length, 0),
    jsGzip: buffers.reduce((sum, body) => sum + gzipSync(body, {level: 9}).length, 0),
  };
}

async function lighthouseScores(url: string): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: [...flags]});
  try {
    const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error'});
    const categories = result?.lhr.categories ?? {};
    return Object.fromEntries(
      Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    );
  } finally {
    await chrome.kill();
  }
}

async function measure(build: string, port: number, pagePath: string): Promise<Figures> {
  const server = await serveStatic(build, port);
  try {
    const url = `http://127.0.0.1:${port}${pagePath}`;
    return {...(await jsShipped(url)), scores: await lighthouseScores(url)};
  } finally {
    server.close();
  }
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (ours: number, stock: number): string => (stock ? `${(ours / stock).toFixed(2)}x` : 'n/a');

async function main(): Promise<void> {
  mkdirSync(results, {recursive: true});
  const ours = buildOurSite();
  const stock = buildStockSite();
  const pages = [
    {name: 'home', ours: '/', stock: '/'},
    {name: 'guide', ours: '/docs/getting-started/create-and-poll', stock: '/docs/intro'},
  ];
  const rows: string[][] = [];
  const raw: Record<string, unknown> = {};
  for (const target of pages) {
    const a = await measure(ours, 4301, target.ours);
    const b = await measure(stock, 4302, target.stock);
    raw[target.name] = {ours: a, stock: b};
    rows.push([target.name, 'JS files', String(a.scripts), String(b.scripts), ratio(a.scripts, b.scripts)]);
    rows.push([target.name, 'JS raw', kb(a.jsRaw), kb(b.jsRaw), ratio(a.jsRaw, b.jsRaw)]);
    rows.push([target.name, 'JS gzip', kb(a.jsGzip), kb(b.jsGzip), ratio(a.jsGzip, b.jsGzip)]);
    for (const category of Object.keys(a.scores)) {
      const x = a.scores[category];
      const y = b.scores[category];
      rows.push([target.name, `Lighthouse ${category}`, String(x), String(y), ratio(x, y)]);
    }
  }
  const header = ['page', 'measure', 'this site', 'stock Docusaurus', 'ratio'];
  const table = markdownTable(header, rows);
  console.log(`\nSite benchmark (Lighthouse mobile, gzip-served, Chromium ${chromiumPath})\n\n${table}\n`);
  writeFileSync(path.join(results, 'site.json'), JSON.stringify(raw, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
