/**
 * `npm run deploy:worker` refuses a build it must not deploy and says what to do: no SITE_URL, a build made
 * without it (pointing at http://localhost:3000), a build made for another origin, no build. A build made for
 * SITE_URL goes on to `wrangler deploy`, here `--dry-run` (it builds the Worker and reads the assets, and
 * uploads nothing; no account, no network: banner and update check off, telemetry off).
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {generateSigningKey, signerOf} from '@portal/check/signingKeys';
import {
  canonicalOf,
  defaultBuildDir,
  deployProblems,
  LOCAL_SITE_URL,
  previousKeyProblems,
  publishedKeyProblems,
  wranglerDeployArgs,
} from './deploy';

const root = path.resolve(__dirname, '..', '..');
const tsx = require.resolve('tsx/cli');
const ORIGIN = 'https://developers.example.com';
const made: string[] = [];

/** A small build folder whose pages were made for `origin` (Docusaurus writes the canonical link unquoted). */
function fakeBuild(origin: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-build-'));
  made.push(dir);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><link data-rh=true rel=canonical href=${origin}/ /></head><body>Home</body></html>`,
  );
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><p>Not found</p>');
  fs.writeFileSync(path.join(dir, 'llms.txt'), `# Portal\n\n- [All](${origin}/llms-full.txt)\n`);
  return dir;
}

afterAll(() => {
  for (const dir of made) fs.rmSync(dir, {recursive: true, force: true});
});

/**
 * The command as `npm run deploy:worker -- <args>` runs it, with SITE_URL as given (asynchronously: wrangler's
 * dry run takes most of a minute on a loaded machine, which must not block the test worker's event loop).
 */
async function deploy(args: string[], siteUrl: string | undefined): Promise<{status: number; output: string}> {
  const env: NodeJS.ProcessEnv = {...process.env, WRANGLER_HIDE_BANNER: 'true', WRANGLER_SEND_METRICS: 'false'};
  delete env.SITE_URL;
  delete env.CLOUDFLARE_API_TOKEN;
  if (siteUrl !== undefined) env.SITE_URL = siteUrl;
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [tsx, path.join(__dirname, 'deploy.ts'), ...args],
      {cwd: root, env, encoding: 'utf8', timeout: 170_000},
      (error, stdout, stderr) =>
        resolve({status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: `${stdout}${stderr}`}),
    ),
  );
}

describe('the deploy check', () => {
  it('reads the canonical link quoted or not', () => {
    expect(canonicalOf('<link data-rh=true rel=canonical href=https://a.example/ />')).toBe('https://a.example/');
    expect(canonicalOf('<link rel="icon" href="/x"><link rel="canonical" href="https://b.example/docs">')).toBe(
      'https://b.example/docs',
    );
    expect(canonicalOf('<p>no link</p>')).toBeUndefined();
  });

  it('refuses without SITE_URL, with SITE_URL not an origin or the local one, and a build for another origin', () => {
    const build = fakeBuild(ORIGIN);
    expect(deployProblems(build, undefined)).toEqual([expect.stringMatching(/^SITE_URL is not set: /)]);
    expect(deployProblems(build, ' ')).toEqual([expect.stringMatching(/^SITE_URL is not set: /)]);
    expect(deployProblems(build, 'developers.example.com')).toEqual([expect.stringContaining('must be an origin')]);
    expect(deployProblems(build, LOCAL_SITE_URL)).toEqual([expect.stringContaining("the local server's address")]);
    expect(deployProblems(build, 'https://other.example.com')).toEqual([
      expect.stringContaining(`was made for ${ORIGIN}, not SITE_URL https://other.example.com`),
    ]);
    expect(deployProblems(path.join(build, 'missing'), ORIGIN)).toEqual([expect.stringContaining('no site build')]);
  });

  it('refuses a build made without SITE_URL (pointing at http://localhost:3000), saying how to rebuild', () => {
    expect(deployProblems(fakeBuild(LOCAL_SITE_URL), ORIGIN)).toEqual([
      `The build in ${made.at(-1)} was made without SITE_URL: its canonical links point at ${LOCAL_SITE_URL}. Rebuild it: SITE_URL=${ORIGIN} npm run build && SITE_URL=${ORIGIN} npm run deploy:worker`,
    ]);
  });

  it('lets a build made for SITE_URL go, with SITE_URL passed to the Worker', () => {
    const build = fakeBuild(ORIGIN);
    expect(deployProblems(build, `${ORIGIN}/`)).toEqual([]);
    expect(wranglerDeployArgs(`${ORIGIN}/`, build, ['--dry-run'])).toEqual([
      'deploy',
      '--config',
      expect.stringMatching(/deploy\/wrangler\.jsonc$/),
      '--var',
      `SITE_URL:${ORIGIN}`,
      '--assets',
      build,
      '--dry-run',
    ]);
    expect(wranglerDeployArgs(ORIGIN, defaultBuildDir, [])).not.toContain('--assets');
  });
});

describe('npm run deploy:worker', () => {
  it('exits 1 and deploys nothing without SITE_URL, or for a build made without it', async () => {
    const unset = await deploy(['--build', fakeBuild(ORIGIN)], undefined);
    expect(unset.status).toBe(1);
    expect(unset.output).toContain('deploy:worker: SITE_URL is not set');
    expect(unset.output).toContain('nothing was deployed');
    const local = await deploy(['--build', fakeBuild(LOCAL_SITE_URL)], ORIGIN);
    expect(local.status).toBe(1);
    expect(local.output).toContain('was made without SITE_URL: its canonical links point at http://localhost:3000');
    expect(local.output).not.toContain('wrangler');
  });

  it('runs wrangler deploy for a build made for SITE_URL (--dry-run: the Worker built, the assets read)', async () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-out-'));
    made.push(outdir);
    const result = await deploy(['--build', fakeBuild(ORIGIN), '--dry-run', '--outdir', outdir], ORIGIN);
    expect(result.output).toContain(`is a build for ${ORIGIN}; deploying with wrangler`);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('--dry-run: exiting now.');
    expect(result.output).toMatch(/env\.RATE_LIMIT_BY_ADDRESS \(300 requests\/60s\)/);
    expect(result.output).toMatch(/env\.RATE_LIMIT_BY_KEY \(120 requests\/60s\)/);
    expect(result.output).toContain('env.SITE_URL');
    expect(fs.readdirSync(outdir)).toContain('worker.js');
  }, 180_000);
});

describe("the hosted check's keys, before and after a deploy", () => {
  it('refuses retired keys a verifier could not use, and takes a good set or none', async () => {
    const {published} = await signerOf(JSON.stringify(await generateSigningKey()));
    expect(await previousKeyProblems('')).toEqual([]);
    expect(await previousKeyProblems(JSON.stringify({keys: [{...published, exp: 1_900_000_000}]}))).toEqual([]);
    expect(await previousKeyProblems('{"keys":[{"kty":"OKP","crv":"Ed25519","x":"AAAA"}]}')).toEqual([
      'CHECK_PREVIOUS_KEYS cannot be published: key AAAA is not an Ed25519 public key: its x is not 32 bytes in base64url. Fix it in deploy/wrangler.jsonc (or the --var given).',
    ]);
  });

  it('says, after a deploy, that the Worker cannot sign, with the command that sets its key; nothing when it can', async () => {
    const {published} = await signerOf(JSON.stringify(await generateSigningKey()));
    const asked: string[] = [];
    const answering = (response: Response) => (url: string | URL | Request) => {
      asked.push(String(url));
      return Promise.resolve(response);
    };
    expect(
      await publishedKeyProblems(`${ORIGIN}/`, answering(new Response(JSON.stringify({keys: [published]})))),
    ).toEqual([]);
    expect(asked).toEqual([`${ORIGIN}/.well-known/integration-check-keys.json`]);
    const missing = JSON.stringify({code: 503, message: 'The portal has no key to sign attestations with.'});
    expect(await publishedKeyProblems(ORIGIN, answering(new Response(missing, {status: 503})))).toEqual([
      `${ORIGIN}/.well-known/integration-check-keys.json answered 503: The portal has no key to sign attestations with. The hosted check cannot sign until CHECK_SIGNING_KEY is set: npm run -s signing-key -w @portal/deploy | npx wrangler secret put CHECK_SIGNING_KEY -c deploy/wrangler.jsonc`,
    ]);
    // A 200 that is no usable key set is a problem too
    expect(await publishedKeyProblems(ORIGIN, answering(new Response('<html>site</html>')))).toHaveLength(1);
  });
});
