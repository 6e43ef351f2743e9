/**
 * The words a partner must not read, because the portal is the provider's own documentation: it never
 * speaks of "the published documentation" or of what "the documentation does not say" as if it were
 * someone else's (what the service does not confirm is marked "Not confirmed": website/src/components/
 * Assumption), never labels a statement "Assumption", and never hands partners the provider's own
 * set-up (the repository's npm scripts, a clone of it, what a build was told, OpenAPI's `security: []`,
 * a docs host of theirs), which lives in the root README.md and website/NOT-CONFIRMED.md. One list, used
 * on the sources' text by website/test/readerWords.test.ts and on the built site (pages, markdown
 * twins, llms-full.txt) by e2e/provider-voice.spec.ts.
 */

export interface VoiceRule {
  /** What the rule keeps out, as a reader of a failure would want it named. */
  name: string;
  pattern: RegExp;
}

export const partnerVoiceRules: VoiceRule[] = [
  {name: '"the published documentation"', pattern: /\bpublished (documentation|docs)\b/i},
  {
    name: "the service's documentation, as someone else's",
    pattern: /\b(service|provider)['’]s (published )?(documentation|docs|usage guidelines)\b/i,
  },
  {
    name: 'what "the documentation" does not say, as someone else\'s',
    pattern: /\bthe documentation (does not|doesn['’]t|gives no|says only|publishes no)\b/i,
  },
  {
    name: '"not documented" instead of the Not confirmed marker',
    pattern: /\b(is|are|was|were|be) not documented\b|\bdo(es)? not document\b|\bnot documented (here|beyond|for)\b/i,
  },
  {name: 'an "Assumption" label or an assumption named', pattern: /\bassumptions?\b/i},
  {name: "the repository's npm scripts", pattern: /\bnpm (ci|run)\b|\b(sandbox|serve|deploy):worker\b/},
  {
    name: 'a clone of the repository',
    pattern: /\bclone of (this|the) (documentation['’]s |portal['’]s )?repository\b/i,
  },
  {
    name: 'what a build of the portal was told',
    pattern: /\bthis build of\b|\bthe build was told\b|\bbuild of the portal\b/i,
  },
  {name: 'a docs host of the partner', pattern: /\byour docs host\b/i},
  {name: "OpenAPI's security: []", pattern: /\bsecurity: ?\[\]/},
];

/**
 * A change log entry of a specification release quotes a value as that release published it
 * (`... changed to "<value>"`, website/src/plugins/changelog): a record of the past, not the portal
 * speaking now (the current specifications are checked themselves).
 */
const releaseQuote = /\bchanged to "[^"]*"/g;

/** Each line of `text` that breaks a rule, as `<where>:<line>: <rule>: <the line>`. */
export function unwelcomeWords(where: string, text: string, rules = partnerVoiceRules): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      rules
        .filter((rule) => rule.pattern.test(line.replace(releaseQuote, 'changed to "…"')))
        .map((rule) => `${where}:${index + 1}: ${rule.name}: ${line.trim().slice(0, 160)}`),
    );
}
