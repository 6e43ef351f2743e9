/**
 * The guides and the blog never mention a path the specifications lack: every `/apiservices/...` path a
 * page writes, in prose or in code (`test-utils/apiPaths.ts`), is a path of the specifications, or the
 * start of some when it ends with `/` or is a base URL a variable holds, and a method written before a
 * path (`GET /apiservices/...`) is one the path has. A placeholder segment (`{sessionToken}`, `$TOKEN`,
 * `${token}`) matches any segment.
 *
 * What the code sends is checked where it is sent: guideRuns.test.ts runs every block against a strict
 * sandbox, which refuses a body that fails its schema, breaks an x-validation rule or names a field the
 * schema does not declare, and answers an unknown path 404 and a wrong method 405. The blocks that do not
 * run (`fragment`, and the pages guideRuns.test.ts lists as remaining) are covered here for their paths
 * only, and counted there.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBundles, SpecValidator} from '@portal/specs/node';
import {apiPathsIn, matchingTemplates, type PathTemplate} from '@portal/test-utils/apiPaths';
import {contentFiles} from '@portal/content';

const websiteDir = path.resolve(__dirname, '..');
const validator = new SpecValidator(loadBundles());
const templates: PathTemplate[] = [...validator.operations.values()].map(({method, path, operationId}) => ({
  method,
  path,
  operationId,
}));

/** What is wrong with the paths a page mentions, and how many it mentions. */
function checkPaths(file: string, text: string): {mentions: number; problems: string[]} {
  const mentions = apiPathsIn(text);
  const problems: string[] = [];
  for (const mention of mentions) {
    const matches = matchingTemplates(mention.text, templates, mention.prefix);
    const shown = `${mention.method ? `${mention.method} ` : ''}${mention.text}`;
    if (matches.length === 0) {
      problems.push(
        `${file}:${mention.line}: ${shown} is not ${mention.prefix ? 'the start of ' : ''}a path of the specifications`,
      );
    } else if (mention.method && !matches.some((template) => template.method === mention.method)) {
      const methods = [...new Set(matches.map((template) => template.method))].join(' or ');
      problems.push(
        `${file}:${mention.line}: ${shown}: the specifications have ${methods} for this path, not ${mention.method}`,
      );
    }
  }
  return {mentions: mentions.length, problems};
}

const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))].sort();
const pages = files.map((file) => checkPaths(path.relative(websiteDir, file), fs.readFileSync(file, 'utf8')));

describe('paths in the guides and the blog', () => {
  // Update it when paths are added or removed: a sudden drop means the extraction stopped finding them.
  it('are found', () => {
    expect(pages.reduce((sum, page) => sum + page.mentions, 0)).toBe(245);
  });

  it('are paths of the specifications', () => {
    expect(pages.flatMap((page) => page.problems)).toEqual([]);
  });

  it('fail when unknown or with a method the path lacks, and pass when right (the check itself works)', () => {
    const sample = [
      'Create with `POST /apiservices/v3/flights/live/search/create`, then poll',
      '`GET /apiservices/v3/flights/live/search/poll/{sessionToken}`.',
      '',
      '```bash',
      'API="https://$API_HOST/apiservices/v1/carhire/live/search"',
      'curl -sS -X POST "https://$API_HOST/apiservices/v3/flights/live/search/pol/$TOKEN"',
      'curl -sS "$API_BASE_URL/apiservices/v3/culture/markets/${LOCALE}"',
      '```',
    ].join('\n');
    const page = checkPaths('sample.mdx', sample);
    expect(page.mentions).toBe(5);
    expect(page.problems).toEqual([
      'sample.mdx:2: GET /apiservices/v3/flights/live/search/poll/{sessionToken}: the specifications have POST for this path, not GET',
      'sample.mdx:6: /apiservices/v3/flights/live/search/pol/$TOKEN is not a path of the specifications',
    ]);
  });
});
