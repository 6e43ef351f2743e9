/**
 * The bodies the guides present as invalid are invalid, for the reason the page gives. Such a block says so in its fence (test-utils/mdx.ts): ```json request=<operationId> invalid=<rule>,
 * optionally with `at=<path>` when it shows one part of a body (set into the page's nearest valid
 * ```json request=<operationId> block above it). Each is checked twice:
 * - by the specification: the operation's schema rejects it with `<rule>` among the failing keywords;
 *   or, for an `x-validation` rule (an id with a dot, implemented in sandbox/src/constraints.ts), the
 *   specification states the rule where the rule says it does;
 * - by the sandbox (`@portal/sandbox`, in this process): the body sent with a `sandbox_` key answers
 *   `400`, and a field violation of its `google.rpc.BadRequest` detail names `<rule>` as its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles, requestIssues, resolveRef, SpecValidator} from '@portal/specs/node';
import {createApp} from '@portal/sandbox';
import {constraints} from '@portal/sandbox/constraints';
import {contentFiles, jsonBlocks, type CodeBlock} from '@portal/content';

const websiteDir = path.resolve(__dirname, '..');
const bundles = loadBundles();
const validator = new SpecValidator(bundles);
const app = createApp({bundles});

/** JSON with `//` line comments (a ```jsonc block) parsed. */
const parse = (text: string): unknown => JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));

/** `query.queryLegs[0].destinationPlace` as keys. */
const keysOf = (at: string): (string | number)[] =>
  [...at.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] === undefined ? match[1] : Number(match[2])));

/** The body a block stands for: itself, or set at `at` into the nearest valid body of its operation above it. */
function bodyOf(block: CodeBlock, all: CodeBlock[]): unknown {
  const part = parse(block.body);
  if (block.meta.at === undefined) return part;
  const base = all
    .filter((other) => other.line < block.line && other.meta.request === block.meta.request && !other.meta.invalid)
    .at(-1);
  if (!base) throw new Error(`no valid json request=${block.meta.request} block above line ${block.line} for at=`);
  const body = structuredClone(parse(base.body)) as Record<string | number, unknown>;
  const keys = keysOf(block.meta.at);
  let target = body;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[keys.at(-1)!] = part;
  return body;
}

interface Rejection {
  where: string;
  rules: string[];
  /** The rules the specification rejects the body with (keywords), or states (x-validation ids). */
  bySpec: string[];
  status: number;
  /** The reasons of the sandbox's field violations. */
  bySandbox: string[];
}

async function rejectionOf(block: CodeBlock, all: CodeBlock[]): Promise<Rejection> {
  const where = `${block.file}:${block.line}`;
  const operationId = block.meta.request;
  if (!operationId) throw new Error(`${where}: an invalid= block names its operation with request=`);
  const body = bodyOf(block, all);
  const wanted = block.meta.invalid.split(',');
  const keywords = requestIssues(validator, operationId, body).map((issue) => issue.rule);
  const stated = wanted.filter((id) =>
    constraints.some(
      (constraint) =>
        constraint.id === id &&
        constraint.sources.some((source) => {
          const doc = bundles.get(source.slug);
          type Noted = {$ref?: string; 'x-validation'?: unknown; description?: string};
          const at = doc && resolveRef<Noted>(doc, {$ref: source.pointer});
          return JSON.stringify([at?.['x-validation'], at?.description]).includes(source.phrase);
        }),
    ),
  );
  const operation = validator.operation(operationId);
  const response = await app.request(operation.path, {
    method: operation.method,
    headers: {'x-api-key': 'sandbox_guide_examples', 'content-type': 'application/json'},
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {details?: {fieldViolations?: {reason: string}[]}[]};
  return {
    where,
    rules: wanted,
    bySpec: [...new Set([...keywords, ...stated])].filter((rule) => wanted.includes(rule)),
    status: response.status,
    bySandbox: [
      ...new Set(
        (answer.details ?? []).flatMap((detail) => detail.fieldViolations ?? []).map((violation) => violation.reason),
      ),
    ].filter((rule) => wanted.includes(rule)),
  };
}

/** What is wrong with a rejection: a rule the spec or the sandbox does not name. */
const problemsOf = ({where, rules: wanted, bySpec, status, bySandbox}: Rejection): string[] => [
  ...wanted
    .filter((rule) => !bySpec.includes(rule))
    .map((rule) => `${where}: the specification does not reject it with ${rule}`),
  ...(status === 400 ? [] : [`${where}: the sandbox answered ${status}, not 400`]),
  ...wanted.filter((rule) => !bySandbox.includes(rule)).map((rule) => `${where}: the sandbox does not name ${rule}`),
];

const pages = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))].map(
  (file) => jsonBlocks(path.relative(websiteDir, file), fs.readFileSync(file, 'utf8')),
);
const invalid = pages.flatMap((blocks) =>
  blocks.filter((block) => block.meta.invalid !== undefined).map((block) => ({block, blocks})),
);

describe('the bodies the guides present as invalid', () => {
  it('are found', () => {
    // Every invalid= block of website/docs and website/blog: update when blocks are added or removed
    expect(invalid.length).toBe(20);
  });

  it('are rejected by the specification and by the sandbox, with the rule the page names', async () => {
    const rejections = await Promise.all(invalid.map(({block, blocks}) => rejectionOf(block, blocks)));
    expect(rejections.flatMap(problemsOf)).toEqual([]);
  });

  it('fail the check when valid, or rejected for another rule (the check itself works)', async () => {
    const sample = jsonBlocks(
      'sample.mdx',
      [
        '```json request=AutosuggestService_SuggestFlights',
        '{"query": {"market": "UK", "locale": "en-GB", "searchTerm": "Edin"}, "limit": 5}',
        '```',
        '```json request=AutosuggestService_SuggestFlights invalid=maximum',
        '{"query": {"market": "UK", "locale": "en-GB", "searchTerm": "Edin"}, "limit": 0}',
        '```',
        '```jsonc request=AutosuggestService_SuggestFlights invalid=minimum at=limit',
        '// Rejected: at least 1',
        '0',
        '```',
        '```json request=AutosuggestService_SuggestFlights invalid=minimum at=query.searchTerm',
        '"Lon"',
        '```',
      ].join('\n'),
    );
    const problems = await Promise.all(sample.slice(1).map((block) => rejectionOf(block, sample).then(problemsOf)));
    expect(problems).toEqual([
      [
        'sample.mdx:4: the specification does not reject it with maximum',
        'sample.mdx:4: the sandbox does not name maximum',
      ],
      [],
      [
        'sample.mdx:11: the specification does not reject it with minimum',
        'sample.mdx:11: the sandbox answered 200, not 400',
        'sample.mdx:11: the sandbox does not name minimum',
      ],
    ]);
  });
});
