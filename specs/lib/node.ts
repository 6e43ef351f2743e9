/** `@portal/specs/node`: the library plus loading the bundles from disk (Node only). */
export * from './index';
export * from './bundles';
export * from './releases';
export * from './specChanges';
export * from './sourceLines';
export * from './lint';
