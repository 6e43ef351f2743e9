/**
 * `npm run specs:bundle`: bundles every API listed in `redocly.yaml` (its `$ref`s to `common/`,
 * `hotels-common/` and `examples/` inlined as components) to `bundlePath(slug)`, with Redocly's own
 * bundler and the lint configuration of `redocly.yaml` (its decorators apply). Fails on any problem.
 *
 * Each operation gets `x-codeSamples` (Redoc shows them beside it) written from its first request
 * example (lib/codeSamples.ts). Beside each `<slug>.json` it writes the same document as
 * `<slug>.yaml`, its TypeScript types `<slug>.d.ts` (lib/types.ts) and its Postman collection
 * `<slug>.postman.json` (lib/postman.ts), plus the sandbox's `sandbox.postman_environment.json`:
 * the site serves them all under `/openapi/` (website/docs/getting-started/downloads.mdx).
 */
import fs from 'node:fs';
import path from 'node:path';
import {bundle, loadConfig} from '@redocly/openapi-core';
import {stringify} from 'yaml';
import {artefactPath, bundleDir, bundlePath, listedSlugs, sourcePath, specsDir} from './bundles';
import {codeSamples, exampleRequest, typedClientSample} from './codeSamples';
import {operations, type OpenApiDocument} from './openapi';
import {postmanCollection, sandboxEnvironment} from './postman';
import {typesOf} from './types';

/** Adds `x-codeSamples` to every operation: the nine languages of `codeSamples`, then TypeScript. */
export function addCodeSamples(doc: OpenApiDocument, slug: string): void {
  for (const operation of operations(slug, doc)) {
    const samples = [...codeSamples(exampleRequest(doc, operation)), typedClientSample(doc, operation)];
    const target = doc.paths[operation.path][operation.method.toLowerCase() as 'get'];
    target!['x-codeSamples'] = samples.map(({lang, label, source}) => ({lang, label, source}));
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = await loadConfig({configPath: path.join(specsDir, 'redocly.yaml')});
  fs.mkdirSync(bundleDir, {recursive: true});
  const slugs = listedSlugs();
  for (const slug of slugs) {
    const result = await bundle({ref: sourcePath(slug), config, dereference: false});
    const problems = result.problems.filter((problem) => problem.severity === 'error');
    if (problems.length > 0) {
      throw new Error(`${slug}: ${problems.map((problem) => problem.message).join('; ')}`);
    }
    const doc = result.bundle.parsed as OpenApiDocument;
    addCodeSamples(doc, slug);
    fs.writeFileSync(bundlePath(slug), `${JSON.stringify(doc, null, 2)}\n`);
    fs.writeFileSync(artefactPath(slug, 'yaml'), stringify(doc, {lineWidth: 0}));
    fs.writeFileSync(artefactPath(slug, 'd.ts'), await typesOf(slug, doc));
    fs.writeFileSync(
      artefactPath(slug, 'postman.json'),
      `${JSON.stringify(await postmanCollection(slug, doc), null, 2)}\n`,
    );
  }
  fs.writeFileSync(
    path.join(bundleDir, 'sandbox.postman_environment.json'),
    `${JSON.stringify(sandboxEnvironment(), null, 2)}\n`,
  );
  const took = Math.round(performance.now() - started);
  console.log(
    `Bundled ${slugs.length} specifications to ${path.relative(process.cwd(), bundleDir)} (JSON, YAML, types, Postman) in ${took} ms.`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
