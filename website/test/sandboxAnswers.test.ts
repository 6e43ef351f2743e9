/**
 * The check "what a page calls the sandbox's answer is the sandbox's answer" (config/sandboxAnswers.ts):
 * every block showing one names its request, and the sandbox answers that request with the block.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, type OpenApiDocument} from '@portal/specs/node';
import {guidePages, type GuidePage} from '../config/guideProse';
import {sandboxAnswerProblems} from '../config/sandboxAnswers';

const bundles = loadBundles();
const pages = guidePages();
const errors = pages.find((page) => page.file === 'docs/getting-started/errors.mdx')!;
const edited = (page: GuidePage, from: string, to: string): GuidePage[] => {
  expect(page.source).toContain(from);
  return [{...page, source: page.source.replace(from, to)}];
};
const lineOf = (page: GuidePage, text: string) => page.source.slice(0, page.source.indexOf(text)).split('\n').length;

describe('what a page calls the sandbox’s answer is the sandbox’s answer', () => {
  it('holds for every answer the guides show', async () => {
    expect(await sandboxAnswerProblems(bundles, pages)).toEqual({checked: 9, problems: []});
  });

  it('names the block when the sandbox answers otherwise, as after a cabin class is added to the spec', async () => {
    const changed = new Map<string, OpenApiDocument>(bundles);
    const doc = structuredClone(bundles.get('flights-live-pricing')!);
    const cabins = doc.components!.schemas!.CabinClass;
    (cabins.enum as string[]).push('CABIN_CLASS_PREMIUM_BUSINESS');
    changed.set('flights-live-pricing', doc);
    const {problems} = await sandboxAnswerProblems(changed, [errors]);
    const line = lineOf(errors, 'sandbox=flights-create-cabin-economy-adults-0');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^docs/getting-started/errors\\.mdx:${line}: the sandbox answers flights-create-cabin-economy-adults-0 otherwise: 400 .*CABIN_CLASS_FIRST, CABIN_CLASS_PREMIUM_BUSINESS`,
      ),
    );
  });

  it('names a block with another status, an unnamed answer and an unknown request', async () => {
    const wrongStatus = edited(
      errors,
      'status=429 sandbox=currencies-scenario-429',
      'status=503 sandbox=currencies-scenario-429',
    );
    expect((await sandboxAnswerProblems(bundles, wrongStatus)).problems).toEqual([
      expect.stringMatching(
        /^docs\/getting-started\/errors\.mdx:\d+: the sandbox answers currencies-scenario-429 otherwise: 429 /,
      ),
    ]);
    const unnamed = edited(errors, ' sandbox=currencies-post', '');
    expect((await sandboxAnswerProblems(bundles, unnamed)).problems).toEqual([
      `docs/getting-started/errors.mdx:${lineOf(errors, 'sandbox=currencies-post')}: shows the sandbox's answer (google.rpc.Help) without sandbox=<request>: name the request that gets it (website/config/sandboxAnswers.ts)`,
    ]);
    const unknown = edited(errors, 'sandbox=currencies-post', 'sandbox=currencies-put');
    expect((await sandboxAnswerProblems(bundles, unknown)).problems).toEqual([
      `docs/getting-started/errors.mdx:${lineOf(errors, 'sandbox=currencies-post')}: sandbox=currencies-put names no request of sandboxRequests (website/config/sandboxAnswers.ts)`,
    ]);
  });
});
