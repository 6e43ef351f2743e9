/**
 * The module `build.ts` makes while bundling the Worker: Ajv standalone validators of every request schema
 * the sandbox compiles (`requestSchemaRefs`), as `<slug><pointer>` → validator.
 */
declare module 'portal:precompiled-validators' {
  import type {SpecValidator} from '@portal/specs';

  export const precompiledValidators: ReadonlyMap<string, ReturnType<SpecValidator['validatorAt']>>;
}
