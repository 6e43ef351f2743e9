/**
 * The code of the guides and the blog never restates the specification unchecked: every request body
 * that a curl, JavaScript or Python block sends is validated against its operation's schema, and every
 * `/apiservices/...` path that a page mentions, in code or prose, is a path of the specifications.
 *
 * How a body is found: see `test-utils/codeRequests.ts` (curl `-d`, heredocs and `jq -n` objects;
 * `JSON.stringify(...)` bodies parsed with acorn; `json=` dicts parsed with python3's `ast`; helpers
 * followed to their calls). Parts that the code computes are holes.
 *
 * Which operation a body is for: the operation whose path template matches the URL the code calls
 * (variables such as `API="$HOST/apiservices/v1/carhire/live/search"` then `"$API/create"` are
 * followed), among those that take a JSON body (and have the method the code uses, when it shows one);
 * a body sent to a path whose operations take none fails. When the URL does not resolve to a path (a
 * helper sends a file it is given), the operation is that of the ```json request=<operationId> block
 * that introduces the block's `<Tabs>` group (`CodeBlock.request` in `test-utils/mdx.ts`); with
 * neither, the test fails and asks for such a block.
 *
 * How holes are filled: with the value at the same JSON path of a ```json request=<op> block of the
 * page for that operation, which the guide examples test has validated: the nearest above the body's
 * outermost call, going up, then those below, the first that has a value for every hole. A hole that
 * no block fills fails, asking the author to add one. The filled body must then pass the schema
 * (required fields, enums, ranges: `SpecValidator.request`) and name no field the schema does not
 * declare (`undeclaredFields of @portal/specs`: the specs allow unknown fields, so a misspelled optional
 * field would pass the schema alone).
 *
 * Paths (`test-utils/apiPaths.ts`): a placeholder segment (`{sessionToken}`, `$TOKEN`, `${token}`)
 * matches any segment; a mention that ends with `/`, or a base URL assigned to a variable, must be the
 * start of a path; a method written before a path (`GET /apiservices/...`), and the method of a call in
 * code, must be one the path has. The URLs the code calls are checked as well as the text.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles, requestMedia, SpecValidator} from '@portal/specs/node';
import {apiPathsIn, isWhole, matchingTemplates, type PathTemplate} from '../../test-utils/apiPaths';
import {
  codeRequests,
  Hole,
  languageOf,
  type CodeRequest,
  type Language,
  type Value,
} from '../../test-utils/codeRequests';
import {contentFiles, codeBlocks, type CodeBlock} from '../../test-utils/mdx';
import {undeclaredFields} from '@portal/specs';

const websiteDir = path.resolve(__dirname, '..');
const validator = new SpecValidator(loadBundles());
const templates: PathTemplate[] = [...validator.operations.values()].map(({method, path, operationId}) => ({
  method,
  path,
  operationId,
}));
const takesBody = (operationId: string) => {
  const operation = validator.operation(operationId);
  return requestMedia(validator.specs.get(operation.slug)!, operation) !== undefined;
};

interface PageCheck {
  /** Code blocks read, by language. */
  blocks: Record<Language, number>;
  /** Blocks that do not parse as their language (`file:line: message`). */
  unparsed: string[];
  /** The bodies found (including those that could not be read). */
  bodies: CodeRequest[];
  /** The paths checked: those the page mentions, and the URLs its code calls. */
  mentions: number;
  calls: number;
  /** Bodies that fail their operation's schema, or cannot be mapped or filled. */
  bodyProblems: string[];
  /** Paths that are not paths of the specifications. */
  pathProblems: string[];
}

/** The ```json request= blocks of a page with their values. */
function requestExamples(blocks: CodeBlock[]): {line: number; operationId: string; value: unknown}[] {
  return blocks.flatMap((block) => {
    if (!/^jsonc?$/.test(block.lang) || !block.meta.request) return [];
    try {
      return [{line: block.line, operationId: block.meta.request, value: JSON.parse(block.body) as unknown}];
    } catch {
      return []; // the guide examples test reports it
    }
  });
}

/** Fills the holes of a body with the values at the same paths of a reference; lists the holes it cannot fill. */
function fill(body: Value, reference: unknown, pointer: string, missing: {pointer: string; source: string}[]): unknown {
  if (body instanceof Hole) {
    if (reference === undefined) missing.push({pointer: pointer || '/', source: body.source});
    return reference;
  }
  if (Array.isArray(body)) {
    return body.map((item, i) => fill(item, (reference as unknown[] | undefined)?.[i], `${pointer}/${i}`, missing));
  }
  if (body && typeof body === 'object') {
    const ref = reference && typeof reference === 'object' ? (reference as Record<string, unknown>) : undefined;
    return Object.fromEntries(
      Object.entries(body).map(([key, item]) => [
        key,
        fill(item, ref?.[key], `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, missing),
      ]),
    );
  }
  return body;
}

const hasHoles = (value: Value): boolean =>
  value instanceof Hole ||
  (Array.isArray(value)
    ? value.some(hasHoles)
    : value !== null && typeof value === 'object'
      ? Object.values(value).some(hasHoles)
      : false);

/** The operation a body is for, or why it cannot be told. */
function operationFor(request: CodeRequest): {operationId: string} | {problem: string} {
  const named = request.block.request;
  if (request.url && isWhole(request.url)) {
    const matches = matchingTemplates(request.url, templates);
    const candidates = matches.filter(
      (template) => takesBody(template.operationId) && (!request.method || template.method === request.method),
    );
    if (candidates.length === 1) return {operationId: candidates[0].operationId};
    if (candidates.some((template) => template.operationId === named)) return {operationId: named!};
    if (matches.length > 0 && candidates.length === 0) {
      const operations = matches.map((template) => `${template.method} ${template.operationId}`).join(', ');
      return {problem: `the code sends a body to ${request.url}, but ${operations} takes none`};
    }
  }
  if (named && validator.operations.has(named) && takesBody(named)) return {operationId: named};
  return {
    problem:
      `cannot tell which operation this body is for: its URL (${request.url ?? 'none found'}) is not a path of the ` +
      'specifications that takes a body, and no ```json request=<operationId> block introduces its tabs: add one',
  };
}

function checkPage(file: string, text: string): PageCheck {
  const blocks = codeBlocks(file, text);
  const {requests, problems: unparsed} = codeRequests(blocks);
  const examples = requestExamples(blocks);
  const problems: string[] = [];
  const pathProblems: string[] = [];
  const count = (language: Language) => blocks.filter((block) => languageOf(block.lang) === language).length;

  const bodies = requests.filter((request) => request.body !== undefined || request.error !== undefined);
  for (const request of bodies) {
    const where =
      `${file}:${request.line} (${request.language}` +
      (request.callLine ? `, sent at line ${request.callLine}` : '') +
      (request.via ? `, through the calls at lines ${request.via.join(', ')}` : '') +
      ')';
    if (request.error !== undefined) {
      problems.push(`${where}: ${request.error}`);
      continue;
    }
    const found = operationFor(request);
    if ('problem' in found) {
      problems.push(`${where}: ${found.problem}`);
      continue;
    }
    const {operationId} = found;
    let body: unknown = request.body;
    if (hasHoles(request.body!)) {
      // The nearest block above the body's outermost call (the values come from there when helpers
      // build the body), going up, then those below; the first that has a value for every hole
      const anchor = Math.max(request.line, ...(request.via ?? []));
      const candidates = examples.filter((example) => example.operationId === operationId);
      const ordered = [
        ...candidates.filter((example) => example.line < anchor).reverse(),
        ...candidates.filter((example) => example.line >= anchor),
      ];
      if (ordered.length === 0) {
        problems.push(
          `${where}: the body computes some of its values, so the page needs a \`\`\`json request=${operationId} ` +
            'block with an example value for each of them: add one',
        );
        continue;
      }
      const fills = ordered.map((reference) => {
        const missing: {pointer: string; source: string}[] = [];
        return {reference, missing, body: fill(request.body!, reference.value, '', missing)};
      });
      const filled = fills.find((attempt) => attempt.missing.length === 0);
      if (!filled) {
        for (const hole of fills[0].missing) {
          problems.push(
            `${where}: ${hole.pointer} is computed (${hole.source}) and no \`\`\`json request=${operationId} block ` +
              `of the page has a value there (the nearest is at line ${fills[0].reference.line}): add one`,
          );
        }
        continue;
      }
      body = filled.body;
    }
    const result = validator.request(operationId, body);
    problems.push(...result.errors.map((error) => `${where} (${operationId}): ${error}`));
    const operation = validator.operation(operationId);
    const doc = validator.specs.get(operation.slug)!;
    for (const field of undeclaredFields(doc, requestMedia(doc, operation)?.schema, body)) {
      problems.push(`${where} (${operationId}): ${field} is not a field of the request body`);
    }
  }

  // Paths: every mention in the page, and every URL the code calls that resolves to a whole path
  const mentions = apiPathsIn(text);
  const calls = requests.filter((request) => request.url && isWhole(request.url));
  const checkPath = (where: string, pathText: string, method: string | undefined, prefix: boolean) => {
    const matches = matchingTemplates(pathText, templates, prefix);
    const shown = `${method ? `${method} ` : ''}${pathText}`;
    if (matches.length === 0) {
      pathProblems.push(`${where}: ${shown} is not ${prefix ? 'the start of ' : ''}a path of the specifications`);
    } else if (method && !matches.some((template) => template.method === method)) {
      const methods = [...new Set(matches.map((template) => template.method))].join(' or ');
      pathProblems.push(`${where}: ${shown}: the specifications have ${methods} for this path, not ${method}`);
    }
  };
  for (const mention of mentions) checkPath(`${file}:${mention.line}`, mention.text, mention.method, mention.prefix);
  for (const call of calls) {
    const pathText = call.url!.slice(call.url!.indexOf('/apiservices/'));
    checkPath(`${file}:${call.callLine ?? call.line} (${call.language} call)`, pathText, call.method, false);
  }

  return {
    blocks: {bash: count('bash'), javascript: count('javascript'), python: count('python')},
    unparsed,
    bodies,
    mentions: mentions.length,
    calls: calls.length,
    bodyProblems: problems,
    pathProblems,
  };
}

const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))].sort();
const pages = files.map((file) => checkPage(path.relative(websiteDir, file), fs.readFileSync(file, 'utf8')));
const total = (pick: (page: PageCheck) => number) => pages.reduce((sum, page) => sum + pick(page), 0);

describe('code in the guides and the blog', () => {
  // The expected sizes of what the test finds: update them when code blocks, bodies or paths are
  // added or removed (a sudden drop means the extraction has stopped finding something).
  it('is found: code blocks per language, request bodies and paths', () => {
    expect({
      bash: total((page) => page.blocks.bash),
      javascript: total((page) => page.blocks.javascript),
      python: total((page) => page.blocks.python),
    }).toEqual({bash: 125, javascript: 131, python: 110});
    const bodies = pages.flatMap((page) => page.bodies);
    expect({
      bash: bodies.filter((body) => body.language === 'bash').length,
      javascript: bodies.filter((body) => body.language === 'javascript').length,
      python: bodies.filter((body) => body.language === 'python').length,
    }).toEqual({bash: 33, javascript: 36, python: 36});
    expect({mentions: total((page) => page.mentions), calls: total((page) => page.calls)}).toEqual({
      mentions: 248,
      calls: 181,
    });
  });

  it('parses: no page keeps an unparsed fragment of a body it rejects (those are invalid= JSON blocks)', () => {
    const unparsed: Record<string, number> = {};
    for (const problem of pages.flatMap((page) => page.unparsed)) {
      const file = problem.replace(/:\d+: .*/s, '');
      unparsed[file] = (unparsed[file] ?? 0) + 1;
    }
    // The bodies the API rejects are ```json invalid=<rule> blocks, checked in guideInvalidExamples.test.ts
    const messages = pages.flatMap((page) => page.unparsed).join('\n');
    expect(unparsed, messages).toEqual({});
  });

  it('sends request bodies that validate against their operation', () => {
    expect(pages.flatMap((page) => page.bodyProblems)).toEqual([]);
  });

  it('mentions and calls only paths of the specifications', () => {
    expect(pages.flatMap((page) => page.pathProblems)).toEqual([]);
  });

  it('fails on a misspelled field, a wrong enum, an out-of-range number and an unknown path (the check itself works)', () => {
    const sample = [
      '```json request=AutosuggestService_SuggestFlights',
      '{"query": {"market": "UK", "locale": "en-GB", "searchTerm": "Edin"}}',
      '```',
      '',
      '<Tabs groupId="language">',
      '<TabItem value="curl" label="curl">',
      '',
      '```bash',
      'API="https://$API_HOST/apiservices/v3/autosuggest"',
      `curl -sS -X POST "$API/flights" -H "Content-Type: application/json" \\`,
      `  -d '{"query": {"market": "UK", "locale": "en-GB", "serchTerm": "Edin"}}'`,
      `jq -n --arg term "$1" '{query: {market: "UK", locale: $locale, searchTerm: $term}, limit: $n}' > body.json`,
      `curl -sS -X POST "$API/flights" -d @body.json`,
      'curl -sS -X POST "https://$API_HOST/apiservices/v3/flights/live/search/pol/$TOKEN"',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="javascript" label="JavaScript">',
      '',
      '```js',
      'const API = `https://${process.env.API_HOST}/apiservices/v3/flights/live/search/create`;',
      "const leg = { originPlaceId: { iata: 'LHR' }, destinationPlaceId: { iata: 'EDI' }, date: { year: 2027, month: 3, day: 12 } };",
      "const query = { market: 'UK', locale: 'en-GB', currency: 'GBP', queryLegs: [leg], adults: 1, cabinClass: 'CABIN_CLASS_FIRSTT' };",
      "await fetch(API, { method: 'POST', body: JSON.stringify({ query }) });",
      "await fetch(`${HOST}/apiservices/v3/culture/currencies`, { method: 'POST', body: JSON.stringify({ query }) });",
      '```',
      '',
      '</TabItem>',
      '<TabItem value="python" label="Python">',
      '',
      '```python',
      'def create(query):',
      '    return requests.post(f"{HOST}/apiservices/v1/carhire/live/search/create", json={"query": query})',
      '',
      'place = {"entityId": "95673668"}',
      'create({"market": "UK", "locale": "en-GB", "currency": "GBP", "pickUpLocation": place,',
      '        "pickUpDate": {"year": 2027, "month": 6, "day": 10}, "dropOffDate": {"year": 2027, "month": 6, "day": 17},',
      '        "driverAge": 120})',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      'Poll with `GET /apiservices/v3/flights/live/search/poll/{sessionToken}`.',
    ].join('\n');
    const page = checkPage('sample.mdx', sample);
    expect(page.blocks).toEqual({bash: 1, javascript: 1, python: 1});
    expect(page.bodies).toHaveLength(5);
    expect(page.bodyProblems).toEqual([
      // curl -d: a misspelled field
      'sample.mdx:11 (bash, sent at line 10) (AutosuggestService_SuggestFlights): /query/serchTerm is not a field of the request body',
      // jq -n: $locale is a hole that the json request block fills; $n is one that it cannot
      'sample.mdx:12 (bash, sent at line 13): /limit is computed ($n) and no ```json request=AutosuggestService_SuggestFlights block of the page has a value there (the nearest is at line 1): add one',
      // JavaScript: a wrong enum value, through two constants
      'sample.mdx:24 (javascript) (FlightsService_CreateSearch): /query/cabinClass must be equal to one of the allowed values',
      // JavaScript: a body sent to a path that takes none
      'sample.mdx:25 (javascript): the code sends a body to {…}/apiservices/v3/culture/currencies, but GET CultureService_ListCurrencies takes none',
      // Python: out of range, given to a helper
      'sample.mdx:33 (python, through the calls at lines 36) (CarHireService_CreateSearch): /query/driverAge must be <= 99',
    ]);
    expect(page.pathProblems).toEqual([
      // an unknown path, in the text and as the URL the code calls; a method the path does not have
      'sample.mdx:14: /apiservices/v3/flights/live/search/pol/$TOKEN is not a path of the specifications',
      'sample.mdx:44: GET /apiservices/v3/flights/live/search/poll/{sessionToken}: the specifications have POST for this path, not GET',
      'sample.mdx:14 (bash call): POST /apiservices/v3/flights/live/search/pol/{$TOKEN} is not a path of the specifications',
      'sample.mdx:25 (javascript call): POST /apiservices/v3/culture/currencies: the specifications have GET for this path, not POST',
    ]);
  });
});
