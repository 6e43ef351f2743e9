/**
 * Words a partner has never seen: the text partners read never says "seed" or "seeds" (the team's
 * name for an internal product specification). The published documentation is what a statement is
 * measured against, and the site names it so. Checked on the prose of every guide and blog post (the
 * change log too; code blocks, where `seed` can be a variable, are left out), on every text of the
 * bundled specifications that the reference pages, the change log, the markdown pages and the MCP
 * server show (descriptions, summaries, titles, validation notes; not the generated code samples),
 * and on the instructions llms.txt gives agents. e2e/llms.spec.ts checks the built llms-full.txt.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contentFiles} from '@portal/content';
import {loadBundles} from '@portal/specs/node';
import {agentInstructions} from '../src/plugins/llms/llmsTxt';
import {seedApis} from '@portal/test-utils/seed';

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
