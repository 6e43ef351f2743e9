/**
 * The lint of `redocly.yaml` (Node only) on a document held in memory: what `npm run specs:lint` reports
 * for an authored file, for a copy a test changes (test/lint.test.ts, website/test/apiChanges.test.ts).
 * Each problem is `<rule>: <message> (at <JSON pointer>)`; errors and warnings alike, since the
 * conventions allow neither.
 */
import path from 'node:path';
import {BaseResolver, lintDocument, loadConfig, makeDocumentFromString, type Config} from '@redocly/openapi-core';
import {stringify} from 'yaml';
import {specsDir} from './bundles';
import type {OpenApiDocument} from './openapi';

let config: Promise<Config> | undefined;

/** The configuration of `redocly.yaml`, its rules and plugins, loaded once. */
export const lintConfig = (): Promise<Config> =>
  (config ??= loadConfig({configPath: path.join(specsDir, 'redocly.yaml')}));

/**
 * The lint problems of a document (a bundle or a copy of one, or YAML text), as lines. `name` is where
 * the document is said to live: relative `$ref`s resolve from there (`hotels-live/openapi.yaml`).
 */
export async function lintProblems(
  document: OpenApiDocument | string,
  name = 'memory/openapi.yaml',
): Promise<string[]> {
  const loaded = await lintConfig();
  const text = typeof document === 'string' ? document : stringify(document);
  const problems = await lintDocument({
    document: makeDocumentFromString(text, path.join(specsDir, name)),
    config: loaded,
    externalRefResolver: new BaseResolver(loaded.resolve),
  });
  return problems.map(
    (problem) =>
      `${problem.ruleId}: ${problem.message}${problem.location[0]?.pointer ? ` (at ${problem.location[0].pointer})` : ''}`,
  );
}
