/**
 * Lighthouse for `bench:site` (bench/site.ts): one mobile performance run of a page in its own Lighthouse
 * process (`lighthouseOnce`: score, LCP, TBT, CLS, main-thread time, script evaluation time and script
 * bytes transferred), the medians of runs, and the two measuring loops, each serving its sites
 * brotli-compressed (./staticServer.ts) with the sites taking turns run by run after an uncounted warm-up
 * run per page: our pages beside the stock site's and the stock template's (`measureAll`) and our reference
 * pages beside each renderer's (`measureReferences`).
 */
import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {chromiumPath, headlessFlags} from '@portal/test-utils/chromium';
import type {RendererSite} from './renderers';
import {serveStatic} from './staticServer';

const root = path.resolve(__dirname, '..', '..');
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);

export interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's main-thread work (`mainthread-work-breakdown`), ms: everything the page's main thread did. */
  mainThread: number;
  /** The scripts' share of it (`bootup-time`: evaluation, parsing and compiling of each script), ms. */
  scriptTime: number;
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
export async function lighthouseOnce(url: string, blockedHosts: string[] = []): Promise<Figures> {
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
        // A host the page would contact by default but cannot reach here fails at once, not by timeout.
        ...blockedHosts.map((host) => `--blocked-url-patterns=*://${host}/*`),
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
      mainThread: report.audits['mainthread-work-breakdown']?.numericValue ?? NaN,
      scriptTime: report.audits['bootup-time']?.numericValue ?? NaN,
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
  return {
    score: pick('score'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    mainThread: pick('mainThread'),
    scriptTime: pick('scriptTime'),
    scriptBytes: pick('scriptBytes'),
  };
}

/** The sites of `measureAll`: ours, the stock content site and the stock template's site. */
export type SiteKey = 'ours' | 'stock' | 'template';

/**
 * Every page on each site that has it (`page.paths`: the page's path on each site), the sites taking
 * turns run by run (ours, then the stock site's counterpart, then the template's), so a burst of other
 * work on the machine falls on all of them and not on one site's pages only. `dirs`: each site's build.
 */
export async function measureAll(
  runs: number,
  dirs: Record<SiteKey, string>,
  pages: {name: string; paths: Partial<Record<SiteKey, string>>}[],
): Promise<Map<string, Map<SiteKey, Figures>>> {
  const keys: SiteKey[] = ['ours', 'stock', 'template'];
  const ports: Record<SiteKey, number> = {ours: 4301, stock: 4302, template: 4303};
  const servers = await Promise.all(keys.map((key) => serveStatic(dirs[key], ports[key])));
  const out = new Map<string, Map<SiteKey, Figures>>();
  try {
    for (const page of pages) {
      const targets = keys.flatMap((key) => {
        const at = page.paths[key];
        return at === undefined ? [] : [{key, url: `http://127.0.0.1:${ports[key]}${at}`}];
      });
      for (const target of targets) await lighthouseOnce(target.url); // warm-up, not counted (see bench/site.ts)
      const all = targets.map(() => [] as Figures[]);
      for (let run = 0; run < runs; run++) {
        for (const [index, target] of targets.entries()) all[index].push(await lighthouseOnce(target.url));
      }
      out.set(page.name, new Map(targets.map((target, index) => [target.key, medians(all[index])])));
      console.log(
        `measured ${targets.map((target) => target.url).join(', ')}: ${runs} runs each, in turns, after a warm-up run`,
      );
    }
  } finally {
    for (const server of servers) server.close();
  }
  return out;
}

/**
 * Each reference page of ours and the same spec in each renderer (./lib/renderers.ts), all taking
 * turns run by run, after a warm-up run each. Keyed by the page's name, then `ours` or the renderer's name.
 */
export async function measureReferences(
  runs: number,
  ours: string,
  renderers: RendererSite[],
  pages: {name: string; slug: string}[],
): Promise<Map<string, Map<string, Figures>>> {
  const servers = [
    await serveStatic(ours, 4310),
    ...(await Promise.all(renderers.map((site, index) => serveStatic(site.dir, 4311 + index)))),
  ];
  const out = new Map<string, Map<string, Figures>>();
  try {
    for (const page of pages) {
      const targets = [
        {key: 'ours', url: `http://127.0.0.1:4310/api/${page.slug}/`, blocked: [] as string[]},
        ...renderers.map((site, index) => ({
          key: site.name as string,
          url: `http://127.0.0.1:${4311 + index}${site.path(page.slug)}`,
          blocked: site.externalHosts,
        })),
      ];
      for (const target of targets) await lighthouseOnce(target.url, target.blocked); // warm-up, not counted
      const all = targets.map(() => [] as Figures[]);
      for (let run = 0; run < runs; run++) {
        for (const [index, target] of targets.entries())
          all[index].push(await lighthouseOnce(target.url, target.blocked));
      }
      out.set(page.name, new Map(targets.map((target, index) => [target.key, medians(all[index])])));
      console.log(
        `measured ${page.name} and its ${renderers.length} renderers: ${runs} runs each, in turns, after a warm-up run`,
      );
    }
  } finally {
    for (const server of servers) server.close();
  }
  return out;
}
