/**
 * The portal's Worker build: ./entry.ts (the sandbox's Worker plus `/mcp`) bundled by `buildWorker` of the
 * sandbox (sandbox/src/worker/build.ts: one ES module, the bundles built in, the validators precompiled),
 * with the markdown pages made here at build time (`markdownPages` of ../pages.ts, as the stdio server
 * makes them when it starts) as the virtual module `portal:pages`.
 *
 * `tsx mcp/src/worker/build.ts [outfile]` writes `sandbox/dist/worker.js` unless told (minified, with its
 * source map): the `build.command` of sandbox/wrangler.jsonc, which `wrangler deploy` runs first and the
 * local runs (sandbox/src/worker/local.ts) run into a temporary folder.
 */
import path from 'node:path';
import {loadBundles} from '@portal/specs/node';
import {buildWorker, defaultOutfile, type WorkerBuild} from '@portal/sandbox/worker/build';
import {markdownPages} from '../pages';

export const portalWorkerEntry = path.join(__dirname, 'entry.ts');

export function buildPortalWorker(outfile: string, {minify = true} = {}): Promise<WorkerBuild> {
  let bundles: ReturnType<typeof loadBundles>;
  try {
    bundles = loadBundles();
  } catch (error) {
    throw new Error(`The Worker is built from the bundled specifications: ${(error as Error).message}`);
  }
  return buildWorker(outfile, {
    minify,
    entry: portalWorkerEntry,
    bundles,
    modules: {'portal:pages': markdownPages(bundles)},
  });
}

if (require.main === module) {
  const outfile = path.resolve(process.argv[2] ?? defaultOutfile);
  buildPortalWorker(outfile).then(
    ({bytes}) => console.log(`worker: ${path.relative(process.cwd(), outfile)} (${Math.round(bytes / 1024)} KiB)`),
    (error: unknown) => {
      console.error(`worker: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
