/**
 * The site's components as markdown (./markdown.ts): every guide and post converts with the forms, as the
 * build converts them (a component without a form would stop it), and each form says what its component
 * shows, from the same data: the check's rules and scenarios, the one files with their checksums, the
 * specifications' downloads, the hosted sandbox or its absence, the price formatter's first price.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contentFiles, gatherGuides, markdownPath, pagesMarkdown, type DocsPage} from '@portal/content';
import {apis} from '@portal/content/apis';
import {loadBundles} from '@portal/specs/node';
import {HOSTED_RATE_LIMITS} from '@portal/sandbox/worker/limits';
import {DEFAULT_TIMEOUT_SECONDS, MAX_CALLS_PER_RUN, MAX_TIMEOUT_SECONDS} from '@portal/check/model';
import {
  HOSTED_MAX_CALLS_PER_SCENARIO,
  HOSTED_RUN_RATE_LIMITS,
  MAX_RUN_REQUEST_BYTES,
  RUN_RETENTION_MS,
} from '@portal/check/hosted/limits';
import remarkEnumTables from '../plugins/enumTables';
import remarkGoLivePolicies from '../plugins/goLivePolicies';
import remarkSpecReleases from '../plugins/changelog/specReleases';
import type {DownloadInfo} from '../plugins/downloads/downloads';
import {checkLimitMarkdown} from './CheckLimit/markdown';
import {checkScenarios, rules} from './CheckRules/rules';
import {duration} from './HostedCheckLimits/limits';
import {componentMarkdown, type SiteFacts} from './markdown';

const siteUrl = 'https://developers.example.com';
const bundles = loadBundles();
const downloads: DownloadInfo[] = ['sandbox.mjs', 'mcp.mjs'].map((name, index) => ({
  name,
  path: `/downloads/${name}`,
  checksumPath: `/downloads/${name}.sha256`,
  bytes: 4_500_000 + index * 2_900_000,
  sha256: String(index + 1).repeat(64),
}));
const facts: SiteFacts = {siteUrl, hostedSandboxUrl: null, downloads, bundles};
const websiteDir = path.resolve(__dirname, '../..');

/** Every guide and post (or those at `only`), converted as the build converts them. */
function convert(site: SiteFacts, only?: string[]) {
  const posts: DocsPage[] = contentFiles(path.join(websiteDir, 'blog')).map((file) => ({
    kind: 'post',
    title: path.basename(path.dirname(file)),
    path: `/blog/${path.basename(path.dirname(file))}`,
    markdownPath: markdownPath(`/blog/${path.basename(path.dirname(file))}`),
    section: 'Blog',
    file,
  }));
  const guides = gatherGuides({docsDir: path.join(websiteDir, 'docs')});
  const chosen = [...guides, ...posts].filter((page) => !only || only.includes(page.path));
  return new Map(
    pagesMarkdown(chosen, {
      bundles,
      siteUrl: site.siteUrl,
      components: componentMarkdown(site),
      guideRemarkPlugins: [remarkSpecReleases, remarkEnumTables, remarkGoLivePolicies],
    }).map((page) => [page.path, page.markdown]),
  );
}

describe("the site's components as markdown", () => {
  const pages = convert(facts);

  it('converts every guide and post: no component of theirs lacks a form', () => {
    expect(pages.size).toBeGreaterThan(80);
  });

  it('writes the scenarios as a table and every rule with its tolerance, where it is judged and its guide', () => {
    const page = pages.get('/docs/getting-started/integration-check')!;
    expect(page).toContain('| Scenario | What the check does to the calls |');
    for (const scenario of checkScenarios) expect(page).toContain(`| \`${scenario}\` |`);
    expect(rules.length).toBeGreaterThan(5);
    for (const [index, rule] of rules.entries()) expect(page).toContain(`${index + 1}. \`${rule.id}\``);
    expect(page).toContain('- **Judged:** Only in the never-completes scenario; never in a HAR.');
    expect(page).toContain(
      `Only this scenario judges [\`bounded-polling\`](${siteUrl}/docs/getting-started/integration-check#rule-bounded-polling).`,
    );
    expect(page).toContain(`- **Guide:** [Rate limits: Poll politely](${siteUrl}/docs/getting-started/rate-limits.md#`);
  });

  it('writes each one file with its link, size, SHA-256 and checksum file, only those a page names', () => {
    const row = `| [\`sandbox.mjs\`](${siteUrl}/downloads/sandbox.mjs) | The sandbox and the integration check, with the thirteen specifications | 4.5 MB | \`${'1'.repeat(64)}\` [sandbox.mjs.sha256](${siteUrl}/downloads/sandbox.mjs.sha256) |`;
    expect(pages.get('/docs/getting-started/downloads')).toContain(row);
    expect(pages.get('/docs/getting-started/downloads')).toContain('7.4 MB');
    const assistants = pages.get('/docs/getting-started/ai-assistants')!;
    expect(assistants).toContain(`\`${'2'.repeat(64)}\``);
    expect(assistants).not.toContain(`\`${'1'.repeat(64)}\``);
    expect(() => convert({...facts, downloads: []}, ['/docs/getting-started/downloads'])).toThrow(
      '<OneFileDownloads> has no file to show',
    );
  });

  it("writes the specifications' downloads, a row per API with its four files, and the sandbox's environment", () => {
    const page = pages.get('/docs/getting-started/downloads')!;
    for (const api of apis)
      expect(page).toContain(
        `| [${api.title}](${siteUrl}/api/${api.slug}/) | [\`${api.slug}.json\`](${siteUrl}/openapi/${api.slug}.json) |`,
      );
    expect(page).toContain(
      `import its environment too, [\`sandbox.postman_environment.json\`](${siteUrl}/openapi/sandbox.postman_environment.json), and`,
    );
  });

  it('says the portal offers no hosted sandbox for your own calls, or gives its address and its own limits', () => {
    const without = pages.get('/docs/getting-started/sandbox')!;
    expect(without).toContain('This portal offers no hosted sandbox for your own calls: run the one file');
    // It hosts the check, whose runs call the sandbox: the twin says so, and never that it has no hosted sandbox
    expect(without).toContain('The integration check is hosted on this portal: in a [hosted run]');
    expect(without).not.toContain('has no hosted sandbox');
    expect(pages.get('/docs/getting-started/ai-assistants')).toContain('so no hosted MCP server either');
    const hostedPages = ['/docs/getting-started/sandbox', '/docs/getting-started/ai-assistants'];
    const hosted = convert({...facts, hostedSandboxUrl: siteUrl}, hostedPages);
    const sandbox = hosted.get('/docs/getting-started/sandbox')!;
    expect(sandbox).toContain(
      `The hosted sandbox answers at \`${siteUrl}\`, this site’s own address: set \`API_BASE_URL=${siteUrl}\`.`,
    );
    for (const limit of Object.values(HOSTED_RATE_LIMITS))
      expect(sandbox).toContain(`- ${limit.limit} requests per ${limit.periodSeconds} seconds per ${limit.countedBy}.`);
    expect(hosted.get('/docs/getting-started/ai-assistants')).toContain(`For this portal, that is \`${siteUrl}/mcp\`.`);
    const elsewhere = convert({...facts, hostedSandboxUrl: 'https://sandbox.example.com'}, hostedPages);
    expect(elsewhere.get('/docs/getting-started/sandbox')).toContain('answers at `https://sandbox.example.com`: set');
  });

  it("writes the check's own bounds inside their sentences, from the figures the check uses", () => {
    const page = pages.get('/docs/getting-started/integration-check')!;
    expect(page).toContain(
      `The check stops a run at its time limit (${DEFAULT_TIMEOUT_SECONDS} seconds unless you say otherwise), and stops a program that makes more than ${MAX_CALLS_PER_RUN} calls in one run.`,
    );
    expect(page).toContain(`from 1 to ${MAX_TIMEOUT_SECONDS}. The default is ${DEFAULT_TIMEOUT_SECONDS}. |`);
    expect(() => checkLimitMarkdown.CheckLimit({props: {of: 'max-calls'}} as never)).toThrow(
      '<CheckLimit of="max-calls">: the check has no such bound (it has default-timeout-seconds, max-timeout-seconds, max-calls-per-run)',
    );
  });

  it("writes a hosted run's bounds from the figures the Worker enforces", () => {
    const page = pages.get('/docs/getting-started/integration-check')!;
    expect(page).toContain(
      `- Calls: at most ${HOSTED_MAX_CALLS_PER_SCENARIO} calls in each scenario. Past that, the run answers \`503\``,
    );
    const {perKey, perAddress} = HOSTED_RUN_RATE_LIMITS;
    expect(page).toContain(
      `- New runs: at most ${perKey.limit} per ${perKey.periodSeconds} seconds with one key, and ${perAddress.limit} per ${perAddress.periodSeconds} seconds from one client address.`,
    );
    expect(page).toContain(`the body that makes or finishes a run is at most ${MAX_RUN_REQUEST_BYTES} bytes`);
    expect(page).toContain(`kept for ${duration(RUN_RETENTION_MS)} after the run was made`);
    expect([24 * 3600_000, 7 * 24 * 3600_000, 5 * 60_000, 90_000, 1500].map(duration)).toEqual([
      '1 day',
      '7 days',
      '5 minutes',
      '90 seconds',
      '1500 milliseconds',
    ]);
  });

  it('writes the interactive parts as what they show first and where they work, and the price formatter its first price', () => {
    expect(pages.get('/docs/culture/currencies')).toContain('**Formatted: £123.45**');
    expect(pages.get('/docs/getting-started/find-entity-ids')).toContain(
      `_On [this page](${siteUrl}/docs/getting-started/find-entity-ids), an interactive finder`,
    );
    expect(pages.get('/docs/getting-started/integration-check')).toContain('Choose a `.har` file, or drop one here.');
    expect(pages.get('/docs/getting-started/integration-check')).toContain(
      `_On [this page](${siteUrl}/docs/getting-started/integration-check), a verifier of attestations: three file pickers, a choice of the API to go live with, a challenge and a Verify button._`,
    );
    expect(pages.get('/docs/getting-started/integration-check')).toContain(
      '**Key set file, optional.** Without it, the page uses the key set this site publishes at `/.well-known/integration-check-keys.json`, if it publishes one.',
    );
    // Written inside a paragraph: one paragraph.
    expect(pages.get('/docs/flights-live-prices/quick-start')).toContain(
      '**Try it: `FlightsService_CreateSearch`.** Send this create call to the sandbox from this page, then poll it until it is complete, with no key or server of your own. _The button opens the try-it console on',
    );
    expect(pages.get('/docs/flights-live-prices/quick-start')).toContain(
      `(${siteUrl}/api/flights-live-pricing/#tag/FlightsService/operation/FlightsService_CreateSearch)._`,
    );
  });

  it("writes the change log's closed lists as opened: the summary, then the list", () => {
    const page = pages.get('/docs/change-log')!;
    // Breaking changes in the open; the others after their summary, by operation
    expect(page).toMatch(/\n- \*\*Breaking:\*\* `HotelsService_PollSearch`: type definition of `filters`/);
    expect(page).toMatch(
      /\nThe other \d+ changes, by operation:\n\n- `(GET|POST) \/apiservices\/v3\/[^`]+`\n {2}- Documentation: /,
    );
  });
});
