/**
 * The module the site's pages validate requests with (validatorModules.ts), bundled as the site bundles it and
 * run: `loadPrecompiledValidators` gives the validators of exactly the APIs asked for (every request schema of
 * each, by `<slug><pointer>`), each answering as the one `SpecValidator` compiles, and refuses an API it has none
 * for with a sentence naming it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {build} from 'esbuild';
import {issuesOf, SpecValidator, type OpenApiDocument, type PrecompiledValidators} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {requestSchemaRefsOf} from '@portal/specs/standalone';
import {describe, expect, it} from 'vitest';
import {INDEX_FILE, validatorModules} from './validatorModules';

const all = loadBundles();
const some = new Map(['geo', 'culture', 'carriers', 'flights-live-pricing'].map((slug) => [slug, all.get(slug)!]));
const only = (...slugs: string[]) => new Map(slugs.map((slug) => [slug, all.get(slug)!]));

type Loader = (slugs: readonly string[]) => Promise<PrecompiledValidators>;

/** The files written into a folder, bundled from its index (resolving its requires from here) and run. */
async function loadModule(bundles: Map<string, OpenApiDocument>): Promise<Loader> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'precompiled-'));
  for (const file of validatorModules(bundles)) fs.writeFileSync(path.join(folder, file.name), file.contents);
  const bundled = await build({
    entryPoints: [path.join(folder, INDEX_FILE)],
    nodePaths: [path.join(__dirname, '..', '..', '..', '..', 'node_modules')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  });
  const module = {exports: {} as {loadPrecompiledValidators: Loader}};
  new Function('module', 'exports', 'require', bundled.outputFiles[0].text)(module, module.exports, require);
  return module.exports.loadPrecompiledValidators;
}

describe('the module of precompiled validators', () => {
  it('has a file for every API and its loader', () => {
    expect(
      validatorModules(all)
        .map((file) => file.name)
        .sort(),
    ).toEqual([INDEX_FILE, ...[...all.keys()].map((slug) => `${slug}.js`)].sort());
  });

  it('loads the validators of the APIs asked for, each answering as the compiled one', async () => {
    const load = await loadModule(some);
    for (const slugs of [['flights-live-pricing'], ['geo', 'culture'], ['carriers'], []]) {
      const loaded = await load(slugs);
      expect([...loaded.keys()].sort(), slugs.join()).toEqual(requestSchemaRefsOf(only(...slugs)).sort());
    }

    const loaded = await load(['flights-live-pricing', 'geo']);
    expect(loaded.size).toBeGreaterThan(0);
    const validator = new SpecValidator(all);
    for (const [ref, validate] of loaded) {
      const compiled = validator.validatorAt(ref.slice(0, ref.indexOf('#')), ref.slice(ref.indexOf('#')));
      for (const value of [null, {}, 'en-GB', {query: {market: 'UK', locale: 'en-GB', currency: 'GBP'}}]) {
        expect([validate(value), issuesOf(validate.errors)], `${ref} ${JSON.stringify(value)}`).toEqual([
          compiled(value),
          issuesOf(compiled.errors),
        ]);
      }
    }
  });

  it('refuses an API it has no validators for, naming it and those it has', async () => {
    const load = await loadModule(only('geo', 'culture'));
    await expect(load(['geo', 'hotels-live'])).rejects.toThrow(
      'No precompiled validators for hotels-live: the site was built with those of geo, culture',
    );
  });

  it('refuses a slug that is not a file name', () => {
    expect(() => validatorModules(new Map([['../geo', all.get('geo')!]]))).toThrow(
      'precompiledValidators: the slug "../geo" is not a file name',
    );
  });
});
