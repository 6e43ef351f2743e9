/**
 * `npm run deploy:worker`: deploys the sandbox Worker and the site's build (`deploy/wrangler.jsonc`), after
 * checking that the build is one to deploy. It refuses, with what to do, when `SITE_URL` is not set or is not
 * an origin, when `website/build` is missing, or when the build was made for another origin than `SITE_URL`
 * (a build made without `SITE_URL` points its canonical links and `llms.txt` at http://localhost:3000). Then
 * `wrangler deploy -c deploy/wrangler.jsonc --var SITE_URL:<origin>`, with wrangler's telemetry off; any
 * other argument goes to wrangler (`-- --dry-run --outdir <dir>` bundles without uploading).
 * `--build <dir>` checks and deploys another build folder (wrangler's `--assets <dir>`).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {deployDir, wranglerConfigPath} from './local';

/** The origin a build made without `SITE_URL` points at (website/config/site.ts `localSiteUrl`). */
export const LOCAL_SITE_URL = 'http://localhost:3000';
export const defaultBuildDir = path.resolve(deployDir, '..', 'website', 'build');

const example = 'SITE_URL=https://developers.example.com';
const rebuild = (siteUrl: string) => `SITE_URL=${siteUrl} npm run build && SITE_URL=${siteUrl} npm run deploy:worker`;

/** The href of the canonical link of a page (Docusaurus writes it with or without quotes). */
export function canonicalOf(html: string): string | undefined {
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?canonical["'\s/>]/i.test(tag)) continue;
    return tag
      .match(/\bhref=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i)
      ?.slice(1)
      .find((value) => value !== undefined);
  }
  return undefined;
}

/** What stops a deploy of `buildDir` for `siteUrl`: an empty list when it may go. */
export function deployProblems(buildDir: string, siteUrl: string | undefined): string[] {
  const origin = siteUrl?.trim().replace(/\/+$/, '');
  if (!origin) {
    return [
      `SITE_URL is not set: deploy with the site's public origin, the one the build was made for: ${example} npm run build && ${example} npm run deploy:worker`,
    ];
  }
  if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
    return [`SITE_URL must be an origin such as https://developers.example.com, not ${siteUrl}`];
  }
  if (origin === LOCAL_SITE_URL) {
    return [`SITE_URL is ${LOCAL_SITE_URL}, the local server's address: deploy with the site's public origin`];
  }
  const index = path.join(buildDir, 'index.html');
  if (!fs.existsSync(index)) return [`There is no site build in ${buildDir}: ${rebuild(origin)}`];
  const problems: string[] = [];
  const canonical = canonicalOf(fs.readFileSync(index, 'utf8'));
  if (!canonical) {
    problems.push(`${index} has no canonical link: is it a production build? ${rebuild(origin)}`);
  } else if (canonical.startsWith(LOCAL_SITE_URL)) {
    problems.push(
      `The build in ${buildDir} was made without SITE_URL: its canonical links point at ${LOCAL_SITE_URL}. Rebuild it: ${rebuild(origin)}`,
    );
  } else if (!canonical.startsWith(`${origin}/`) && canonical !== origin) {
    problems.push(
      `The build in ${buildDir} was made for ${new URL(canonical).origin}, not SITE_URL ${origin}: ${rebuild(origin)}`,
    );
  }
  const llms = path.join(buildDir, 'llms.txt');
  if (fs.existsSync(llms) && fs.readFileSync(llms, 'utf8').includes(LOCAL_SITE_URL) && !problems.length) {
    problems.push(`${llms} points at ${LOCAL_SITE_URL}: the build was made without SITE_URL. ${rebuild(origin)}`);
  }
  return problems;
}

/** The wrangler command of a deploy that passed the checks. */
export function wranglerDeployArgs(siteUrl: string, buildDir: string, extra: string[]): string[] {
  const args = ['deploy', '--config', wranglerConfigPath, '--var', `SITE_URL:${siteUrl.trim().replace(/\/+$/, '')}`];
  if (path.resolve(buildDir) !== defaultBuildDir) args.push('--assets', path.resolve(buildDir));
  return [...args, ...extra];
}

function main(): void {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--build');
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const buildDir = at >= 0 ? path.resolve(cwd, argv[at + 1] ?? '') : defaultBuildDir;
  const extra = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  const siteUrl = process.env.SITE_URL;
  const problems = deployProblems(buildDir, siteUrl);
  if (problems.length) {
    for (const problem of problems) console.error(`deploy:worker: ${problem}`);
    console.error('deploy:worker: nothing was deployed.');
    process.exit(1);
  }
  console.log(`deploy:worker: ${buildDir} is a build for ${siteUrl}; deploying with wrangler`);
  const wrangler = path.join(path.dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js');
  const result = spawnSync(process.execPath, [wrangler, ...wranglerDeployArgs(siteUrl!, buildDir, extra)], {
    cwd: deployDir,
    stdio: 'inherit',
    env: {...process.env, WRANGLER_SEND_METRICS: 'false'},
  });
  process.exit(result.status ?? 1);
}

if (require.main === module) main();
