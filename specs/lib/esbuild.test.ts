/**
 * The virtual modules of the repository's builds (esbuild.ts): a JSON module, a JavaScript module resolved
 * from its folder, a stub in place of a real package, one made only when imported, and a one file that runs.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {build} from 'esbuild';
import {describe, expect, it} from 'vitest';
import {bundleOneFile, virtualModules} from './esbuild';

const entryIn = (source: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'virtual-'));
  const entry = path.join(dir, 'entry.mjs');
  fs.writeFileSync(entry, source);
  return entry;
};

const run = async (source: string, modules: Parameters<typeof virtualModules>[0]) => {
  const result = await build({
    entryPoints: [entryIn(source)],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins: [virtualModules(modules)],
  });
  const output: string[] = [];
  new Function('console', result.outputFiles[0].text)({log: (line: string) => output.push(line)});
  return output;
};

describe('virtualModules', () => {
  it('gives a JSON module its value and a JS module its source, resolving its imports from resolveDir', async () => {
    const output = await run(
      "import data from 'portal:data'; import {twice} from 'portal:code'; console.log(JSON.stringify(data) + twice(21));",
      {
        'portal:data': {json: {slug: 'geo'}},
        'portal:code': {js: "export {twice} from './helper.mjs';", resolveDir: path.dirname(helper())},
      },
    );
    expect(output).toEqual(['{"slug":"geo"}42']);
  });

  it('replaces a real package by its stub, and makes a module given as a function only when imported', async () => {
    let made = 0;
    const output = await run("import {loadBundles} from '@portal/specs/node'; console.log(typeof loadBundles);", {
      '@portal/specs/node': {js: 'export function loadBundles() { throw new Error("stub"); }'},
      'portal:unused': () => {
        made++;
        return {json: 1};
      },
    });
    expect(output).toEqual(['function']);
    expect(made).toBe(0);
  });

  it('leaves any other import to esbuild, which refuses a name nothing provides', async () => {
    await expect(run("import x from 'portal:missing'; console.log(x);", {'portal:data': {json: 1}})).rejects.toThrow(
      /portal:missing/,
    );
  });
});

describe('bundleOneFile', () => {
  it('makes one ES module that Node runs alone, with its virtual modules inside', async () => {
    const file = await bundleOneFile({
      entry: entryIn("import data from 'portal:data'; import path from 'node:path'; console.log(data.n, path.sep);"),
      name: 'one.mjs',
      modules: {'portal:data': {json: {n: 7}}},
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-file-'));
    fs.writeFileSync(path.join(dir, file.name), file.contents);
    expect(execFileSync(process.execPath, [file.name], {cwd: dir, encoding: 'utf8'})).toBe(`7 ${path.sep}\n`);
  });
});

function helper(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'helper-')), 'helper.mjs');
  fs.writeFileSync(file, 'export const twice = (n) => n * 2;');
  return file;
}
