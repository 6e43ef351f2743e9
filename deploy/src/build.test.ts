/**
 * The Worker's precompiled validators (`build.ts`: Workers allow no `new Function`): the module
 * `portal:precompiled-validators` the build gives the sandbox and the check's API, bundled from this folder as the Worker
 * build bundles it (its requires of Ajv's runtime and `@portal/specs/formats` resolved), holds a validator for
 * every request schema of the bundles and of the check API, each answering as the one `SpecValidator` compiles. That the generated
 * validators answer as the compiled ones for many values is specs/lib/standalone.test.ts.
 */
import {build} from 'esbuild';
import {CHECK_API_SLUG, issuesOf, SpecValidator, type PrecompiledValidators} from '@portal/specs';
import {loadCheckApi} from '@portal/specs/node';
import {virtualModules} from '@portal/specs/esbuild';
import {requestSchemaRefsOf} from '@portal/specs/standalone';
import {describe, expect, it} from 'vitest';
import {bundles, validator} from '@portal/sandbox/testing';
import {workerModules} from './build';

/** The Worker's module, bundled for Node with the Worker build's virtual modules and run. */
async function loadWorkerValidators(): Promise<PrecompiledValidators> {
  const bundled = await build({
    stdin: {
      contents: "export {precompiledValidators} from 'portal:precompiled-validators';",
      resolveDir: __dirname,
      loader: 'js',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [virtualModules(workerModules(bundles, loadCheckApi()))],
  });
  const module = {exports: {} as {precompiledValidators: PrecompiledValidators}};
  new Function('module', 'exports', 'require', bundled.outputFiles[0].text)(module, module.exports, require);
  return module.exports.precompiledValidators;
}

describe("the Worker's precompiled validators", () => {
  it("cover every schema the sandbox and the check's API validate requests with, and answer as the compiled ones do", async () => {
    const precompiled = await loadWorkerValidators();
    const checkApi = new Map([[CHECK_API_SLUG, loadCheckApi()]]);
    const refs = [...requestSchemaRefsOf(bundles), ...requestSchemaRefsOf(checkApi)];
    // The create and finish bodies, and the run id, reports token and file name the API's paths take
    expect(requestSchemaRefsOf(checkApi)).toEqual([
      'check-api#/paths/~1check~1v1~1runs/post/requestBody/content/application~1json/schema',
      'check-api#/components/parameters/RunId/schema',
      'check-api#/paths/~1check~1v1~1runs~1%7BrunId%7D~1finish/post/requestBody/content/application~1json/schema',
      'check-api#/paths/~1check~1v1~1runs~1%7BrunId%7D~1%7Bfile%7D/get/parameters/1/schema',
      'check-api#/components/parameters/ReportsToken/schema',
      'check-api#/paths/~1check~1v1~1runs~1%7BrunId%7D~1reports~1%7BreportsToken%7D~1%7Bfile%7D/get/parameters/2/schema',
    ]);
    expect([...precompiled.keys()].sort()).toEqual([...refs].sort());
    const checkValidator = new SpecValidator(checkApi);
    for (const ref of refs) {
      const slug = ref.slice(0, ref.indexOf('#'));
      const compiled = (slug === CHECK_API_SLUG ? checkValidator : validator).validatorAt(
        slug,
        ref.slice(ref.indexOf('#')),
      );
      const validate = precompiled.get(ref)!;
      for (const value of [null, {}, 'x']) {
        // What the sandbox's 400 names: each failing field, rule and message
        expect([validate(value), issuesOf(validate.errors)], `${ref} ${JSON.stringify(value)}`).toEqual([
          compiled(value),
          issuesOf(compiled.errors),
        ]);
      }
    }
  });
});
