import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, describe, expect, it} from 'vitest';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const fixture = path.join(__dirname, 'buildChecks.fixtures');
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
  it('builds a site whose links and images resolve, with no warning', async () => {
    const result = await buildFixture('docs-ok');
    expect(result.output).toContain('[SUCCESS]');
    expect(result.output).not.toContain('[WARNING]');
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

  it('warns about a broken anchor and still builds', async () => {
    const result = await buildFixture('docs-broken-anchor');
    expect(result.output).toContain('[WARNING] Docusaurus found broken anchors!');
    expect(result.output).toMatch(/Broken anchor on source page path = \/:\s+-> linking to \/other#no-such-heading/);
    expect(result.output).toContain('[SUCCESS]');
    expect(result.ok).toBe(true);
  });

  it('warns about two pages at the same route and still builds', async () => {
    const result = await buildFixture('docs-duplicate-route');
    expect(result.output).toContain('[WARNING] Duplicate routes found!');
    expect(result.output).toContain('Attempting to create page at /same, but a page already exists at this route.');
    expect(result.output).toContain('[SUCCESS]');
    expect(result.ok).toBe(true);
  });

  it('warns about a broken markdown link; the link it leaves behind then fails the broken-link check', async () => {
    const result = await buildFixture('docs-broken-markdown-link');
    // The Markdown hook only warns (with 'throw' it would stop the build with its own error here)...
    expect(result.output).toMatch(
      /\[WARNING\] Markdown link with URL `\.\/missing-page\.md` in source file "[^"]*docs-broken-markdown-link\/index\.md" \(3:\d+\) couldn't be resolved/,
    );
    expect(result.output).not.toMatch(/\[ERROR\][^\n]*Markdown link/);
    // ...and the unresolved link stays in the page, where the broken-link rule finds it.
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/Broken link on source page path = \/:\s+-> linking to \.\/missing-page\.md/);
  });
});
