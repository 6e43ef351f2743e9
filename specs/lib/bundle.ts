/**
 * `npm run specs:bundle`: bundles every API listed in `redocly.yaml` (its `$ref`s to `common/`,
 * `hotels-common/` and `examples/` inlined as components) to `bundlePath(slug)`, with Redocly's own
 * bundler and the lint configuration of `redocly.yaml` (its decorators apply). Fails on any problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import {bundle, loadConfig} from '@redocly/openapi-core';
import {bundleDir, bundlePath, listedSlugs, sourcePath, specsDir} from './bundles';

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
    fs.writeFileSync(bundlePath(slug), `${JSON.stringify(result.bundle.parsed, null, 2)}\n`);
  }
  const took = Math.round(performance.now() - started);
  console.log(`Bundled ${slugs.length} specifications to ${path.relative(process.cwd(), bundleDir)} in ${took} ms.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
