/**
 * Build-time check (Node) that every API of `config/apis.ts` has what the site needs: its
 * specification (`specs/<slug>/openapi.yaml`, listed in `specs/redocly.yaml`), its bundle, and its guide
 * folder `docs/<guideFolder>/`. A listed API without them fails the build with a message naming what is
 * missing and how to add it, instead of silently disappearing from the site and from the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import {bundlePath, listedSlugs, sourcePath} from '@portal/specs/node';
import {apis as listedApis, type Api} from './apis';

const docsDir = path.resolve(__dirname, '..', 'docs');

/** The problems of a list of APIs, one sentence each (empty when every API is complete). */
export function apiContentProblems(apis: readonly Api[] = listedApis, specSlugs: string[] = listedSlugs()): string[] {
  const problems: string[] = [];
  const slugs = new Set(apis.map((api) => api.slug));
  for (const api of apis) {
    if (!specSlugs.includes(api.slug)) {
      problems.push(
        `${api.slug}: not listed in specs/redocly.yaml (add \`${api.slug}: {root: ${api.slug}/openapi.yaml}\`)`,
      );
    }
    if (!fs.existsSync(sourcePath(api.slug))) {
      problems.push(`${api.slug}: no specification ${path.relative(process.cwd(), sourcePath(api.slug))}`);
    } else if (!fs.existsSync(bundlePath(api.slug))) {
      problems.push(`${api.slug}: the specification is not bundled: run \`npm run specs:bundle\``);
    }
    if (!fs.existsSync(path.join(docsDir, api.guideFolder))) {
      problems.push(`${api.slug}: no guide folder website/docs/${api.guideFolder}/ (write at least its overview.mdx)`);
    }
  }
  for (const slug of specSlugs) {
    if (!slugs.has(slug)) problems.push(`${slug}: in specs/redocly.yaml but not in content/src/apis.ts`);
  }
  return problems;
}

/** Throws with every problem of `apiContentProblems`, so the build stops with a clear message. */
export function assertApiContent(): void {
  const problems = apiContentProblems();
  if (problems.length > 0) {
    throw new Error(`The list of APIs (content/src/apis.ts) and its content disagree:\n- ${problems.join('\n- ')}`);
  }
}
