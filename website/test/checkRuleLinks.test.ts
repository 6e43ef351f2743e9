/**
 * The integration check's rules (@portal/check) link the guide sections that state them: every anchor a rule
 * names, in its guide link or in its sentence and tolerance, is a heading of the guide here; and a rule that
 * gives the reason it is drawn where it is (`reason`) gives the words of the section it cites, so the guide
 * and the check cannot say two things.
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

  /** The text of a guide's section under a `##` heading, up to the next heading of that level, code marks taken out. */
  const sectionText = (page: string, anchor: string): string => {
    const text = readFileSync(new URL(`../docs/getting-started/${page}.mdx`, import.meta.url), 'utf8');
    const sections = text.split(/^(?=## )/m);
    const section = sections.find((part) => {
      const heading = /^## (.+)$/m.exec(part)?.[1] ?? '';
      return (
        heading
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, '')
          .replace(/\s/g, '-') === anchor
      );
    });
    return (section ?? '').replace(/`/g, '').replace(/\s+/g, ' ');
  };

  it('gives, for each rule with a reason, the words of the section it cites', () => {
    const reasoned = rules.filter((rule) => rule.reason);
    expect(reasoned.map((rule) => rule.id)).toContain('poll-interval');
    for (const rule of reasoned) {
      const [page, anchor] = rule.guide.path.replace('/docs/getting-started/', '').split('#');
      expect(sectionText(page, anchor), `${rule.id}: ${rule.guide.path}`).toContain(rule.reason);
    }
  });

  it('tells a section that does not give the reason from one that does', () => {
    const pollInterval = rules.find((rule) => rule.id === 'poll-interval')!;
    expect(sectionText('rate-limits', 'poll-politely')).toContain(pollInterval.reason);
    expect(sectionText('rate-limits', 'cache-reference-data')).not.toContain(pollInterval.reason);
    expect(sectionText('rate-limits', 'no-such-section')).toBe('');
  });
});
