/**
 * What `check --hosted` declares of the program (programSource.ts): the files the command line names that
 * exist, by SHA-256 (not options, folders, missing names or files past the size bound), at most 20; and the
 * git commit of its folder, clean or with changes, the report folder left out.
 */
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, truncateSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {MAX_HASHED_BYTES, MAX_PROGRAM_FILES, programSource} from './programSource';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const folder = () => mkdtempSync(path.join(tmpdir(), 'program-source-'));
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {cwd, stdio: 'pipe'})
    .toString()
    .trim();

describe('programSource', () => {
  it('hashes each file the command names, once, and nothing else it names', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'client.mjs'), 'console.log(1)\n');
    mkdirSync(path.join(dir, 'lib'));
    writeFileSync(path.join(dir, 'lib', 'query.json'), '{}');
    const source = await programSource(
      'node',
      ['client.mjs', '--input', 'lib/query.json', 'lib', 'missing.mjs', 'client.mjs', '-client.mjs'],
      dir,
      path.join(dir, 'integration-report'),
    );
    expect(source).toEqual({
      programFiles: [
        {path: 'client.mjs', sha256: sha256('console.log(1)\n')},
        {path: 'lib/query.json', sha256: sha256('{}')},
      ],
    });
  });

  it('takes a file at the size bound and leaves out one a byte past it', async () => {
    const dir = folder();
    for (const [name, size] of [
      ['at.bin', MAX_HASHED_BYTES],
      ['past.bin', MAX_HASHED_BYTES + 1],
    ] as const) {
      writeFileSync(path.join(dir, name), '');
      truncateSync(path.join(dir, name), size);
    }
    const source = await programSource('run', ['at.bin', 'past.bin'], dir, path.join(dir, 'report'));
    expect(source.programFiles?.map((file) => file.path)).toEqual(['at.bin']);
  });

  it(`declares at most ${MAX_PROGRAM_FILES} files`, async () => {
    const dir = folder();
    const names = Array.from({length: MAX_PROGRAM_FILES + 1}, (_, index) => `f${index}.js`);
    for (const name of names) writeFileSync(path.join(dir, name), name);
    const source = await programSource('node', names, dir, path.join(dir, 'report'));
    expect(source.programFiles?.map((file) => file.path)).toEqual(names.slice(0, MAX_PROGRAM_FILES));
  });

  it('declares no commit outside a repository', async () => {
    const dir = folder();
    expect(await programSource('node', ['x.mjs'], dir, path.join(dir, 'report'))).toEqual({});
  });

  it("declares the folder's commit, clean, then with a change, and the report folder is no change", async () => {
    const dir = folder();
    git(dir, 'init', '-q');
    writeFileSync(path.join(dir, 'client.mjs'), 'v1');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'v1');
    const head = git(dir, 'rev-parse', 'HEAD');
    const report = path.join(dir, 'integration-report');
    mkdirSync(report);
    writeFileSync(path.join(report, 'junit.xml'), '<testsuites/>');
    expect((await programSource('node', ['client.mjs'], dir, report)).programCommit).toEqual({
      commit: head,
      dirty: false,
    });
    // Written to another report folder, the same files are a change
    expect((await programSource('node', ['client.mjs'], dir, path.join(dir, 'elsewhere'))).programCommit).toEqual({
      commit: head,
      dirty: true,
    });
    writeFileSync(path.join(dir, 'client.mjs'), 'v2');
    expect((await programSource('node', ['client.mjs'], dir, report)).programCommit).toEqual({
      commit: head,
      dirty: true,
    });
  });

  it('declares no commit in a repository with none yet', async () => {
    const dir = folder();
    git(dir, 'init', '-q');
    expect((await programSource('node', [], dir, path.join(dir, 'report'))).programCommit).toBeUndefined();
  });
});
