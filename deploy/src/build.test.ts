/**
 * The Worker's precompiled validators (`build.ts`: Workers allow no `new Function`): the module
 * `portal:precompiled-validators` the build gives the sandbox's handler, bundled from this folder as the Worker
 * build bundles it (its requires of Ajv's runtime and `@portal/specs/formats` resolved), holds a validator for
 * every request schema of the bundles, each answering as the one `SpecValidator` compiles. That the generated
 * validators answer as the compiled ones for many values is specs/lib/standalone.test.ts.
 */
import {build} from 'esbuild';
import {issuesOf, type PrecompiledValidators} from '@portal/specs';
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
    plugins: [virtualModules(workerModules(bundles))],
  });
  const module = {exports: {} as {precompiledValidators: PrecompiledValidators}};
  new Function('module', 'exports', 'require', bundled.outputFiles[0].text)(module, module.exports, require);
  return module.exports.precompiledValidators;
}

describe("the Worker's precompiled validators", () => {
  it('cover every schema the sandbox validates requests with, and answer as the compiled ones do', async () => {
    const precompiled = await loadWorkerValidators();
    const refs = requestSchemaRefsOf(bundles);
    expect(refs.length).toBeGreaterThan(0);
    expect([...precompiled.keys()].sort()).toEqual([...refs].sort());
    for (const ref of refs) {
      const compiled = validator.validatorAt(ref.slice(0, ref.indexOf('#')), ref.slice(ref.indexOf('#')));
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
