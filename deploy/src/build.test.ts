/**
 * The Worker's precompiled validators (`build.ts`, Ajv standalone code: Workers allow no `new Function`) are
 * the validators the Node sandbox compiles: one for every schema `requestSchemaRefs` names, each answering the
 * same errors as `SpecValidator`'s for the spec's example and for values that fail.
 */
import {build} from 'esbuild';
import {requestSchemaRefs, type SpecValidator} from '@portal/specs';
import {describe, expect, it} from 'vitest';
import {bundles, exampleBody, validator} from '@portal/sandbox/testing';
import {precompiledValidatorsSource} from './build';

type Validate = ReturnType<SpecValidator['validatorAt']>;

/** The generated module, bundled for Node and run. */
async function loadPrecompiled(): Promise<ReadonlyMap<string, Validate>> {
  const bundled = await build({
    stdin: {contents: precompiledValidatorsSource(bundles), resolveDir: __dirname, loader: 'js'},
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  });
  const module = {exports: {} as {precompiledValidators: ReadonlyMap<string, Validate>}};
  new Function('module', 'exports', 'require', bundled.outputFiles[0].text)(module, module.exports, require);
  return module.exports.precompiledValidators;
}

const errorsOf = (validate: Validate, value: unknown) => {
  const valid = validate(value);
  return {
    valid,
    errors: (validate.errors ?? []).map(({instancePath, keyword, params, message}) => ({
      instancePath,
      keyword,
      params,
      message,
    })),
  };
};

describe('the precompiled validators', () => {
  it('cover every schema the sandbox validates requests with, and answer as the compiled ones do', async () => {
    const precompiled = await loadPrecompiled();
    const operations = [...validator.operations.values()];
    const refs = operations.flatMap((operation) => requestSchemaRefs(validator, operation.operationId));
    expect([...precompiled.keys()].sort()).toEqual([...new Set(refs)].sort());
    let compared = 0;
    for (const operation of operations) {
      const example = exampleBody(operation) as Record<string, unknown> | undefined;
      for (const ref of requestSchemaRefs(validator, operation.operationId)) {
        const [slug, pointer] = [ref.slice(0, ref.indexOf('#')), ref.slice(ref.indexOf('#'))];
        const compiled = validator.validatorAt(slug, pointer);
        const values: unknown[] = [example, {}, null, '', 'x', 7, [1], {query: {adults: 99, market: 7}}];
        if (example && typeof example === 'object')
          values.push({...example, query: {...(example.query as object), adults: '2', extra: 1}});
        for (const value of values) {
          expect(errorsOf(precompiled.get(ref)!, value), `${ref} ${JSON.stringify(value)?.slice(0, 80)}`).toEqual(
            errorsOf(compiled, value),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
