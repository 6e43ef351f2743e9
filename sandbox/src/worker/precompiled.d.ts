/**
 * The modules the Worker's build (deploy/src/build.ts) makes: Ajv standalone validators of every request schema
 * the sandbox compiles (`requestSchemaRefs`), as `<slug><pointer>` → validator.
 */
declare module 'portal:precompiled-validators' {
  import type {SpecValidator} from '@portal/specs';

  export const precompiledValidators: ReadonlyMap<string, ReturnType<SpecValidator['validatorAt']>>;
}

/** The bundled specifications by slug, made by the Worker's build (deploy/src/build.ts). */
declare module 'portal:bundles' {
  const bundles: Record<string, import('@portal/specs').OpenApiDocument>;
  export default bundles;
}
