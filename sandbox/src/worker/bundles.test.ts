/** The bundles built into the Worker (./bundles.ts) are those of every listed API, in redocly.yaml's order. */
import {listedSlugs} from '@portal/specs/node';
import {describe, expect, it} from 'vitest';
import {workerBundles} from './bundles';

describe('the Worker', () => {
  it("builds in the bundles of every listed API, in redocly.yaml's order", () => {
    expect(listedSlugs().length).toBe(13);
    expect([...workerBundles().keys()]).toEqual(listedSlugs());
  });
});
