/**
 * Nothing invented: what the guides and the blog cannot confirm, beyond the facts the specifications
 * hold (specs/REAL-API-FACTS.md), is said in one visible form, the <Assumption id="..." because="...">
 * box (src/components/Assumption, shown as "Not confirmed"), once, and linked to from elsewhere, never
 * stated as plain fact. This test keeps the statements once found stated as facts from coming back
 * (outside a box), keeps the ad-hoc forms ("Assumption:" in prose, a :::note[Assumption] admonition)
 * out, and pins how many boxes each page has, so that a box removed without its statement shows up.
 * The list of what each box says and why is website/NOT-CONFIRMED.md (test/notConfirmed.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contentFiles, codeBlocks} from '@portal/content';

const websiteDir = path.resolve(__dirname, '..');

// The change log (another helper's page) may quote what was fixed
const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))]
  .map((file) => path.relative(websiteDir, file))
  .filter((file) => file !== 'docs/change-log.mdx')
  .sort();

const BOX = /<Assumption\b[^>]*>[\s\S]*?<\/Assumption>/g;

/** A page's text outside its <Assumption> boxes. */
const outsideBoxes = (text: string) => text.replace(BOX, '');

/** The statements the issue lists, as they were written as facts. */
const listed: [string, RegExp][] = [
  [
    'a 404 means the session has expired',
    /\bsession (has )?expired\b|\b404\b[^.\n]*\bexpired\b|\bexpired\b[^.\n]*\b404\b/i,
  ],
  [
    'refresh needs no key because the tokens identify the session',
    /tokens? (already )?identif(y|ies) the (refresh|session)/i,
  ],
  ['priceRangeFilter in whole pounds', /priceRangeFilter[^.\n]*whole (pounds|units)/i],
  [
    'priceRangeFilter for the stay, or a price the total for the stay',
    /total for the stay|priceRangeFilter[^.\n]*for the (whole )?stay/i,
  ],
  [
    "the total you compute matches the offer's price",
    /the total you compute (matches|is) the offer's `price`(?! amount\. If)/i,
  ],
  ['the pricing option keeps its id after a refresh', /keeps its `?id/i],
  ['new enum values can be added without a version change', /without a version change/i],
  // The partner review: a 403's cause, the scope of rate limits, a 400 for a missing Content-Type (the
  // sandbox's, not documented for the service) and the error code's kind are not in the published docs
  ['a 403 means the key is valid but not enabled', /key is valid but|not enabled for (this|that|the) API/i],
  [
    'rate limits are set per partner or per key',
    /limits?\b[^.\n]*\b(set|apply|applies) per (partner|API key|key)\b|\bper[- ]key (rate )?limits?/i,
  ],
  ["a missing Content-Type causes the service's 400", /without `Content-Type: application\/json`/i],
  ['the error code is gRPC-style', /gRPC-style/i],
];

/**
 * Error bodies with the reference's example codes, each to be followed by the box saying the codes are
 * not confirmed (docs/getting-started/errors.mdx#error-codes) or by a link to it.
 */
function unmarkedErrorExamples(file: string, text: string): string[] {
  const lines = text.split('\n');
  return (
    codeBlocks(file, text)
      .filter((block) => /^jsonc?$/.test(block.lang) && /"code":\s*(5|8)\b/.test(block.body))
      // The sandbox's own answers (they carry its Help links) are what the sandbox sends, said so on the page
      .filter((block) => !block.body.includes('google.rpc.Help'))
      .filter((block) => {
        const end = block.line + block.body.split('\n').length; // the closing fence's line (1-based)
        const after = lines.slice(end, end + 4).join('\n');
        return !/<Assumption\b|\]\([^)]*errors(\.mdx)?#error-codes\)/.test(after);
      })
      .map((block) => `${file}:${block.line}: an error body with the reference's example code, shown as fact`)
  );
}

const texts = new Map(files.map((file) => [file, fs.readFileSync(path.join(websiteDir, file), 'utf8')]));

describe('what the guides assume', () => {
  it('never states the statements the issue listed as facts', () => {
    const found = files.flatMap((file) => {
      const text = outsideBoxes(texts.get(file)!);
      return listed.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${file}: ${name}`);
    });
    expect(found).toEqual([]);
  });

  it("marks every error body shown with the reference's example code", () => {
    expect(files.flatMap((file) => unmarkedErrorExamples(file, texts.get(file)!))).toEqual([]);
  });

  it('uses one form: the <Assumption> box, no "Assumption:" prose and no assumption admonitions', () => {
    const adHoc = files.filter((file) =>
      /(^|[^<\w])Assumption:|:::\w+\[Assumption\]|\(an assumption,|by the reference's assumption/m.test(
        outsideBoxes(texts.get(file)!),
      ),
    );
    expect(adHoc).toEqual([]);
  });

  it('has its boxes where they are pinned, each saying why', () => {
    const counts = Object.fromEntries(
      files.map((file) => [file, texts.get(file)!.match(BOX)?.length ?? 0] as const).filter(([, count]) => count > 0),
    );
    // Update this when a box is added or removed, with the statement it holds
    expect(counts).toEqual({
      'docs/autosuggest/flights.mdx': 1,
      'docs/autosuggest/hotels.mdx': 1,
      'docs/autosuggest/overview.mdx': 1,
      'docs/carhire-indicative-prices/overview.mdx': 1,
      'docs/carhire-live-prices/overview.mdx': 1,
      'docs/flights-indicative-prices/query-object.mdx': 1,
      'docs/flights-live-prices/refresh-prices.mdx': 1,
      'docs/geo/overview.mdx': 1,
      'docs/getting-started/authentication.mdx': 1,
      'docs/getting-started/create-and-poll.mdx': 3,
      'docs/getting-started/enums.mdx': 1,
      'docs/getting-started/errors.mdx': 6,
      'docs/getting-started/rate-limits.mdx': 2,
      'docs/getting-started/usage-guidelines.mdx': 1,
      'docs/hotels-content/overview.mdx': 4,
      'docs/hotels-indicative-prices/overview.mdx': 2,
      'docs/hotels-live-prices/overview.mdx': 8,
      'docs/hotels-reviews/overview.mdx': 1,
    });
    const withoutReason = files.flatMap((file) =>
      (texts.get(file)!.match(BOX) ?? [])
        .filter((box) => !/^<Assumption\s+id="[a-z0-9-]+"\s+because="[^"]+">/.test(box))
        .map(() => file),
    );
    expect(withoutReason).toEqual([]);
  });

  it('catches a listed statement and an unmarked error example (the check itself works)', () => {
    const sample = [
      'A `404` on poll means the session has expired.',
      '',
      '<Assumption id="enum-values" because="It is not documented.">',
      '',
      'New enum values can appear without a version change.',
      '',
      '</Assumption>',
      '',
      '```json schema=Error',
      '{"code": 8, "message": "Too many requests, based on rate limits", "details": []}',
      '```',
      '',
      'Nothing follows.',
      '',
      '```json schema=Error',
      '{"code": 5, "message": "Resource not found", "details": []}',
      '```',
      '',
      'Its `code` is [not confirmed](./errors.mdx#error-codes).',
    ].join('\n');
    const text = outsideBoxes(sample);
    expect(listed.filter(([, pattern]) => pattern.test(text)).map(([name]) => name)).toEqual([
      'a 404 means the session has expired',
    ]);
    const claims = [
      'A `403` means the key is valid but not enabled for this API.',
      'Limits are set per partner and can differ.',
      'Rate limits apply per API key.',
      'A `POST` sent without `Content-Type: application/json` answers 400.',
      'It is a gRPC-style code.',
    ];
    expect(claims.map((claim) => listed.filter(([, pattern]) => pattern.test(claim)).map(([name]) => name))).toEqual([
      ['a 403 means the key is valid but not enabled'],
      ['rate limits are set per partner or per key'],
      ['rate limits are set per partner or per key'],
      ["a missing Content-Type causes the service's 400"],
      ['the error code is gRPC-style'],
    ]);
    const published = [
      'A `403` means no access to the requested resource.',
      'Rate-limit values are not published, nor what a limit applies to (a key, a partner or an API).',
      'Send `Content-Type: application/json` with every `POST`.',
    ];
    expect(published.filter((line) => listed.some(([, pattern]) => pattern.test(line)))).toEqual([]);
    expect(unmarkedErrorExamples('sample.mdx', sample)).toEqual([
      "sample.mdx:9: an error body with the reference's example code, shown as fact",
    ]);
  });
});
