/**
 * The portal's Worker build, one for the deploy and the local runs: ./worker.ts (the one Hono app of ./app.ts
 * and the hosted check's Durable Object class) bundled by esbuild into one ES module for workerd, with the
 * bundles built in (the module `portal:bundles`, and the check API's specification, `portal:check-api`) and
 * every request validator the sandbox and the check's API compile precompiled. Cloudflare
 * Workers allow no code generation from strings (`new Function`, which Ajv compiles with), so the validators
 * are Ajv standalone code (`standaloneValidatorsSource` of `@portal/specs/standalone`: the parameter and body
 * schemas of every operation), given to the sandbox's handler as the module `portal:precompiled-validators`.
 * The MCP server's markdown pages are made here too (`markdownPages` of @portal/mcp, as the stdio server makes
 * them when it starts), as the module `portal:pages`.
 *
 * `tsx src/build.ts [outfile]` writes `deploy/dist/worker.js` unless told (minified, with its source map):
 * the `build.command` of wrangler.jsonc, which `wrangler deploy` runs first and the local runs (./local.ts)
 * run into a temporary folder.
 */
import path from 'node:path';
import {build} from 'esbuild';
import {markdownPages} from '@portal/mcp/pages';
import type {OpenApiDocument} from '@portal/specs';
import {virtualModules, type VirtualModule} from '@portal/specs/esbuild';
import {CHECK_API_SLUG} from '@portal/specs';
import {loadBundles, loadCheckApi} from '@portal/specs/node';
import {standaloneValidatorsSource} from '@portal/specs/standalone';

export const portalWorkerEntry = path.join(__dirname, 'worker.ts');
export const defaultOutfile = path.resolve(__dirname, '..', 'dist', 'worker.js');

/** The modules the Worker imports that the build makes, by name, from the bundles built in. */
export function workerModules(
  bundles: Map<string, OpenApiDocument>,
  checkApi: OpenApiDocument,
): Record<string, () => VirtualModule> {
  // The check API's bodies are validated in the Worker too: its validators are precompiled with the APIs'
  const validated = new Map([...bundles, [CHECK_API_SLUG, checkApi]]);
  return {
    'portal:precompiled-validators': () => ({js: standaloneValidatorsSource(validated), resolveDir: __dirname}),
    'portal:pages': () => ({json: markdownPages(bundles)}),
    'portal:bundles': () => ({json: Object.fromEntries(bundles)}),
    'portal:check-api': () => ({json: checkApi}),
  };
}

export interface WorkerBuild {
  outfile: string;
  /** Bytes of the module. */
  bytes: number;
}

export interface WorkerBuildOptions {
  /** Minified, with a linked source map (the deploy's build). */
  minify?: boolean;
  /** The entry: the portal's Worker (./worker.ts) unless given. */
  entry?: string;
  /** The bundles built in (the bundled specifications unless given). */
  bundles?: Map<string, OpenApiDocument>;
}

/** Bundles the portal's Worker into `outfile`: one ES module for workerd, its validators precompiled. */
export async function buildWorker(outfile: string, options: WorkerBuildOptions = {}): Promise<WorkerBuild> {
  const {minify = false, entry = portalWorkerEntry} = options;
  let bundles: Map<string, OpenApiDocument>;
  let checkApi: OpenApiDocument;
  try {
    bundles = options.bundles ?? loadBundles();
    checkApi = loadCheckApi();
  } catch (error) {
    throw new Error(`The Worker is built from the bundled specifications: ${(error as Error).message}`);
  }
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    // The runtime's own modules (`cloudflare:workers`: the DurableObject base class)
    external: ['cloudflare:*'],
    minify,
    sourcemap: minify ? 'linked' : false,
    metafile: true,
    logLevel: 'silent',
    plugins: [virtualModules(workerModules(bundles, checkApi))],
  });
  return {outfile, bytes: result.metafile.outputs[path.relative(process.cwd(), outfile)]?.bytes ?? 0};
}

if (require.main === module) {
  const outfile = path.resolve(process.argv[2] ?? defaultOutfile);
  buildWorker(outfile, {minify: true}).then(
    ({bytes}) => console.log(`worker: ${path.relative(process.cwd(), outfile)} (${Math.round(bytes / 1024)} KiB)`),
    (error: unknown) => {
      console.error(`worker: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
