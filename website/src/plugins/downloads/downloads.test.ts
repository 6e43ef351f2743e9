import {execFileSync} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {downloadInfo, sha256sumLine} from './downloads';

describe('the downloads plugin', () => {
  const contents = new TextEncoder().encode('console.log("sandbox");\n');

  it('gives each file its path, its checksum file, its size and its SHA-256', () => {
    expect(downloadInfo('sandbox.mjs', contents)).toEqual({
      name: 'sandbox.mjs',
      path: '/downloads/sandbox.mjs',
      checksumPath: '/downloads/sandbox.mjs.sha256',
      bytes: 24,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('writes the checksum file that sha256sum --check accepts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'downloads-'));
    writeFileSync(path.join(dir, 'sandbox.mjs'), contents);
    const info = downloadInfo('sandbox.mjs', contents);
    expect(execFileSync('sha256sum', ['sandbox.mjs'], {cwd: dir, encoding: 'utf8'})).toBe(sha256sumLine(info));
    writeFileSync(path.join(dir, 'sandbox.mjs.sha256'), sha256sumLine(info));
    expect(execFileSync('sha256sum', ['--check', 'sandbox.mjs.sha256'], {cwd: dir, encoding: 'utf8'})).toBe(
      'sandbox.mjs: OK\n',
    );
  });
});
