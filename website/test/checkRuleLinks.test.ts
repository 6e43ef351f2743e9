/**
 * The integration check's rules (@portal/check) link the guide sections that state them: every anchor a rule
 * names, in its guide link or in its sentence and tolerance, is a heading of the guide here.
 */
import {readFileSync} from 'node:fs';
import {rules} from '@portal/check';
import {describe, expect, it} from 'vitest';

describe("the check's rules", () => {
  it("links sections that exist: each anchor is a heading's slug or an explicit id of the guide", () => {
    const links = rules.flatMap((rule) => [
      {rule: rule.id, path: rule.guide.path},
      // A rule's texts may name another section too
      ...[...`${rule.sentence} ${rule.tolerance}`.matchAll(/\/docs\/getting-started\/[a-z-]+#[\w-]+/g)].map(
        ([path]) => ({
          rule: rule.id,
          path,
        }),
      ),
    ]);
    expect(links.length).toBeGreaterThan(rules.length);
    for (const link of links) {
      const [page, anchor] = link.path.replace('/docs/getting-started/', '').split('#');
      const text = readFileSync(new URL(`../docs/getting-started/${page}.mdx`, import.meta.url), 'utf8');
      const anchors = new Set<string>();
      for (const [, heading] of text.matchAll(/^#{2,6} (.+)$/gm)) {
        const explicit = /\{\/\* #([\w-]+) \*\/\}/.exec(heading)?.[1];
        // Docusaurus's slugs (github-slugger): lower case, punctuation dropped, spaces as hyphens
        anchors.add(
          explicit ??
            heading
              .trim()
              .toLowerCase()
              .replace(/[^\p{L}\p{N}\s_-]/gu, '')
              .replace(/\s/g, '-'),
        );
      }
      expect([...anchors], `${link.rule}: ${link.path}`).toContain(anchor);
    }
  });
});
