/**
 * The Worker's build, one for the deploy and the local runs: `src/worker.ts` bundled by esbuild into one ES
 * module for workerd, with the thirteen bundles (`bundles.ts`) and every request validator the sandbox compiles
 * precompiled. Cloudflare Workers allow no code generation from strings (`new Function`, which Ajv compiles
 * with), so the validators are Ajv standalone code made here (`requestSchemaRefs` of `@portal/specs`: the
 * parameter and body schemas of every operation), served to `worker.ts` as the module
 * `portal:precompiled-validators`; the formats they check are `formats.ts`.
 *
 * `tsx src/worker/build.ts [outfile]` writes `sandbox/dist/worker.js` (minified, with its source map): the
 * `build.command` of wrangler.jsonc, which `wrangler deploy` runs first. `local.ts` builds into a temporary folder.
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

function precompiledValidators(bundles: Map<string, OpenApiDocument>): Plugin {
  return {
    name: 'precompiled-validators',
    setup(builder) {
      builder.onResolve({filter: /^portal:precompiled-validators$/}, (args) => ({
        path: args.path,
        namespace: 'portal',
      }));
      builder.onLoad({filter: /.*/, namespace: 'portal'}, () => ({
        contents: precompiledValidatorsSource(bundles),
        loader: 'js',
        resolveDir: __dirname,
      }));
    },
  };
}

export interface WorkerBuild {
  outfile: string;
  /** Bytes of the module. */
  bytes: number;
}

/** Bundles the Worker into `outfile` (an ES module; `minify` for the deploy, with a linked source map). */
export async function buildWorker(outfile: string, {minify = false} = {}): Promise<WorkerBuild> {
  let bundles: Map<string, OpenApiDocument>;
  try {
    bundles = loadBundles();
  } catch (error) {
    throw new Error(`The Worker is built from the bundled specifications: ${(error as Error).message}`);
  }
  const result = await build({
    entryPoints: [workerEntry],
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
    plugins: [precompiledValidators(bundles)],
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
