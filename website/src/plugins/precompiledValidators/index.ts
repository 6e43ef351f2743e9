/**
 * Request validators compiled at build time for the site's pages, whose Content-Security-Policy allows no
 * `new Function` (src/plugins/securityHeaders/policy.ts: no 'unsafe-eval'), so Ajv cannot compile in them. When
 * the content loads, writes the module `@generated/precompiled-validators` into the generated files
 * (./validatorModules.ts: one file per API and a loader), where Docusaurus's `@generated` name finds it. The try-it
 * console's in-page sandbox and timeline (src/components/TryIt/sandbox.ts) and the HAR check
 * (src/components/HarCheck/check.ts) import it, in their own chunks. Lifecycle only.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {bundlePath, listedSlugs, loadBundles} from '@portal/specs/node';
import {FOLDER, validatorModules} from './validatorModules';

export default function precompiledValidatorsPlugin(context: LoadContext): Plugin {
  const folder = path.join(context.generatedFilesDir, FOLDER);
  return {
    name: 'precompiled-validators',

    getPathsToWatch() {
      return listedSlugs().map((slug) => bundlePath(slug));
    },

    async loadContent() {
      const started = performance.now();
      const files = validatorModules(loadBundles());
      await fs.rm(folder, {recursive: true, force: true});
      await fs.mkdir(folder, {recursive: true});
      for (const file of files) await fs.writeFile(path.join(folder, file.name), file.contents);
      const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.contents), 0);
      console.log(
        `[precompiled-validators] ${files.length - 1} APIs, ${Math.round(bytes / 1024)} KB of validators, in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
