/** The bundles by slug, given to the one file's build as JSON (./build.ts `virtualModules`). */
declare module 'portal:bundles' {
  const bundles: Record<string, import('@portal/specs').OpenApiDocument>;
  export default bundles;
}
