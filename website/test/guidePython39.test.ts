/**
 * The guides' Python runs on Python 3.9, the oldest version authentication.mdx promises: the runs use Debian's newer python3, so this check reads every ```python block of website/docs and
 * website/blog with Python's own parser at the 3.9 grammar (`ast.parse(feature_version=(3, 9))`: no
 * `match`, no parenthesised context managers) and rejects what 3.9 parses but fails on when it runs: an
 * annotation written `X | None` (PEP 604, Python 3.10), unless the block starts with
 * `from __future__ import annotations`. A fragment that is not Python on purpose may fail to parse.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contentFiles, codeBlocks, codeLanguageOf, type CodeBlock} from '@portal/content';
import {FRAGMENT} from '@portal/test-utils/guideRuns';

const websiteDir = path.resolve(__dirname, '..');

const checker = String.raw`
import ast, json, sys

problems = []
for block in json.load(sys.stdin):
    try:
        tree = ast.parse(block["body"], feature_version=(3, 9))
    except SyntaxError as err:
        if not block["fragment"]:
            problems.append(f"{block['where']}: not Python 3.9 ({err.msg}, line {err.lineno})")
        continue
    lazy = any(isinstance(node, ast.ImportFrom) and node.module == "__future__"
               and any(alias.name == "annotations" for alias in node.names) for node in tree.body)
    if lazy:
        continue
    annotations = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            every = args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]
            annotations += [a.annotation for a in every if a.annotation] + ([node.returns] if node.returns else [])
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
    for annotation in annotations:
        for inner in ast.walk(annotation):
            if isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.BitOr):
                problems.append(f"{block['where']}, line {annotation.lineno}: the annotation "
                                f"{ast.get_source_segment(block['body'], annotation)} needs Python 3.10 (use Optional or Union)")
                break
print(json.dumps(problems))
`;

/** What Python 3.9 cannot run in these blocks, one line each. */
function problemsOf(blocks: CodeBlock[]): string[] {
  const input = blocks.map((block) => ({
    where: `${block.file}:${block.line}`,
    body: block.body,
    fragment: block.flags.includes(FRAGMENT),
  }));
  const run = spawnSync('/usr/bin/python3', ['-c', checker], {input: JSON.stringify(input), encoding: 'utf8'});
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))];
const blocks = files.flatMap((file) =>
  codeBlocks(path.relative(websiteDir, file), fs.readFileSync(file, 'utf8')).filter(
    (block) => codeLanguageOf(block.lang) === 'python',
  ),
);

describe('the Python of the guides and the blog', () => {
  it('is found', () => {
    // Every ```python block of website/docs and website/blog: update when blocks are added or removed
    expect(blocks.length).toBe(110);
  });

  it('runs on Python 3.9: no syntax or annotation of a later version', () => {
    expect(problemsOf(blocks)).toEqual([]);
  });

  it('catches an X | None annotation and 3.10 syntax (the check itself works)', () => {
    const sample = [
      '```python',
      'def f(x: dict | None = None) -> str:',
      '    return ""',
      '```',
      '```python',
      'from __future__ import annotations',
      'def f(x: dict | None = None) -> str:',
      '    return ""',
      '```',
      '```python',
      'match 1:',
      '    case 1:',
      '        pass',
      '```',
      '```python fragment',
      'query = {"market": "UK",',
      '```',
      '```python',
      'from typing import Optional',
      'cache: dict[str, Optional[int]] = {}',
      '```',
    ].join('\n');
    expect(problemsOf(codeBlocks('sample.mdx', sample))).toEqual([
      'sample.mdx:1, line 1: the annotation dict | None needs Python 3.10 (use Optional or Union)',
      'sample.mdx:10: not Python 3.9 (Pattern matching is only supported in Python 3.10 and greater, line 3)',
    ]);
  });
});
