/**
 * Words a partner has never seen: the text partners read never says "seed" or "seeds" (the team's
 * name for an internal product specification). Checked on the prose of every guide and blog post (the
 * change log too; code blocks, where `seed` can be a variable, are left out), on every text of the
 * bundled specifications that the reference pages, the change log, the markdown pages and the MCP
 * server show (descriptions, summaries, titles, validation notes; not the generated code samples),
 * and on the instructions llms.txt gives agents. e2e/llms.spec.ts checks the built llms-full.txt.
 *
 * And the provider's voice (test-utils/partnerWords.ts): the portal is the provider's documentation,
 * so what partners read never speaks of "the published documentation" or of what "the documentation"
 * does not say as someone else's, never says "Assumption", and never hands them the provider's set-up
 * (npm scripts, a clone, what the build was told, `security: []`). Checked on the guides and posts as
 * their markdown twins say them (what the page shows: a Not confirmed box without its reason), on every
 * text of the bundled specifications, code samples included, and their reference markdown, on the
 * hosted sandbox notes as they render, and on llms.txt's instructions; e2e/provider-voice.spec.ts
 * checks the built pages, the twins and llms-full.txt.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {contentFiles, gatherGuides, markdownPath, pagesMarkdown, type DocsPage} from '@portal/content';
import {componentMarkdown} from '../src/components/markdown';
import remarkEnumTables from '../src/plugins/enumTables';
import remarkGoLivePolicies from '../src/plugins/goLivePolicies';
import remarkSpecReleases from '../src/plugins/changelog/specReleases';
import {loadBundles, referenceMarkdown} from '@portal/specs/node';
import {agentInstructions} from '../src/plugins/llms/llmsTxt';
import {HostedMcpNote, HostedSandboxNote} from '../src/components/HostedSandbox/notes';
import {seedApis} from '@portal/test-utils/seed';
import {partnerVoiceRules, unwelcomeWords} from '@portal/test-utils/partnerWords';

const websiteDir = path.resolve(__dirname, '..');
const SEED = /\bseeds?\b/i;

/** A page's text outside its fenced code blocks. */
function prose(text: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (opening && (!fence || opening.startsWith(fence))) {
      fence = fence ? undefined : opening;
      continue;
    }
    if (!fence) kept.push(line);
  }
  return kept.join('\n');
}

/** Every string of a specification a reader is shown, with its JSON path; the code samples left out. */
function specTexts(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => specTexts(item, `${at}/${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([key]) => key !== 'x-codeSamples')
      .flatMap(([key, item]) => specTexts(item, `${at}/${key}`));
  }
  return [];
}

/** The lines of a text that say "seed" or "seeds", each with where it is. */
const saying = (where: string, text: string): string[] =>
  text
    .split('\n')
    .flatMap((line, index) => (SEED.test(line) ? [`${where}:${index + 1}: ${line.trim().slice(0, 160)}`] : []));

describe('the words partners read', () => {
  it('never say "seed" in the guides and the blog, outside code', () => {
    const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))];
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      saying(path.relative(websiteDir, file), prose(fs.readFileSync(file, 'utf8'))),
    );
    expect(found).toEqual([]);
  });

  it('never say "seed" in the bundled specifications (descriptions, summaries, validation notes, examples)', () => {
    const bundles = loadBundles();
    expect([...bundles.keys()].sort()).toEqual(seedApis.map((api) => api.slug).sort());
    const found = [...bundles].flatMap(([slug, doc]) =>
      specTexts(doc).flatMap(([at, text]) => saying(`${slug}${at}`, text)),
    );
    expect(found).toEqual([]);
  });

  it('never say "seed" in the instructions llms.txt gives agents', () => {
    expect(agentInstructions.flatMap(({rule, path: page}) => saying(page, rule))).toEqual([]);
  });

  it('catch "seed" and "seeds" in prose and in a specification, not in code or inside other words', () => {
    const page = [
      'The seeds list none.',
      '```bash',
      'awk -v seed="$RANDOM" \'BEGIN { srand(seed) }\'',
      '```',
      'A seeded random order, and a seedling.',
      'The published documentation lists none; it gives a seed.',
    ].join('\n');
    expect(saying('page.mdx', prose(page))).toEqual([
      'page.mdx:1: The seeds list none.',
      'page.mdx:3: The published documentation lists none; it gives a seed.',
    ]);
    const spec = {paths: {'/x': {post: {description: 'Assumption: none, because the seeds show none.'}}}};
    expect(specTexts(spec).flatMap(([at, text]) => saying(at, text))).toEqual([
      '/paths//x/post/description:1: Assumption: none, because the seeds show none.',
    ]);
    expect(specTexts({'x-codeSamples': [{source: 'srand(seed)'}]})).toEqual([]);
  });
});

/** What partners read of the guides and posts: each page's markdown twin (what the page renders, as the build
 * converts it with the site's components' forms), outside code. */
function guideTwins(): [string, string][] {
  const bundles = loadBundles();
  // The one files as the downloads plugin describes them (their sizes and checksums do not matter here)
  const downloads = ['sandbox.mjs', 'mcp.mjs'].map((name) => ({
    name,
    path: `/downloads/${name}`,
    checksumPath: `/downloads/${name}.sha256`,
    bytes: 1,
    sha256: '0'.repeat(64),
  }));
  const site = {siteUrl: 'https://developers.example.com', hostedSandboxUrl: null, downloads, bundles};
  const posts: DocsPage[] = contentFiles(path.join(websiteDir, 'blog')).map((file) => ({
    kind: 'post',
    title: path.basename(path.dirname(file)),
    path: `/blog/${path.basename(path.dirname(file))}`,
    markdownPath: markdownPath(`/blog/${path.basename(path.dirname(file))}`),
    section: 'Blog',
    file,
  }));
  const pages = [...gatherGuides({docsDir: path.join(websiteDir, 'docs')}), ...posts].filter((page) => page.file);
  const converted = pagesMarkdown(pages, {
    bundles,
    siteUrl: site.siteUrl,
    components: componentMarkdown(site),
    guideRemarkPlugins: [remarkSpecReleases, remarkEnumTables, remarkGoLivePolicies],
  });
  return converted.map((page, index) => [path.relative(websiteDir, pages[index].file!), prose(page.markdown)]);
}

describe("the provider's voice in what partners read", () => {
  it("the guides and posts, as their pages say them, never speak of the documentation as another's or of the provider's set-up", () => {
    const twins = guideTwins();
    expect(twins.length).toBeGreaterThan(50);
    // The boxes are there, without the reasons their source keeps for the docs team
    const errors = twins.find(([where]) => where === 'docs/getting-started/errors.mdx')![1];
    expect(errors).toContain('> **Not confirmed**');
    expect(errors).not.toContain('Why:');
    expect(twins.flatMap(([where, text]) => unwelcomeWords(where, text))).toEqual([]);
  });

  it('the bundled specifications (every text, code samples included) and their reference markdown never do', () => {
    const bundles = loadBundles();
    expect(bundles.size).toBe(seedApis.length);
    const found = [...bundles].flatMap(([slug, doc]) => [
      ...JSON.stringify(doc, null, 1)
        .split('\n')
        .flatMap((line) => unwelcomeWords(slug, line.replace(/\\n/g, ' '))),
      ...unwelcomeWords(`${slug}.md`, referenceMarkdown(slug, doc)),
    ]);
    expect(found).toEqual([]);
  });

  it('the hosted sandbox notes, with a hosted sandbox and without one, and the instructions of llms.txt never do', () => {
    const site = 'https://developers.example.com';
    const rendered = [
      createElement(HostedSandboxNote, {url: null, siteUrl: site}),
      createElement(HostedMcpNote, {url: null}),
      createElement(HostedSandboxNote, {url: site, siteUrl: site}),
      createElement(HostedMcpNote, {url: site}),
    ].map((element) => renderToStaticMarkup(element).replace(/<[^>]+>/g, ''));
    expect(rendered.every((text) => text.length > 20)).toBe(true);
    expect(rendered.flatMap((text, index) => unwelcomeWords(`note ${index}`, text))).toEqual([]);
    expect(agentInstructions.length).toBeGreaterThan(3);
    expect(agentInstructions.flatMap(({rule, path: page}) => unwelcomeWords(page, rule))).toEqual([]);
  });

  it('catch each phrase the portal once used, and not the words partners may read', () => {
    const once = [
      'because the published documentation says only that a 403 means no access',
      "The service's published usage guidelines ask for the day markers.",
      'The documentation does not say how long a session lasts.',
      'The reference does not document the format of these keys, which are not documented.',
      'Assumption: create a new search then.',
      "A clone of this documentation's repository: `npm ci`, then `npm run sandbox:worker`.",
      'so this page can only name it when the build was told where it is.',
      'This build of the portal names no hosted sandbox.',
      'add `"env": {"SITE_URL": "https://<your docs host>"}` to the entry.',
      'Operations with security: [] need no key.',
    ];
    expect(once.filter((line) => unwelcomeWords('page', line).length === 0)).toEqual([]);
    const fine = [
      'How long a session lasts is not confirmed: create a new search when a poll answers 404.',
      'The API reference asks for no key on three calls.',
      'Rate-limit values are not published in this documentation.',
      'npm install openapi-fetch, then run it with node sandbox.mjs --port 4011.',
      'The comparison assumes every option is priced in the same unit; this documentation covers it.',
      'Set SITE_URL to the address of this site, such as https://developers.example.com.',
      'This documentation does not publish commission rates, because they depend on your contract.',
      'The MCP server of this documentation calls it in process.',
      'Documentation: the description of the value `AGGREGATE_TYPE_CHEAPEST` changed to "The cheapest, per day (assumption, see above)."',
    ];
    expect(fine.flatMap((line) => unwelcomeWords('page', line))).toEqual([]);
    expect(partnerVoiceRules.length).toBe(10);
  });
});
