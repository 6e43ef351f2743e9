/**
 * `@portal/specs/esbuild`: builds that carry the bundled specifications inside them, the one place the
 * repository's esbuild builds declare modules that exist only in the build.
 *
 * - `virtualModules(modules)`: an esbuild plugin resolving each named module to what it is given: a JSON
 *   value (`{json}`: the bundles as `portal:bundles`, the pages as `portal:pages`), JavaScript source
 *   (`{js, resolveDir}`: the Worker's precompiled validators) or a stub replacing a real module.
 * - `bundleOneFile(options)`: one ES module for Node 20 or later with everything its entry imports inside
 *   (`sandbox.mjs` of @portal/check, `mcp.mjs` of @portal/mcp), the banner giving bundled CommonJS code the
 *   `require`, `__filename` and `__dirname` an ES module lacks.
 *
 * The Worker's build (deploy/src/build.ts) and both one files use this plugin; esbuild.test.ts tests it.
 */
import {build, type Plugin} from 'esbuild';

/** What a virtual module is: a JSON value, or JavaScript source resolved from `resolveDir`. */
export type VirtualModule = {json: unknown} | {js: string; resolveDir?: string};

const NAMESPACE = 'portal-virtual';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Resolves every name of `modules` to its virtual module, in the build only. A module given as a function is
 * made when the build first imports it (the precompiled validators cost seconds, and are made only if used).
 */
export function virtualModules(modules: Record<string, VirtualModule | (() => VirtualModule)>): Plugin {
  const names = Object.keys(modules);
  const filter = new RegExp(`^(${names.map(escapeRegExp).join('|')})$`);
  return {
    name: 'portal-virtual-modules',
    setup(builder) {
      if (names.length === 0) return;
      builder.onResolve({filter}, (args) => ({path: args.path, namespace: NAMESPACE}));
      builder.onLoad({filter: /.*/, namespace: NAMESPACE}, (args) => {
        const given = modules[args.path];
        const module = typeof given === 'function' ? given() : given;
        return 'json' in module
          ? {contents: JSON.stringify(module.json), loader: 'json'}
          : {contents: module.js, loader: 'js', resolveDir: module.resolveDir};
      });
    },
  };
}

/** What an ES module lacks that bundled CommonJS code uses (`require` of built-ins, `__dirname`). */
export const ESM_BANNER = [
  '#!/usr/bin/env node',
  "import {createRequire as __oneFileRequire} from 'node:module';",
  "import {fileURLToPath as __oneFilePath} from 'node:url';",
  "import {dirname as __oneFileDirname} from 'node:path';",
  'const require = __oneFileRequire(import.meta.url);',
  'const __filename = __oneFilePath(import.meta.url);',
  'const __dirname = __oneFileDirname(__filename);',
].join('\n');

export interface OneFile {
  /** The file's name: `sandbox.mjs`, `mcp.mjs`. */
  name: string;
  contents: Uint8Array;
}

export interface OneFileOptions {
  /** The module that runs. */
  entry: string;
  name: string;
  /** Modules that exist only in the build (`portal:bundles`...), and stubs replacing real ones. */
  modules: Record<string, VirtualModule>;
  /** Minified (smaller, unreadable); readable by default. */
  minify?: boolean;
}

/** One ES module for Node 20 with everything `entry` imports inside it. */
export async function bundleOneFile(options: OneFileOptions): Promise<OneFile> {
  const result = await build({
    entryPoints: [options.entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outfile: options.name,
    minify: options.minify === true,
    banner: {js: ESM_BANNER},
    logLevel: 'silent',
    plugins: [virtualModules(options.modules)],
  });
  const [output] = result.outputFiles;
  return {name: options.name, contents: output.contents};
}

/** The stub of `@portal/specs/node` in a one file, which holds its bundles and reads no file. */
export const noFileBundles = (name: string): VirtualModule => ({
  js: `export function loadBundles() { throw new Error('${name} holds its bundles: it reads no file'); }`,
});
