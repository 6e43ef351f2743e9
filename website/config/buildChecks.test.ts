import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, describe, expect, it} from 'vitest';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const fixture = path.join(__dirname, 'fixtures', 'site');
const outDirs: string[] = [];

/** Builds the fixture site with one of its docs folders; returns the exit status and the output. */
async function buildFixture(docs: string): Promise<{ok: boolean; output: string}> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'build-check-'));
  outDirs.push(outDir);
  try {
    const {stdout, stderr} = await run(
      path.join(root, 'node_modules', '.bin', 'docusaurus'),
      ['build', fixture, '--out-dir', outDir],
      {env: {...process.env, FIXTURE_DOCS: docs}, maxBuffer: 32 * 1024 * 1024},
    );
    return {ok: true, output: stdout + stderr};
  } catch (error) {
    const failed = error as {stdout?: string; stderr?: string};
    return {ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`};
  }
}

afterAll(() => outDirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

describe('build checks of config/buildChecks.ts', () => {
  it('builds a site whose links and images resolve', async () => {
    const result = await buildFixture('docs-ok');
    expect(result.output).toContain('[SUCCESS]');
    expect(result.ok).toBe(true);
  });

  it('fails the build on a broken link and names the page and the target', async () => {
    const result = await buildFixture('docs-broken-link');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/Broken link on source page path = \/:\s+-> linking to \/no-such-page/);
  });

  it('fails the build on a broken markdown image and names the missing file', async () => {
    const result = await buildFixture('docs-broken-image');
    expect(result.ok).toBe(false);
    expect(result.output).toContain('missing-diagram.png');
    expect(result.output).toMatch(/onBrokenMarkdownImages/);
  });
});
