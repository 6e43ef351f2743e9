/**
 * The precompiled request validators (standalone.ts, Ajv standalone code for runtimes that allow no `new Function`)
 * are the validators `SpecValidator` compiles: one for every schema `requestSchemaRefs` names, each answering the
 * same errors for the spec's example and for values that fail, and with them a `SpecValidator` validates every
 * operation's request without compiling anything. Made for one API, the module holds that API's validators only.
 */
import {build} from 'esbuild';
import {describe, expect, it, vi} from 'vitest';
import {loadBundles} from './node';
import {firstExample, parametersOf, requestMedia, type OpenApiDocument} from './openapi';
import {requestSchemaRefsOf, standaloneValidatorsSource} from './standalone';
import {
  requestIssues,
  requestSchemaRefs,
  SpecValidator,
  validateParameters,
  type ParameterValues,
  type PrecompiledValidators,
} from './validator';

type Validate = ReturnType<SpecValidator['validatorAt']>;

const bundles = loadBundles();
const validator = new SpecValidator(bundles);

/** The generated module, bundled for Node (its requires resolved from here) and run. */
async function loadPrecompiled(of: Map<string, OpenApiDocument>): Promise<PrecompiledValidators> {
  const bundled = await build({
    stdin: {contents: standaloneValidatorsSource(of), resolveDir: __dirname, loader: 'js'},
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  });
  const module = {exports: {} as {precompiledValidators: PrecompiledValidators}};
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
    const precompiled = await loadPrecompiled(bundles);
    const operations = [...validator.operations.values()];
    const refs = operations.flatMap((operation) => requestSchemaRefs(validator, operation.operationId));
    expect(refs.length).toBeGreaterThan(0);
    expect([...precompiled.keys()].sort()).toEqual([...new Set(refs)].sort());
    expect(requestSchemaRefsOf(bundles).sort()).toEqual([...new Set(refs)].sort());
    let compared = 0;
    for (const operation of operations) {
      const doc = bundles.get(operation.slug)!;
      const media = requestMedia(doc, operation);
      const example = (media && structuredClone(firstExample(doc, media))) as Record<string, unknown> | undefined;
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

  it('let a SpecValidator check every request without compiling; without them it compiles', async () => {
    const [slug, doc] = [...bundles].find(([name]) => name === 'flights-live-pricing')!;
    const one = new Map([[slug, doc]]);
    const precompiled = await loadPrecompiled(one);
    // Made for one API: that API's validators, no other's
    expect([...precompiled.keys()].sort()).toEqual(requestSchemaRefsOf(one).sort());
    expect([...precompiled.keys()].every((ref) => ref.startsWith(`${slug}#/`))).toBe(true);

    // Every parameter given a value, every JSON body sent: all the sandbox's validation step checks
    const checkEveryRequest = (checking: SpecValidator) => {
      for (const operation of checking.operations.values()) {
        const values: Required<ParameterValues> = {query: {}, path: {}, header: {}};
        for (const {name, in: where} of parametersOf(doc, operation)) {
          if (where === 'query' || where === 'path') values[where][name!] = 'x';
          if (where === 'header') values.header[name!.toLowerCase()] = 'x';
        }
        validateParameters(checking, operation.operationId, values);
        if (requestMedia(doc, operation)) requestIssues(checking, operation.operationId, {});
      }
    };
    const withThem = new SpecValidator(one, precompiled);
    const compileWith = vi.spyOn(withThem.ajv, 'compile');
    checkEveryRequest(withThem);
    expect(compileWith).not.toHaveBeenCalled();

    const without = new SpecValidator(one);
    const compileWithout = vi.spyOn(without.ajv, 'compile');
    checkEveryRequest(without);
    expect(compileWithout).toHaveBeenCalledTimes(precompiled.size);
  });
});
