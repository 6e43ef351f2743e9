/**
 * `@portal/specs`: the one library that reads the OpenAPI specifications. Pure (no file system):
 * walking documents and validating values. Node code loads the bundles with `@portal/specs/node`.
 */
export * from './openapi';
export * from './flows';
export * from './goLive';
export * from './validator';
export * from './requests';
export * from './undeclaredFields';
export * from './referenceMarkdown';
export * from './codeSamples';
export * from './liveLoops';
export * from './operationMatcher';
export * from './portalApis';
export * from './statedLimits';
export * from './descriptionLimits';
export * from './schemaCoverage';
export * from './deprecations';
export * from './referenceData';
