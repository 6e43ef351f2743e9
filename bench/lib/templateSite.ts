/**
 * The stock template's site of `bench:site` (bench/site.ts): the site `create-docusaurus` writes for its
 * `classic` template (JavaScript), from the `create-docusaurus` of node_modules (the same Docusaurus
 * version as ours), its shared files and then the template's own, as the command lays them. Its home page
 * (the hero and the three features) is the floor the issue measures every page type of ours against: the
 * stock runtime with a page that needs no JavaScript of its own. One change to the template's config: the
 * same bundler as ours and the stock content site (`future: {v4: true, faster: true}`, ./stockSite.ts), so
 * the comparison is about the pages, not the bundlers. Its broken links fail its build, as the template's do.
 */
import {cpSync, existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {runMeasured} from './peakMemory';

export interface TemplateSite {
  dir: string;
  version: string;
  seconds?: number;
  peakMemoryMiB?: number;
}

/** The template's future flags, as create-docusaurus writes them. */
const templateFlags = /future:\s*\{\s*v4: true,[^\n]*\n\s*\}/;

/**
 * Writes the classic template into `outSite` and builds it into `outSite/build`, timed, with its peak
 * memory. `reuse`: keep an earlier build.
 */
export async function buildTemplateSite(
  root: string,
  outSite: string,
  options: {reuse: boolean},
): Promise<TemplateSite> {
  const templates = path.join(root, 'node_modules', 'create-docusaurus', 'templates');
  const {version} = JSON.parse(
    readFileSync(path.join(root, 'node_modules', 'create-docusaurus', 'package.json'), 'utf8'),
  ) as {version: string};
  const dir = path.join(outSite, 'build');
  if (options.reuse && existsSync(path.join(dir, 'index.html'))) return {dir, version};

  rmSync(outSite, {recursive: true, force: true});
  cpSync(path.join(templates, 'shared'), outSite, {recursive: true});
  cpSync(path.join(templates, 'classic'), outSite, {recursive: true});
  const configFile = path.join(outSite, 'docusaurus.config.js');
  const source = readFileSync(configFile, 'utf8');
  if (!templateFlags.test(source)) {
    throw new Error(
      `${configFile}: the template's \`future: {v4: true}\` is not where bench/lib/templateSite.ts expects it`,
    );
  }
  writeFileSync(configFile, source.replace(templateFlags, 'future: {v4: true, faster: true}'));
  const docusaurus = path.join(root, 'node_modules', '.bin', 'docusaurus');
  const run = await runMeasured(docusaurus, ['build', outSite, '--out-dir', dir]);
  return {dir, version, seconds: run.seconds, peakMemoryMiB: run.peakRssMiB};
}
