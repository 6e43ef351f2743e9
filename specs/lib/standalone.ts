/**
 * `@portal/specs/standalone`: the request validators as code, made at build time (Ajv standalone code), for a
 * runtime that allows no code generation from strings: Cloudflare Workers (deploy/src/build.ts) and the site's
 * pages under a Content-Security-Policy without 'unsafe-eval' (website/src/plugins/precompiledValidators).
 * Every schema `requestSchemaRefs` names (the parameters and JSON body of every operation: all the sandbox's
 * validation step compiles) is compiled by the Ajv `SpecValidator` compiles with, and its source kept. Node
 * only: it imports Ajv's code generator, which no page needs.
 */
import {_} from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import type {OpenApiDocument} from './openapi';
import {createAjv, requestSchemaRefs, SpecValidator} from './validator';

/** The module the generated code requires its formats from (./formats.ts), resolved where it is bundled. */
export const formatsModule = '@portal/specs/formats';

/** The `<slug><pointer>` of every schema the request validation of `bundles` compiles, each once. */
export function requestSchemaRefsOf(bundles: Map<string, OpenApiDocument>): string[] {
  const validator = new SpecValidator(bundles);
  return [...new Set([...validator.operations.keys()].flatMap((id) => requestSchemaRefs(validator, id)))];
}

/**
 * A CommonJS module whose `precompiledValidators` is a `PrecompiledValidators` map (`<slug><pointer>` → validator)
 * of every request schema of `bundles`, for `SpecValidator`'s `precompiled` (through the sandbox's `createApp` and
 * the check's `judgeCheck`). It requires Ajv's runtime (`ajv/dist/runtime/*`) and `@portal/specs/formats`.
 */
export function standaloneValidatorsSource(bundles: Map<string, OpenApiDocument>): string {
  const refs = requestSchemaRefsOf(bundles);
  // The same Ajv as SpecValidator's, keeping the source of what it compiles; its formats required by name
  const ajv = createAjv({code: {source: true, formats: _`require(${formatsModule}).formats`}});
  for (const [slug, doc] of bundles) ajv.addSchema(doc as object, slug);
  const code = standaloneCode(ajv, Object.fromEntries(refs.map((ref, index) => [`v${index}`, ref])));
  return `${code}
const refs = ${JSON.stringify(refs)};
exports.precompiledValidators = new Map(refs.map((ref, index) => [ref, exports["v" + index]]));
`;
}
