/**
 * What a build of the partner's command is: the digest of every specification bundle it carries (the same
 * bundles the portal publishes at /openapi/<slug>.json, so a partner can tell whether the file matches the
 * site), and, for the one file, when and from which commit it was built (`portal:build`, ../oneFile/build.ts).
 * `node sandbox.mjs --version` prints it (./command.ts).
 */
import {createHash} from 'node:crypto';
import type {OpenApiDocument} from '@portal/specs';

export interface BuildInfo {
  /** ISO time of the build. */
  builtAt: string;
  /** The repository's commit the build was made from, when it was known. */
  commit?: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Each bundle's SHA-256 (of its JSON as carried), by slug in the bundles' order. */
export const bundleDigests = (bundles: Map<string, OpenApiDocument>): [slug: string, digest: string][] =>
  [...bundles].map(([slug, doc]) => [slug, sha256(JSON.stringify(doc))]);

/** One digest of the whole set: the SHA-256 of `<slug> <digest>` lines. */
export const specsDigest = (bundles: Map<string, OpenApiDocument>): string =>
  sha256(
    bundleDigests(bundles)
      .map(([slug, digest]) => `${slug} ${digest}\n`)
      .join(''),
  );

/** `--version`'s line (the build), or with `verbose` (`--version --verbose`) the specifications' digests after it. */
export function versionLines(
  name: string,
  bundles: Map<string, OpenApiDocument>,
  build?: BuildInfo,
  verbose = false,
): string[] {
  const made = build
    ? `${name} built ${build.builtAt}${build.commit ? ` from commit ${build.commit}` : ''}`
    : `${name} run from the repository (not a build)`;
  if (!verbose) return [made];
  return [
    made,
    `specifications sha256:${specsDigest(bundles)} (${bundles.size} APIs)`,
    ...bundleDigests(bundles).map(([slug, digest]) => `  ${slug} sha256:${digest}`),
  ];
}
