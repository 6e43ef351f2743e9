/**
 * The stock renderings of `bench:site`'s stock site (./stockMdx.ts): every guide and post of the website
 * converts with the site's components' markdown forms, each component a page uses getting its form, and a
 * component with no form stops the conversion with a message naming it and the file to add.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {componentMarkdown} from '@portal/website/components/markdown';
import type {DownloadInfo} from '@portal/website/plugins/downloads';
import {disclosureWhat, toStockMdx} from './stockMdx';

const website = path.resolve(__dirname, '../../website');
const downloads: DownloadInfo[] = ['sandbox.mjs', 'mcp.mjs'].map((name, index) => ({
  name,
  path: `/downloads/${name}`,
  checksumPath: `/downloads/${name}.sha256`,
  bytes: 4_500_000 + index * 2_900_000,
  sha256: String(index + 1).repeat(64),
}));
const forms = componentMarkdown({
  siteUrl: 'http://localhost:3000',
  hostedSandboxUrl: null,
  downloads,
  bundles: loadBundles(),
});

/** The MDX files of a folder of the website, relative to website/. */
const mdxFiles = (folder: string): string[] =>
  readdirSync(path.join(website, folder)).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(path.join(website, file)).isDirectory()) return mdxFiles(file);
    return /\.mdx?$/.test(name) ? [file] : [];
  });

const page = (body: string) => `---\ntitle: A page\n---\n\n${body}\n`;

describe("bench:site's stock renderings", () => {
  it('converts every guide and post, each component of ours by its markdown form', async () => {
    const files = [...mdxFiles('docs'), ...mdxFiles('blog')];
    expect(files.length).toBeGreaterThan(50);
    const converted: ReturnType<typeof toStockMdx>[] = [];
    for (const file of files) {
      converted.push(toStockMdx(file, readFileSync(path.join(website, file), 'utf8'), forms, `/${file}`));
      // The whole conversion is synchronous and, on a busy machine, longer than the 60 s in which vitest's worker
      // must read the runner's answers: yielding after each page lets it read them (else "Timeout calling
      // onTaskUpdate" fails the run with every test passed)
      await new Promise((resolve) => setImmediate(resolve));
    }
    const what = new Set(converted.flatMap((result) => result.rewrites.map((rewrite) => rewrite.what)));
    for (const name of ['CheckRules', 'OneFileDownloads', 'SpecDownloads', 'HostedSandbox', 'TryIt'])
      expect(what).toContain(`${name}: its markdown form (website/src/components/markdown.ts)`);
    const checks = converted[files.indexOf('docs/getting-started/integration-check.mdx')].mdx;
    expect(checks).toContain('| Scenario | What the check does to the calls |');
    expect(checks).not.toMatch(/<Check(Rules|Scenarios)/);
    // Expanded by our remark plugins: the go-live policies, and an enum's table with the notes a guide adds
    expect(checks).toContain('(`--for hotels-live-prices`)');
    expect(checks).not.toContain('<GoLivePolicies');
    const carHire = converted[files.indexOf('docs/autosuggest/car-hire.mdx')].mdx;
    expect(carHire).toMatch(/^\| `PLACE_TYPE_TRAIN_STATION` \|.*\| Train station \|/m);
    expect(carHire).not.toMatch(/<\/?(EnumTable|FieldTable)/);
    // The reference data table our remark plugin makes
    const rateLimits = converted[files.indexOf('docs/getting-started/rate-limits.mdx')].mdx;
    expect(rateLimits).toMatch(/^\| Data \| Call \| Suggested refresh \|$/m);
    expect(rateLimits).not.toContain('<ReferenceDataTable');
    // A field table's own table, as written
    expect(carHire).toContain('| `entityId` | The id to search with. |');
    // The change log's closed lists: MDX's <details>, which the stock theme renders closed as ours is
    const changeLog = converted[files.indexOf('docs/change-log.mdx')].mdx;
    expect(changeLog).toMatch(
      /^<details>\n {2}<summary>\n {4}The other \d+ changes, by operation\n {2}<\/summary>\n\n {2}- `/m,
    );
    expect(changeLog).not.toMatch(/<\/?(Disclosure|SpecReleases)/);
    expect(what).toContain(disclosureWhat);
  });

  it('writes a component as its form says, and stops on one with no form, naming it and the file to add', () => {
    const mdx = page('Verify it here:\n\n<AttestationVerifier source="run" />');
    expect(() => toStockMdx('docs/check.mdx', mdx, forms, '/docs/check')).toThrow(
      'docs/check.mdx:7: <AttestationVerifier> has no stock rendering for bench:site: give it a markdown form, website/src/components/AttestationVerifier/markdown.ts, registered in website/src/components/markdown.ts',
    );
    const withForm = {...forms, AttestationVerifier: () => 'The verifier of a run, from its `source`.'};
    const stock = toStockMdx('docs/check.mdx', mdx, withForm, '/docs/check');
    expect(stock.mdx).toContain('The verifier of a run, from its `source`.');
    expect(stock.mdx).not.toContain('<AttestationVerifier');
    expect(stock.rewrites).toEqual([
      {page: 'docs/check.mdx', what: 'AttestationVerifier: its markdown form (website/src/components/markdown.ts)'},
    ]);
  });

  it('keeps links to files the stock site does not serve off its link check, and code fences as written', () => {
    const mdx = page('Import <SandboxEnvironmentLink /> too.\n\n```mdx\n<NotOurs />\n```');
    const stock = toStockMdx('docs/x.mdx', mdx, forms, '/docs/x').mdx;
    expect(stock).toContain(
      'Import [`sandbox.postman_environment.json`](pathname:///openapi/sandbox.postman_environment.json) too.',
    );
    expect(stock).toContain('```mdx\n<NotOurs />\n```');
  });
});
