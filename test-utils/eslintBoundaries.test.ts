/**
 * The repository's ESLint configuration (eslint.config.mjs) keeps test helpers out of the product: a file a
 * package ships that imports a fixture (by name through a package's exports, or by a relative path) is refused,
 * and the same import from a test or another fixture is not. Linted as text at a path in the tree, so nothing is
 * written.
 */
import path from 'node:path';
import {ESLint} from 'eslint';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '..');
const eslint = new ESLint({cwd: root});

/** What refuses `code` linted as the file at `file` (relative to the repository). */
async function refusals(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: path.join(root, file)});
  // One refusal however many zones the path falls in (a fixture in a fixtures/ folder is in two)
  return [...new Set(result.messages.map((message) => `${message.ruleId}: ${message.message}`))];
}

const helpers = [
  ["a package's fixture by name", "import {bundles} from '@portal/sandbox/testing';\nexport const x = bundles;\n"],
  [
    "a fixture folder's file by name",
    "import {breakers} from '@portal/check/fixtures/breakers';\nexport const x = breakers;\n",
  ],
  [
    'a *.fixture.ts by a relative path',
    "import {normalRun} from '../report/report.fixture';\nexport const x = normalRun;\n",
  ],
] as const;

describe('ESLint keeps test helpers out of the product', () => {
  for (const [what, code] of helpers) {
    it(`refuses ${what} in a product file, and takes it in a test or a fixture`, async () => {
      expect(await refusals(code, 'check/src/judge/product.ts')).toEqual([
        expect.stringMatching(
          /^import-x\/no-restricted-paths: .*a test helper \(\*\.fixture\.ts, fixtures\/, test\/\) is for tests/,
        ),
      ]);
      expect(await refusals(code, 'check/src/judge/product.test.ts')).toEqual([]);
      expect(await refusals(code, 'check/src/judge/other.fixture.ts')).toEqual([]);
    });
  }

  it('takes a product import in a product file', async () => {
    expect(
      await refusals(
        "import {judgeCheck} from './judge';\nexport const x = judgeCheck;\n",
        'check/src/judge/product.ts',
      ),
    ).toEqual([]);
  });
});
