import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {authoredSlugs, bundlePath, listedSlugs, loadBundle, sourcePath, specsDir} from './bundles';

describe('bundles', () => {
  it('names the source and the bundle of an API, each in one place', () => {
    expect(sourcePath('geo')).toBe(`${specsDir}/geo/openapi.yaml`);
    expect(bundlePath('geo')).toBe(`${specsDir}/dist/openapi/geo.json`);
  });

  it('lists the APIs of redocly.yaml, each with its spec folder', () => {
    expect(listedSlugs().length).toBeGreaterThan(0);
    expect([...listedSlugs()].sort()).toEqual(authoredSlugs());
    for (const slug of listedSlugs()) expect(fs.existsSync(sourcePath(slug)), slug).toBe(true);
  });

  it('says which command to run when a bundle is missing', () => {
    expect(() => loadBundle('no-such-api')).toThrow('run `npm run specs:bundle`');
  });
});
