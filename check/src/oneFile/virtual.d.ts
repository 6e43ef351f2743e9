/** The bundles by slug, given to the one file's build as JSON (./build.ts `virtualModules`). */
declare module 'portal:bundles' {
  const bundles: Record<string, import('@portal/specs').OpenApiDocument>;
  export default bundles;
}

/** When and from which commit the one file was built (./build.ts). */
declare module 'portal:build' {
  const build: import('../cli/version').BuildInfo;
  export default build;
}
