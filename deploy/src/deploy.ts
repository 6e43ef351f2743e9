/**
 * `npm run deploy:worker`: deploys the sandbox Worker and the site's build (`deploy/wrangler.jsonc`), after
 * checking that the build is one to deploy. It refuses, with what to do, when `SITE_URL` is not set or is not
 * an origin, when `website/build` is missing, or when the build was made for another origin than `SITE_URL`
 * (a build made without `SITE_URL` points its canonical links and `llms.txt` at http://localhost:3000). Then
 * `wrangler deploy -c deploy/wrangler.jsonc --var SITE_URL:<origin>`, with wrangler's telemetry off; any
 * other argument goes to wrangler (`-- --dry-run --outdir <dir>` bundles without uploading).
 * `--build <dir>` checks and deploys another build folder (wrangler's `--assets <dir>`). It also refuses a
 * `CHECK_PREVIOUS_KEYS` a verifier could not use, and after a real deploy asks the Worker for its key set: a
 * missing or broken `CHECK_SIGNING_KEY` is said then, with the command that sets it (exit 1).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {KEYS_PATH, readKeySet} from '@portal/check/signingKeys';
import {deployDir, readWranglerConfig, wranglerConfigPath} from './local';

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

/** The command that sets the hosted check's signing key (deploy/README.md). */
export const PUT_SIGNING_KEY =
  'npm run -s signing-key -w @portal/deploy | npx wrangler secret put CHECK_SIGNING_KEY -c deploy/wrangler.jsonc';

/**
 * What stops a deploy in the hosted check's retired keys: `CHECK_PREVIOUS_KEYS` (wrangler.jsonc's var, or the
 * value a `--var CHECK_PREVIOUS_KEYS:<set>` gives) is published in the key set, so one bad entry would make the
 * key set unusable and every attestation of the portal unverifiable. Empty: nothing to check.
 */
export async function previousKeyProblems(previous: string | undefined): Promise<string[]> {
  if (!previous?.trim()) return [];
  const set = await readKeySet(previous);
  return typeof set === 'string'
    ? [`CHECK_PREVIOUS_KEYS cannot be published: ${set}. Fix it in deploy/wrangler.jsonc (or the --var given).`]
    : [];
}

/**
 * After a deploy, what the published key set says of the signing key: nothing when it answers a usable set;
 * else why (a secret cannot be read back, so the deployed Worker is asked). A run is refused at creation while
 * the key is missing or broken, so this says it before a partner meets it.
 */
export async function publishedKeyProblems(origin: string, fetcher: typeof fetch = fetch): Promise<string[]> {
  const url = `${origin.replace(/\/+$/, '')}${KEYS_PATH}`;
  let answer: Response;
  try {
    answer = await fetcher(url, {signal: AbortSignal.timeout(30_000)});
  } catch (error) {
    return [
      `${url} could not be fetched (${error instanceof Error ? error.message : String(error)}): check it once the deploy is live`,
    ];
  }
  const text = await answer.text();
  if (answer.ok && typeof (await readKeySet(text)) !== 'string') return [];
  let message = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as {message?: unknown};
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not the check's error body: its text is shown as it is
  }
  return [
    `${url} answered ${answer.status}: ${message.replace(/\.$/, '')}. The hosted check cannot sign until CHECK_SIGNING_KEY is set: ${PUT_SIGNING_KEY}`,
  ];
}

/** The `--var CHECK_PREVIOUS_KEYS:<set>` given to the deploy, else wrangler.jsonc's. */
function previousKeysOf(extra: string[]): string | undefined {
  const given = extra.find((arg, at) => extra[at - 1] === '--var' && arg.startsWith('CHECK_PREVIOUS_KEYS:'));
  if (given !== undefined) return given.slice('CHECK_PREVIOUS_KEYS:'.length);
  const vars = readWranglerConfig().vars as Record<string, unknown> | undefined;
  return typeof vars?.CHECK_PREVIOUS_KEYS === 'string' ? vars.CHECK_PREVIOUS_KEYS : undefined;
}

/** The wrangler command of a deploy that passed the checks. */
export function wranglerDeployArgs(siteUrl: string, buildDir: string, extra: string[]): string[] {
  const args = ['deploy', '--config', wranglerConfigPath, '--var', `SITE_URL:${siteUrl.trim().replace(/\/+$/, '')}`];
  if (path.resolve(buildDir) !== defaultBuildDir) args.push('--assets', path.resolve(buildDir));
  return [...args, ...extra];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--build');
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const buildDir = at >= 0 ? path.resolve(cwd, argv[at + 1] ?? '') : defaultBuildDir;
  const extra = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  const siteUrl = process.env.SITE_URL;
  const problems = [...deployProblems(buildDir, siteUrl), ...(await previousKeyProblems(previousKeysOf(extra)))];
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
  if (result.status !== 0 || extra.includes('--dry-run')) process.exit(result.status ?? 1);
  const after = await publishedKeyProblems(siteUrl!);
  for (const problem of after) console.error(`deploy:worker: deployed, but ${problem}`);
  process.exit(after.length ? 1 : 0);
}

if (require.main === module) void main();
