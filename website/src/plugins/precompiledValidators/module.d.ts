/**
 * The module the precompiled validators plugin (./index.ts) gives the site's code: the request validators of
 * each API, compiled when the site was built (./validatorModules.ts), for pages whose policy allows no `new Function`.
 */
declare module '@generated/precompiled-validators' {
  import type {PrecompiledValidators} from '@portal/specs';

  /** The validators of the APIs `slugs`, by `<slug><pointer>`; each API's are loaded the first time it is asked for. */
  export function loadPrecompiledValidators(slugs: readonly string[]): Promise<PrecompiledValidators>;
}
