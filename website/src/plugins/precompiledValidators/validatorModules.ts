/**
 * The pure core of the precompiled validators plugin (./index.ts): the files of the module
 * `@generated/precompiled-validators`, made from the bundles. One file per API, `<slug>.js`: Ajv standalone
 * code of every request schema of that API (`standaloneValidatorsSource` of @portal/specs/standalone, as the
 * Worker's build makes them), and `index.js`, whose `loadPrecompiledValidators(slugs)` loads the files of the
 * APIs asked for with `import()` (one chunk each, loaded when first asked for) and gives their validators as
 * one map, for `sandboxFetch` and `judgeCheck`.
 */
import type {OpenApiDocument} from '@portal/specs';
import {standaloneValidatorsSource} from '@portal/specs/standalone';

/**
 * The folder of the generated files the module is written to: the site's code imports it as
 * `@generated/precompiled-validators` (Docusaurus's name for that folder; ./module.d.ts declares its type).
 */
export const FOLDER = 'precompiled-validators';

/** The module's entry among its files. */
export const INDEX_FILE = 'index.js';

export interface GeneratedFile {
  name: string;
  contents: string;
}

/** The loader: `loadPrecompiledValidators(slugs)`, refusing an API it has no validators for by name. */
function indexSource(slugs: string[]): string {
  const loaders = slugs.map((slug) => `  ${JSON.stringify(slug)}: () => import(${JSON.stringify(`./${slug}.js`)}),`);
  return `// The request validators of each API, compiled when the site was built (website/src/plugins/precompiledValidators).
const byApi = {
${loaders.join('\n')}
};

export async function loadPrecompiledValidators(slugs) {
  const unknown = slugs.filter((slug) => !Object.hasOwn(byApi, slug));
  if (unknown.length) {
    throw new Error("No precompiled validators for " + unknown.join(", ") + ": the site was built with those of " + Object.keys(byApi).join(", "));
  }
  const modules = await Promise.all(slugs.map((slug) => byApi[slug]()));
  return new Map(modules.flatMap((module) => [...module.precompiledValidators]));
}
`;
}

/** Every file of the module: `index.js` and one `<slug>.js` per API of `bundles`. */
export function validatorModules(bundles: Map<string, OpenApiDocument>): GeneratedFile[] {
  const slugs = [...bundles.keys()];
  const unsafe = slugs.find((slug) => !/^[a-z0-9][a-z0-9-]*$/.test(slug));
  if (unsafe !== undefined) throw new Error(`precompiledValidators: the slug "${unsafe}" is not a file name`);
  return [
    {name: INDEX_FILE, contents: indexSource(slugs)},
    ...slugs.map((slug) => ({
      name: `${slug}.js`,
      contents: standaloneValidatorsSource(new Map([[slug, bundles.get(slug)!]])),
    })),
  ];
}
