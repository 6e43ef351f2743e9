/**
 * The Worker's build, one for the deploy and the local runs: `src/worker.ts` bundled by esbuild into one ES
 * module for workerd, with the thirteen bundles (`bundles.ts`) and every request validator the sandbox compiles
 * precompiled. Cloudflare Workers allow no code generation from strings (`new Function`, which Ajv compiles
 * with), so the validators are Ajv standalone code made here (`requestSchemaRefs` of `@portal/specs`: the
 * parameter and body schemas of every operation), served to `worker.ts` as the module
 * `portal:precompiled-validators`; the formats they check are `formats.ts`.
 *
 * `tsx src/worker/build.ts [outfile]` writes the sandbox's Worker alone to `sandbox/dist/worker.js` (minified,
 * with its source map). The portal's Worker, which wrangler.jsonc's `build.command` makes and `wrangler deploy`
 * uploads, is built by mcp/src/worker/build.ts through `buildWorker` (its entry adds `/mcp`); `local.ts` runs
 * that command into a temporary folder.
 */
import path from 'node:path';
import {_} from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import {build, type Plugin} from 'esbuild';
import {createAjv, requestSchemaRefs, SpecValidator, type OpenApiDocument} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';

export const workerEntry = path.resolve(__dirname, '..', 'worker.ts');
export const defaultOutfile = path.resolve(__dirname, '..', '..', 'dist', 'worker.js');

/** The CommonJS source of the validators of every request schema the sandbox compiles, by `<slug><pointer>`. */
export function precompiledValidatorsSource(bundles: Map<string, OpenApiDocument>): string {
  const validator = new SpecValidator(bundles);
  const refs = [...new Set([...validator.operations.keys()].flatMap((id) => requestSchemaRefs(validator, id)))];
  // The same Ajv as SpecValidator's, keeping the source of what it compiles; formats required from formats.ts
  const ajv = createAjv({code: {source: true, formats: _`require("./formats").formats`}});
  for (const [slug, doc] of bundles) ajv.addSchema(doc as object, slug);
  const code = standaloneCode(ajv, Object.fromEntries(refs.map((ref, index) => [`v${index}`, ref])));
  return `${code}
const refs = ${JSON.stringify(refs)};
exports.precompiledValidators = new Map(refs.map((ref, index) => [ref, exports["v" + index]]));
`;
}

/** `portal:precompiled-validators`, and the entry's own virtual modules (`modules`: name → JSON). */
function virtualModules(bundles: Map<string, OpenApiDocument>, modules: Record<string, unknown>): Plugin {
  const names = ['portal:precompiled-validators', ...Object.keys(modules)];
  const filter = new RegExp(`^(${names.map((name) => name.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('|')})$`);
  return {
    name: 'portal-virtual-modules',
    setup(builder) {
      builder.onResolve({filter}, (args) => ({path: args.path, namespace: 'portal'}));
      builder.onLoad({filter: /.*/, namespace: 'portal'}, (args) =>
        Object.hasOwn(modules, args.path)
          ? {contents: JSON.stringify(modules[args.path]), loader: 'json'}
          : {contents: precompiledValidatorsSource(bundles), loader: 'js', resolveDir: __dirname},
      );
    },
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
  /** The entry: the sandbox's Worker (`src/worker.ts`) unless given (the portal's: mcp/src/worker/build.ts). */
  entry?: string;
  /** Virtual modules the entry imports, by name, given as JSON (`portal:pages`). */
  modules?: Record<string, unknown>;
  /** The bundles built in (the bundled specifications unless given). */
  bundles?: Map<string, OpenApiDocument>;
}

/** Bundles a Worker entry into `outfile`: one ES module for workerd, its validators precompiled. */
export async function buildWorker(outfile: string, options: WorkerBuildOptions = {}): Promise<WorkerBuild> {
  const {minify = false, entry = workerEntry, modules = {}} = options;
  let bundles: Map<string, OpenApiDocument>;
  try {
    bundles = options.bundles ?? loadBundles();
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
    minify,
    sourcemap: minify ? 'linked' : false,
    metafile: true,
    logLevel: 'silent',
    plugins: [virtualModules(bundles, modules)],
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
